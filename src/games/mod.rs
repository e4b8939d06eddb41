//! The five judges' games, one module each (its rules, its `solve`, its input format), and the
//! registry of the judges that tests, fuzzing, `gen`, `stress` and the benchmarks go through.

pub mod acm;
pub mod jlu;
pub mod leetcode;
pub mod mcpc_inexperienced;
pub mod thu_mine;

use crate::board::Grid;
use crate::inputs::{Knobs, Size};
use crate::io::runner::{Program, Solve};
use crate::limits::{ACM_MAX_SIDE, INEXPERIENCED_MAX_SIDE, JLU_PANEL_MAX_CELLS};

/// The five judges, each listed once.
///
/// # Examples
///
/// ```
/// use minejudge::games::Judge;
/// use minejudge::inputs::{Knobs, Size};
/// use minejudge::io::runner::solve_in_memory;
///
/// let judge = Judge::from_name("mine-ops").unwrap();
/// let input = judge.generate(7, Size::Small, &Knobs::default());
/// let (answer, result) = solve_in_memory(judge.solve(), &input);
/// assert!(result.is_ok());
/// assert!(answer.ends_with(b"\n"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Judge {
    /// `mine-ops`: THU "Mine" ([`thu_mine`]).
    MineOps,
    /// `jlu-panel`: the JLU course's panel ([`jlu`]).
    JluPanel,
    /// `update-board`: LeetCode 529 ([`leetcode`]).
    UpdateBoard,
    /// `acm-server`: the ACM class 2024 server ([`acm`]).
    AcmServer,
    /// `inexperienced-player`: ACM Mid-Central 2003 ([`mcpc_inexperienced`]).
    InexperiencedPlayer,
}

impl Judge {
    /// Every judge, in the order the README lists them.
    pub const ALL: [Judge; 5] = [
        Judge::MineOps,
        Judge::JluPanel,
        Judge::UpdateBoard,
        Judge::AcmServer,
        Judge::InexperiencedPlayer,
    ];

    /// The judge's program: name, input format and `solve`.
    pub fn program(self) -> &'static Program {
        match self {
            Judge::MineOps => &thu_mine::PROGRAM,
            Judge::JluPanel => &jlu::PROGRAM,
            Judge::UpdateBoard => &leetcode::PROGRAM,
            Judge::AcmServer => &acm::PROGRAM,
            Judge::InexperiencedPlayer => &mcpc_inexperienced::PROGRAM,
        }
    }

    /// The binary's name, such as `mine-ops`.
    pub fn name(self) -> &'static str {
        self.program().name
    }

    /// The judge's logic: input in, answer out.
    pub fn solve(self) -> Solve {
        self.program().solve
    }

    /// The judge whose binary is called `name`.
    pub fn from_name(name: &str) -> Option<Judge> {
        Judge::ALL.into_iter().find(|judge| judge.name() == name)
    }

    /// The judge whose binary is called `name`, or an error that lists the judges (for a
    /// command line).
    pub fn named(name: &str) -> Result<Judge, String> {
        Judge::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Judge::ALL.iter().map(|judge| judge.name()).collect();
            format!(
                "no judge named {name:?}; the judges are: {}",
                names.join(", ")
            )
        })
    }

    /// The largest side the judge accepts.
    pub fn max_side(self) -> usize {
        match self {
            Judge::AcmServer => ACM_MAX_SIDE,
            Judge::InexperiencedPlayer => INEXPERIENCED_MAX_SIDE,
            Judge::JluPanel => JLU_PANEL_MAX_CELLS,
            Judge::MineOps | Judge::UpdateBoard => Grid::MAX_CELLS,
        }
    }

    /// One valid input for this judge: the same `seed`, `size` and `knobs` give the same bytes
    /// on every machine (see [`crate::inputs`]).
    pub fn generate(self, seed: u64, size: Size, knobs: &Knobs) -> Vec<u8> {
        crate::inputs::generate(self, seed, size, knobs)
    }
}
