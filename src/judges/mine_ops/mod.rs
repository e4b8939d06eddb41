//! THU "Mine" (`mine-ops`): the Flag/Sweep/DSweep/Quit protocol on a `*`/`.` map, 1-based
//! coordinates; the judge's replies after each operation and the game's end ([`solve`]).

mod case;
mod export;
pub mod generator;
mod limits;
pub mod solve;

use crate::board::Grid;
use crate::io::runner::Program;
use crate::judges::case::Case;
use crate::judges::generator::GenLimits;
use crate::judges::judge::{Exporter, Judge, Knobs, Size};
use crate::judges::limits::{CourseLimits, MaxCase};

/// `mine-ops` in the registry.
pub struct MineOps;

impl Judge for MineOps {
    fn program(&self) -> &'static Program {
        &solve::PROGRAM
    }

    fn origin(&self) -> &'static str {
        "THU Mine"
    }

    fn max_side(&self) -> usize {
        Grid::MAX_CELLS
    }

    fn max_case(&self) -> MaxCase {
        MaxCase {
            side: 1000,
            density: 0.1,
            ops: 60_000,
            text: "1000x1000, density 0.1, 60000 operations",
        }
    }

    fn course(&self) -> &'static CourseLimits {
        &limits::COURSE
    }

    fn ops_are(&self) -> Option<&'static str> {
        Some("operations")
    }

    fn mix_of(&self) -> Option<&'static str> {
        Some("Flag,Sweep,DSweep")
    }

    fn takes_player(&self) -> bool {
        true
    }

    fn generate(&self, seed: u64, size: Size, knobs: &Knobs) -> Vec<u8> {
        let bounds = GenLimits {
            max: self.max_case(),
            course: &limits::COURSE,
        };
        generator::generate(seed, size, bounds, knobs)
    }

    fn parse_case(&self, input: &[u8]) -> Option<Box<dyn Case>> {
        Some(Box::new(case::MineOpsCase::parse(input)?))
    }

    fn exporter(&self) -> Option<Exporter> {
        Some(export::export)
    }
}
