//! What every judge offers the tools (`gen`, `stress`, `play`'s exports, the tests): the
//! [`Judge`] trait of the registry, and what its generator takes.

use crate::board::Board;
use crate::io::runner::{Program, Solve};
use crate::judges::case::Case;
use crate::judges::limits::{CourseLimits, Limits, MaxCase};
use crate::moves::Move;
use std::fmt;

/// One judge: its program, its generator, its shrinkable case and its export from `play`.
/// Everything that knows the judge's text sits in its folder; the tools go through this trait.
///
/// # Examples
///
/// ```
/// use minejudge::io::runner::solve_in_memory;
/// use minejudge::judges::{self, Knobs, Size};
///
/// let judge = judges::named("mine-ops").unwrap();
/// let input = judge.generate(7, Size::Small, &Knobs::default());
/// let (answer, result) = solve_in_memory(judge.solve(), &input);
/// assert!(result.is_ok());
/// assert!(answer.ends_with(b"\n"));
/// assert_eq!(judge.parse_case(&input).unwrap().render(), input);
/// ```
pub trait Judge: Sync {
    /// The judge's program: name, input format and `solve`.
    fn program(&self) -> &'static Program;

    /// Where the problem comes from, in a few words, such as `THU Mine`.
    fn origin(&self) -> &'static str;

    /// The binary's name, such as `mine-ops`.
    fn name(&self) -> &'static str {
        self.program().name
    }

    /// The judge's logic: input in, answer out.
    fn solve(&self) -> Solve {
        self.program().solve
    }

    /// The largest side the judge accepts (and `gen --rows/--cols --limits wide` offers).
    fn max_side(&self) -> usize;

    /// Its largest case, `gen --size max --limits wide`.
    fn max_case(&self) -> MaxCase;

    /// The limits of the course's judge, from its statement: what `gen` and `stress` keep to
    /// under `--limits course`.
    fn course(&self) -> &'static CourseLimits;

    /// Whether `input` is inside the course's limits (see [`Judge::course`]); else the first
    /// limit it breaks.
    ///
    /// # Examples
    ///
    /// ```
    /// use minejudge::judges;
    ///
    /// let acm = judges::named("acm-server").unwrap();
    /// assert_eq!(acm.check_course(b"2 2\nX.\n..\n0 1 0\n"), Ok(()));
    /// assert!(acm.check_course(b"1 1\nX\n").is_err());
    /// ```
    fn check_course(&self, input: &[u8]) -> Result<(), String> {
        match self.parse_case(input) {
            Some(case) => case.check_course(),
            None => Err(format!("not an input of {} as gen writes it", self.name())),
        }
    }

    /// What `--ops N` counts for this judge (`operations`, `clicks`, ...); `None` when it
    /// takes no `--ops`.
    fn ops_are(&self) -> Option<&'static str>;

    /// The operations `--mix A,B,C` weighs, such as `Flag,Sweep,DSweep`; `None` when it
    /// takes no `--mix`.
    fn mix_of(&self) -> Option<&'static str> {
        None
    }

    /// Whether its input is a list of boards (`--boards N`).
    fn takes_boards(&self) -> bool {
        false
    }

    /// Whether a random or a plausible player makes its moves (`--player P`).
    fn takes_player(&self) -> bool {
        false
    }

    /// The crafted boards `--pattern P` offers; empty when it takes none.
    fn patterns(&self) -> &'static [&'static str] {
        &[]
    }

    /// One valid input: the same `seed`, `size` and `knobs` give the same bytes on every
    /// machine. The knobs must be ones this judge takes (see [`crate::judges::options`]).
    fn generate(&self, seed: u64, size: Size, knobs: &Knobs) -> Vec<u8>;

    /// `input` (as `generate` writes it) as a case that `stress` can shrink; `None` for a text
    /// of another shape.
    fn parse_case(&self, input: &[u8]) -> Option<Box<dyn Case>>;

    /// What the original judge forgives beyond the final newline, when two outputs differ only
    /// by `spacing`; `None` when nothing more is known to be forgiven there.
    fn spacing_note(&self, spacing: Spacing) -> Option<&'static str> {
        let _ = spacing;
        None
    }

    /// How a game of `play` (its mine map and every move, in order) is written as this judge's
    /// input; `None` when the judge takes no such game.
    fn exporter(&self) -> Option<Exporter> {
        None
    }
}

impl fmt::Debug for dyn Judge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq for dyn Judge {
    fn eq(&self, other: &dyn Judge) -> bool {
        self.name() == other.name()
    }
}

/// How large the generator's defaults are. Under course limits each is drawn inside the
/// course's (see [`CourseLimits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// Sides 1 to 8, up to 20 operations, odd boards (all mines, no mine) among them.
    Small,
    /// Sides 10 to 60, hundreds of operations.
    Medium,
    /// The judge's largest case: see [`Judge::max_case`] (the course's: [`CourseLimits`]).
    Max,
}

/// What the defaults of a size may be replaced with; `None` keeps the size's default.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Knobs {
    /// The board's rows.
    pub rows: Option<usize>,
    /// The board's columns.
    pub cols: Option<usize>,
    /// The chance of each cell being a mine, in `0..=1`.
    pub density: Option<f64>,
    /// Operations, clicks or board-and-click pairs ([`Judge::ops_are`]).
    pub ops: Option<usize>,
    /// Boards ([`Judge::takes_boards`]).
    pub boards: Option<usize>,
    /// Weights of the three operations ([`Judge::mix_of`]).
    pub mix: Option<[u32; 3]>,
    /// A plausible player (mostly sensible moves) or plain random operations.
    pub plausible: Option<bool>,
    /// A crafted board instead of a random one, one of [`Judge::patterns`]: each board's
    /// sides are raised to the pattern's smallest.
    pub pattern: Option<&'static str>,
    /// Whether to stay inside the course's limits ([`Judge::course`]); wide unless set, so
    /// that knobs written before the limits existed still give the same input.
    pub limits: Limits,
}

/// How two outputs differ when only their spacing does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Spacing {
    /// Only in spaces and tabs at the ends of lines.
    LineEnds,
    /// Only in whitespace, somewhere inside lines too.
    Anywhere,
}

/// Writes a game of `play`, its mine map and every move in order, as a judge's input.
pub type Exporter = fn(&Board, &[Move]) -> ExportedInput;

/// A game of `play` written as a judge's input.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExportedInput {
    /// The judge's input.
    pub input: String,
    /// About how many bytes the judge prints for it, known before running it.
    pub output_estimate: usize,
    /// What the player should know: moves the judge cannot take, limits of the course's judge.
    pub notes: Vec<Note>,
}

/// A note on an export, said in any language by its key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Note {
    /// Which note: the page says it in its language by this name.
    pub key: &'static str,
    /// The number it tells of (0 when it tells none).
    pub count: usize,
    /// The note in English.
    pub text: String,
}

impl Note {
    /// The note `key`, of `count`, in English `text`.
    pub fn new(key: &'static str, count: usize, text: impl Into<String>) -> Note {
        Note {
            key,
            count,
            text: text.into(),
        }
    }
}
