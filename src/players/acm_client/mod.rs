//! The ACM class 2024 advanced task (`acm-client`): the AI plays a game or a batch of the
//! course's maps through the server's rules ([`solve`]); the batch's maps are the course's own
//! ([`course_maps`], drawn with C++'s `std::mt19937_64`, [`mt19937`]); an adaptive adversary
//! tests it ([`adversary`]).

pub mod adversary;
pub mod course_maps;
pub mod mt19937;
pub mod solve;
