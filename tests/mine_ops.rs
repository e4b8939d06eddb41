//! `mine-ops`: bad input.
