//! What every judge offers the tools (`gen`, `stress`, `grade`, `package`, `play`'s exports, the
//! tests): the [`Judge`] description each judge fills in.

use crate::board::Board;
use crate::io::output::Output;
use crate::io::runner::{Program, Solve};
use crate::judges::case::Case;
use crate::judges::generator::GenLimits;
use crate::judges::knobs::{Knobs, Size};
use crate::judges::limits::{CourseLimits, Limits, MaxCase};
use crate::judges::package_facts::PackageFacts;
use crate::judges::shapes::EdgeShape;
use crate::moves::Move;
use std::fmt;

/// One judge, as data: its program, what `gen`'s options do for it, its limits, its original
/// judge, and the functions that generate and parse its inputs. Each judge's folder fills in
/// one of these as its `DESCRIPTION`, and [`crate::judges::ALL`] lists them: adding a judge
/// means filling in one more.
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
#[derive(Clone, Copy)]
pub struct Judge {
    /// The judge's program: name, input format and `solve`.
    pub program: &'static Program,
    /// Where the problem comes from, in a few words, such as `THU Mine`.
    pub origin: &'static str,
    /// The largest side the judge accepts (and `gen --rows/--cols --limits wide` offers).
    pub max_side: usize,
    /// Its largest case, `gen --size max --limits wide`.
    pub max_case: MaxCase,
    /// The limits of the course's judge, from its statement: what `gen` and `stress` keep to
    /// under `--limits course`.
    pub course: &'static CourseLimits,
    /// What the course's own judge gives a solution and how it compares outputs.
    pub original: OriginalJudge,
    /// What `--ops N` counts for this judge (`operations`, `clicks`, ...); `None` when it
    /// takes no `--ops`.
    pub ops_are: Option<&'static str>,
    /// The operations `--mix A,B,C` weighs, such as `Flag,Sweep,DSweep`; `None` when it
    /// takes no `--mix`.
    pub mix_of: Option<&'static str>,
    /// Whether its input is a list of boards (`--boards N`).
    pub takes_boards: bool,
    /// Whether a random or a plausible player makes its moves (`--player P`).
    pub takes_player: bool,
    /// The crafted boards `--pattern P` offers; empty when it takes none.
    pub patterns: &'static [&'static str],
    /// The edge shapes `--shape NAME` offers, each with the narrowest limits it fits in:
    /// [`Limits::Course`] under both, [`Limits::Wide`] only under wide ones.
    pub shapes: &'static [(EdgeShape, Limits)],
    /// What the original judge forgives beyond the final newline, for each kind of spacing
    /// difference (see [`Judge::spacing_note`]).
    pub spacing_notes: SpacingNotes,
    /// How its output reads, for `stress --keep-going` to sort wrong answers into kinds.
    pub replies: Replies,
    /// How a game of `play` (its mine map and every move, in order) is written as this judge's
    /// input; `None` when the judge takes no such game.
    pub exporter: Option<Exporter>,
    /// The cases of `testdata/<name>/` that are samples of a problem statement: inside the
    /// course's limits, each `<sample>.in` with its `<sample>.ans`.
    pub samples: &'static [&'static str],
    /// Its statement and the wrong submissions of its problem package.
    pub package: PackageFacts,
    /// The judge's generator, given its largest case and its course's limits.
    pub(crate) generator: Generator,
    /// `input` (as the generator writes it) as a case that `stress` can shrink; `None` for a
    /// text of another shape.
    pub(crate) parser: fn(&[u8]) -> Option<Box<dyn Case>>,
}

/// How a judge's output reads: what makes two wrong answers the same kind of failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replies {
    /// A reply a line, such as `3 cell(s) detected` (`mine-ops`, `inexperienced-player`),
    /// each of one of these shapes (every run of digits written `#`): the kind is the first
    /// differing line's shape, and the other program's when it is no reply of ours.
    Lines(&'static [&'static str]),
    /// Rows of a board's cells (`jlu-panel`, `update-board`, `acm-server`): the kind is the
    /// first differing cell, wherever it is.
    Cells,
}

/// A judge's own generator: seed, size, its bounds and the knobs to the input's bytes.
pub(crate) type Generator = fn(u64, Size, GenLimits, &Knobs) -> Vec<u8>;

