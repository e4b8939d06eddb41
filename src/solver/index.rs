//! The solver's tables index their cells, components, boxes, numbers and rows with `u32`.

/// The index that is none: no component, box, number, row or variable.
pub(super) const NONE: u32 = u32::MAX;
