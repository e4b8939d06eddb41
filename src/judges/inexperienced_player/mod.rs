//! ACM ICPC Mid-Central 2003, "The Inexperienced Player" (`inexperienced-player`): the fewest
//! safe cells left closed by a player who opens one cell of their choice and then only applies
//! the two trivial rules. Crafted boards for the hard cases of its search are in [`patterns`].

mod case;
pub mod generator;
pub mod patterns;

use crate::io::runner::Program;
use crate::judges::case::Case;
use crate::judges::judge::{Judge, Knobs, MaxCase, Size};

/// `inexperienced-player` in the registry.
pub struct InexperiencedPlayer;

impl Judge for InexperiencedPlayer {
    fn program(&self) -> &'static Program {
        &crate::games::mcpc_inexperienced::PROGRAM
    }

    fn origin(&self) -> &'static str {
        "MCPC 2003"
    }

    fn max_side(&self) -> usize {
        crate::limits::INEXPERIENCED_MAX_SIDE
    }

    fn max_case(&self) -> MaxCase {
        // The benchmark's board.
        MaxCase {
            side: 1000,
            density: 0.15,
            ops: 1,
            text: "one 1000x1000 board, density 0.15",
        }
    }

    fn ops_are(&self) -> Option<&'static str> {
        None
    }

    fn takes_boards(&self) -> bool {
        true
    }

    fn patterns(&self) -> &'static [&'static str] {
        &patterns::NAMES
    }

    fn generate(&self, seed: u64, size: Size, knobs: &Knobs) -> Vec<u8> {
        generator::generate(seed, size, self.max_case(), knobs)
    }

    fn parse_case(&self, input: &[u8]) -> Option<Box<dyn Case>> {
        Some(Box::new(case::InexperiencedPlayerCase::parse(input)?))
    }
}