impl Judge {
    /// The binary's name, such as `mine-ops`.
    pub fn name(&self) -> &'static str {
        self.program.name
    }

    /// The judge's logic: input in, answer out.
    pub fn solve(&self) -> Solve {
        self.program.solve
    }

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
    pub fn check_course(&self, input: &[u8]) -> Result<(), String> {
        match self.parse_case(input) {
            Some(case) => case.check_course(),
            None => Err(self.unreadable(input, "not an input of {} as gen writes it")),
        }
    }

    /// Why `input` does not parse: the judge's own error, with its line, where the judge
    /// refuses it; else `otherwise` with `{}` the judge's name (an input the judge reads but
    /// that no test may hold, such as one beyond what `gen` writes).
    fn unreadable(&self, input: &[u8], otherwise: &str) -> String {
        match (self.solve())(input, &mut Output::in_memory()) {
            Err(err) => format!("line {}: {}", err.line, err.message),
            Ok(()) => otherwise.replace("{}", self.name()),
        }
    }

    /// Whether `input` is one a problem's tests may hold: written exactly as `gen` writes it
    /// (so a package's validator is as strict about spacing as the statement says) and inside
    /// the course's limits; else what is wrong with it.
    ///
    /// # Examples
    ///
    /// ```
    /// use minejudge::judges;
    ///
    /// let acm = judges::named("acm-server").unwrap();
    /// assert_eq!(acm.validate(b"2 2\nX.\n..\n0 1 0\n"), Ok(()));
    /// assert!(acm.validate(b"2 2\nX.\n..\n0 1  0\n").is_err());
    /// // What the judge itself refuses gets the judge's own reason and line.
    /// assert_eq!(
    ///     acm.validate(b"2 2\nX.\n..\n0 x 0\n"),
    ///     Err("line 4: expected y (column) (an integer), found \"x\"".into())
    /// );
    /// ```
    pub fn validate(&self, input: &[u8]) -> Result<(), String> {
        let case = self
            .parse_case(input)
            .ok_or_else(|| self.unreadable(input, "not an input of {}"))?;
        let canonical = case.render();
        if canonical != input {
            let at = canonical
                .iter()
                .zip(input)
                .position(|(a, b)| a != b)
                .unwrap_or(canonical.len().min(input.len()));
            let line = 1 + input[..at].iter().filter(|&&b| b == b'\n').count();
            return Err(format!(
                "line {line}: not written the way the statement says (spacing, line breaks, \
                 leading zeros or what follows the end)"
            ));
        }
        case.check_course()
    }

    /// One valid input: the same `seed`, `size` and `knobs` give the same bytes on every
    /// machine. The knobs must be ones this judge takes (see [`crate::judges::options`]).
    pub fn generate(&self, seed: u64, size: Size, knobs: &Knobs) -> Vec<u8> {
        let bounds = GenLimits {
            max: self.max_case,
            course: self.course,
        };
        match knobs.shape {
            Some(shape) => {
                let (size, knobs) = self.shaped(shape, size, knobs);
                (self.generator)(seed, size, bounds, &knobs)
            }
            None => (self.generator)(seed, size, bounds, knobs),
        }
    }

    /// `size` and `knobs` with what `shape` sets put in: the sides and density of the board
    /// shapes. The course's own rules then hold the mines in (at least one mine, at least one
    /// safe cell, at most so many), which makes `no-safe` under `acm-server`'s course one safe
    /// cell: such shapes are offered under wide limits only ([`Judge::shapes`]).
    fn shaped(&self, shape: EdgeShape, size: Size, knobs: &Knobs) -> (Size, Knobs) {
        let mut knobs = knobs.clone();
        let mut size = size;
        match shape {
            EdgeShape::NoSafe => knobs.density = Some(1.0),
            EdgeShape::NoMine => knobs.density = Some(0.0),
            EdgeShape::OneCell => (knobs.rows, knobs.cols) = (Some(1), Some(1)),
            EdgeShape::OneRow => knobs.rows = Some(1),
            EdgeShape::OneColumn => knobs.cols = Some(1),
            EdgeShape::AllFlagged | EdgeShape::AllMarked | EdgeShape::AfterEnd => {}
            EdgeShape::LargestFewest | EdgeShape::LargestMost => {
                let (rows, cols) = self.largest_board(knobs.limits);
                size = Size::Max;
                (knobs.rows, knobs.cols) = (Some(rows), Some(cols));
                knobs.density = Some(if shape == EdgeShape::LargestMost {
                    1.0
                } else {
                    0.0
                });
            }
        }
        (size, knobs)
    }

    /// The largest board under `limits`: the course's largest sides fitted into its cells, or
    /// the largest case under wide limits.
    pub fn largest_board(&self, limits: Limits) -> (usize, usize) {
        match limits {
            Limits::Course => {
                let high = self.course.sides.1;
                self.course.fit(high, high)
            }
            Limits::Wide => (self.max_case.side, self.max_case.side),
        }
    }

    /// The shapes `stress` may draw for an input of `size` under `knobs` by default: those the
    /// limits allow, none that sets a knob already given, and the largest only for `--size
    /// max` under the course's limits (a small stress stays fast, and `acm-server`'s largest
    /// under wide limits would print a gigabyte).
    pub fn drawable_shapes(&self, size: Size, knobs: &Knobs) -> Vec<EdgeShape> {
        let given = |flag: &str| match flag {
            "--rows" => knobs.rows.is_some(),
            "--cols" => knobs.cols.is_some(),
            "--density" => knobs.density.is_some() || knobs.pattern.is_some(),
            _ => false,
        };
        self.shapes_under(knobs.limits)
            .filter(|shape| !shape.sets().iter().any(|flag| given(flag)))
            .filter(|shape| {
                (knobs.limits == Limits::Course && size == Size::Max)
                    || !matches!(shape, EdgeShape::LargestFewest | EdgeShape::LargestMost)
            })
            .collect()
    }

    /// The edge shapes it offers under `limits`.
    pub fn shapes_under(&self, limits: Limits) -> impl Iterator<Item = EdgeShape> + '_ {
        let offered = move |narrowest: Limits| limits == Limits::Wide || narrowest == limits;
        self.shapes
            .iter()
            .filter(move |&&(_, narrowest)| offered(narrowest))
            .map(|&(shape, _)| shape)
    }

    /// `input` (as `generate` writes it) as a case that `stress` can shrink; `None` for a text
    /// of another shape.
    pub fn parse_case(&self, input: &[u8]) -> Option<Box<dyn Case>> {
        (self.parser)(input)
    }

    /// What the original judge forgives beyond the final newline, when two outputs differ only
    /// by `spacing`; `None` when nothing more is known to be forgiven there.
    pub fn spacing_note(&self, spacing: Spacing) -> Option<&'static str> {
        match spacing {
            Spacing::LineEnds => self.spacing_notes.line_ends,
            Spacing::Anywhere => self.spacing_notes.anywhere,
        }
    }
}

