//! `grade`: marking a whole class's submissions as the courses do.

pub mod similarity;
