//! A judge whose games stay within a course's limits, for the students' files compiled into our
//! drivers: their arrays are sized by the statement (`GamePanel[30][30]`), and a game beyond
//! what the statement allows tests nothing they were asked for. Generated games are brought
//! within the limits (or another seed's game is drawn), and shrinking never leaves them.

use crate::io::runner::Program;
use crate::judges::case::{Case, Edit};
use crate::judges::judge::{Exporter, Judge, Knobs, MaxCase, Size, Spacing};

/// Draws tried before a seed gives up (its input is then empty, which our judge refuses and
/// the stress test skips).
const DRAWS: u64 = 64;

/// `judge`, its games within a course's limits.
pub struct CourseLimited {
    /// The judge.
    pub judge: &'static dyn Judge,
    /// The largest side the course allows.
    pub max_side: usize,
    /// A generated game brought within the limits, or `None` when it cannot be.
    pub fit: fn(Vec<u8>) -> Option<Vec<u8>>,
    /// Whether a game is within the limits.
    pub within: fn(&[u8]) -> bool,
}

impl Judge for CourseLimited {
    fn program(&self) -> &'static Program {
        self.judge.program()
    }
    fn origin(&self) -> &'static str {
        self.judge.origin()
    }
    fn max_side(&self) -> usize {
        self.max_side
    }
    fn max_case(&self) -> MaxCase {
        self.judge.max_case()
    }
    fn ops_are(&self) -> Option<&'static str> {
        self.judge.ops_are()
    }
    fn mix_of(&self) -> Option<&'static str> {
        self.judge.mix_of()
    }
    fn takes_player(&self) -> bool {
        self.judge.takes_player()
    }
    fn patterns(&self) -> &'static [&'static str] {
        self.judge.patterns()
    }
    /// Seed `seed`'s game if it fits; else the first that fits of a few draws derived from it.
    fn generate(&self, seed: u64, size: Size, knobs: &Knobs) -> Vec<u8> {
        (0..DRAWS)
            .find_map(|draw| (self.fit)(self.judge.generate(seed ^ (draw << 40), size, knobs)))
            .unwrap_or_default()
    }
    fn parse_case(&self, input: &[u8]) -> Option<Box<dyn Case>> {
        Some(Box::new(LimitedCase {
            case: self.judge.parse_case(input)?,
            within: self.within,
        }))
    }
    fn spacing_note(&self, spacing: Spacing) -> Option<&'static str> {
        self.judge.spacing_note(spacing)
    }
    fn exporter(&self) -> Option<Exporter> {
        self.judge.exporter()
    }
}

/// A case whose shrinking keeps within the limits.
#[derive(Debug)]
struct LimitedCase {
    case: Box<dyn Case>,
    within: fn(&[u8]) -> bool,
}

impl Case for LimitedCase {
    fn render(&self) -> Vec<u8> {
        self.case.render()
    }
    fn edits(&self) -> Vec<Edit> {
        self.case.edits()
    }
    fn apply(&self, edit: Edit) -> Option<Box<dyn Case>> {
        let case = self.case.apply(edit)?;
        (self.within)(&case.render()).then(|| {
            Box::new(LimitedCase {
                case,
                within: self.within,
            }) as Box<dyn Case>
        })
    }
}
