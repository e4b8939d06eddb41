//! The size limits of every binary, in one place, each with its reason. Sizes are checked
//! while parsing, before anything is allocated for them.

/// The largest side of an ACM-class map (`acm-server`, `acm-client`): the course allows 30;
/// 1000 keeps a 1 MB map per printed operation.
pub const ACM_MAX_SIDE: usize = 1000;

/// The largest side of an `inexperienced-player` board: the judge's boards have at most 40
/// cells; 1000x1000 is the benchmark's and `gen --size max`'s board.
pub const INEXPERIENCED_MAX_SIDE: usize = 1000;

/// The most cells of a `jlu-panel` board (and of any board `gen` writes): 10x the 1000x1000
/// boards that judge must handle fast. A cell costs 4 bytes of state and up to 3 bytes per
/// printed panel, so a run stays under ~70 MB before its output, whatever a 20-byte header
/// asks for (its mines are listed, not drawn, so the header alone sizes the board).
pub const JLU_PANEL_MAX_CELLS: usize = 10_000_000;

/// The most cells of an `autoplay` board, so that a typo does not eat the memory.
pub const AUTOPLAY_MAX_CELLS: usize = 1 << 20;

/// The largest side of a custom board in `play`.
pub const PLAY_MAX_SIDE: usize = 100;

/// The largest bundle an online judge takes: Codeforces' 64 KiB of source.
pub const SOURCE_LIMIT: usize = 64 * 1024;
