//! The AI's course programs: the solver plays the JLU course's `machine` ([`jlu_machine`]) and
//! the ACM course's client ([`acm_client`]) from what each course shows its player.

pub mod acm_client;
pub mod jlu_machine;
