//! The ACM class 2024 basic task (`acm-server`): the server's rules ([`rules`]) and the judge
//! that prints the `?`/`@`/`X` map after every operation ([`solve`]).

mod case;
mod export;
pub mod generator;
pub(crate) mod limits;
pub mod rules;
pub mod solve;

use crate::io::runner::Program;
use crate::judges::case::Case;
use crate::judges::generator::GenLimits;
use crate::judges::judge::{Exporter, Judge, Knobs, Size};
use crate::judges::limits::{CourseLimits, MaxCase};

/// `acm-server` in the registry.
pub struct AcmServer;

impl Judge for AcmServer {
    fn program(&self) -> &'static Program {
        &solve::PROGRAM
    }

    fn origin(&self) -> &'static str {
        "ACM class"
    }

    fn max_side(&self) -> usize {
        solve::MAX_SIDE
    }

    fn max_case(&self) -> MaxCase {
        // The course's operation bound on the largest map the binary accepts.
        MaxCase {
            side: 1000,
            density: 0.15,
            ops: 1000,
            text: "1000x1000, density 0.15, 1000 operations (1 MB map each)",
        }
    }

    fn course(&self) -> &'static CourseLimits {
        &limits::COURSE
    }

    fn ops_are(&self) -> Option<&'static str> {
        Some("operations")
    }

    fn mix_of(&self) -> Option<&'static str> {
        Some("visit,mark,auto-explore")
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
        Some(Box::new(case::AcmServerCase::parse(input)?))
    }

    fn exporter(&self) -> Option<Exporter> {
        Some(export::export)
    }
}
