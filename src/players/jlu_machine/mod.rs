//! The JLU course "扫雷", part (2) (`jlu-machine`): the course's `machine` function, one panel
//! in and one click out ([`solve`]), the course's board and score ([`course`]), and hostile
//! panels for tests and benchmarks ([`hostile`]).

pub mod course;
pub mod hostile;
pub mod solve;
