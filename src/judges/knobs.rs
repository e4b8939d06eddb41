//! What a judge's generator takes: a [`Size`], and [`Knobs`] that replace its defaults.

use crate::judges::limits::Limits;
use crate::judges::shapes::EdgeShape;

/// How large the generator's defaults are. Under course limits each is drawn inside the
/// course's (see [`crate::judges::CourseLimits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Size {
    /// Sides 1 to 8, up to 20 operations, odd boards (all mines, no mine) among them.
    Small,
    /// Sides 10 to 60, hundreds of operations.
    Medium,
    /// The judge's largest case: see [`crate::judges::Judge::max_case`] (the course's:
    /// [`crate::judges::CourseLimits`]).
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
    /// Operations, clicks or board-and-click pairs ([`crate::judges::Judge::ops_are`]).
    pub ops: Option<usize>,
    /// Boards ([`crate::judges::Judge::takes_boards`]).
    pub boards: Option<usize>,
    /// Weights of the three operations ([`crate::judges::Judge::mix_of`]).
    pub mix: Option<[u32; 3]>,
    /// A plausible player (mostly sensible moves) or plain random operations.
    pub plausible: Option<bool>,
    /// A crafted board instead of a random one, one of [`crate::judges::Judge::patterns`]:
    /// each board's sides are raised to the pattern's smallest.
    pub pattern: Option<&'static str>,
    /// An edge shape, one of [`crate::judges::Judge::shapes`]: it sets the knobs it names
    /// ([`EdgeShape::sets`]), and the judge's generator writes the rest of it.
    pub shape: Option<EdgeShape>,
    /// Whether to stay inside the course's limits ([`crate::judges::Judge::course`]); wide
    /// unless set, so that knobs written before the limits existed still give the same input.
    pub limits: Limits,
}
