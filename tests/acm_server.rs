//! `acm-server`: a brute-force oracle on random games, and bad input.
