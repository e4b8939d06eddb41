//! The JLU course "扫雷", part (2) (`jlu-machine`): the course's `machine` function, one panel
//! in and one click out ([`solve`]), and the course's score of a game ([`score`]).

pub mod score;
pub mod solve;