impl fmt::Debug for Judge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl PartialEq for Judge {
    fn eq(&self, other: &Judge) -> bool {
        self.name() == other.name()
    }
}

/// What the original judge says when two outputs differ only in spacing, one note per kind of
/// [`Spacing`]; `None` when nothing more than the final newline is known to be forgiven.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpacingNotes {
    /// Outputs that differ only in spaces and tabs at the ends of lines.
    pub line_ends: Option<&'static str>,
    /// Outputs that differ only in whitespace, inside lines too.
    pub anywhere: Option<&'static str>,
}

impl SpacingNotes {
    /// No note: nothing beyond the final newline is known to be forgiven.
    pub const NONE: SpacingNotes = SpacingNotes {
        line_ends: None,
        anywhere: None,
    };
}

/// The course's own judge, as its statement or its behaviour tells: what a solution gets and
/// which outputs it takes as right. A problem package keeps to the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OriginalJudge {
    /// The time limit per test, in milliseconds.
    pub time_limit_ms: u32,
    /// The memory limit, in MiB.
    pub memory_mib: u32,
    /// How it compares an output with the answer.
    pub comparison: Comparison,
}

/// How an original judge compares a solution's output with the answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Comparison {
    /// Byte for byte, except that a missing or extra final newline is forgiven.
    Exact,
    /// Line by line, spaces and tabs at the ends of lines forgiven (and the final newline).
    LineEnds,
    /// Token by token: only the words matter, not the whitespace between them.
    Tokens,
}

impl Comparison {
    /// Its name, as package checkers take it.
    pub fn name(self) -> &'static str {
        match self {
            Comparison::Exact => "exact",
            Comparison::LineEnds => "line-ends",
            Comparison::Tokens => "tokens",
        }
    }
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
