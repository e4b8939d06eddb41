//! `stress`: tests anyone's solution against our judges. For a judge, seeded `gen` inputs go
//! through the program under test and our `solve` until the first difference, crash, timeout or
//! memory overrun, and the failing input is shrunk to a few lines ([`search`], [`shrink`],
//! through each judge's shrinkable case), or every input runs and the failures are counted by
//! kind, the smallest of each kind shrunk ([`keep_going`], [`kind`]); for the two AI tasks,
//! the program plays the course's games beside our player and both get the course's score
//! ([`jlu_machine`], [`acm_client`]).

pub mod acm_client;
pub mod acm_client_header;
pub mod acm_server_header;
pub mod driven;
pub mod jlu_function;
pub mod jlu_machine;
pub mod jlu_panel_function;
pub mod keep_going;
pub mod kind;
pub mod report;
pub mod search;
pub mod shrink;
