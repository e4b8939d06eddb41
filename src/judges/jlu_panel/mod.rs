//! The JLU course "扫雷", part (1) (`jlu-panel`): the statement's `RefreshGamePanel` as a
//! library call ([`panel`]) and the console judge that prints the panel after each click
//! ([`solve`]).

mod case;
mod export;
pub mod generator;
pub(crate) mod limits;
pub mod panel;
pub mod solve;

use crate::io::runner::Program;
use crate::judges::case::Case;
use crate::judges::generator::GenLimits;
use crate::judges::judge::{Exporter, Judge, Knobs, Size, Spacing};
use crate::judges::limits::{CourseLimits, MaxCase};

/// `jlu-panel` in the registry.
pub struct JluPanel;

impl Judge for JluPanel {
    fn program(&self) -> &'static Program {
        &solve::PROGRAM
    }

    fn origin(&self) -> &'static str {
        "JLU course"
    }

    fn max_side(&self) -> usize {
        solve::MAX_CELLS
    }

    fn max_case(&self) -> MaxCase {
        // The statement's click bound on the largest board the binary must handle fast.
        MaxCase {
            side: 1000,
            density: 0.15,
            ops: 200,
            text: "1000x1000, density 0.15, 200 clicks (output up to ~450 MB)",
        }
    }

    fn course(&self) -> &'static CourseLimits {
        &limits::COURSE
    }

    fn ops_are(&self) -> Option<&'static str> {
        Some("clicks")
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
        Some(Box::new(case::JluPanelCase::parse(input)?))
    }

    fn spacing_note(&self, spacing: Spacing) -> Option<&'static str> {
        (spacing == Spacing::LineEnds).then_some(
            "the course's panels end every line with a space after the last number, and so \
             do ours; a judge that ignores spaces at line ends accepts lines without it, a \
             strict one does not",
        )
    }

    fn exporter(&self) -> Option<Exporter> {
        Some(export::export)
    }
}
