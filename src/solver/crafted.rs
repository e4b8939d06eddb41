//! Hostile inputs for the solver.
