//! Every JSON answer of `play`'s API, written here and nowhere else: the game's state, the
//! mine map, the advice, the analysis, an export and a pasted position. Each function writes
//! an object's fields without its braces, so that answers can join them; the page reads them.

use crate::board::{CellState, Grid};
use crate::moves::Move;
use crate::play::advice::{Advice, Analysis, Ranked};
use crate::play::export::Export;
use crate::play::game::{BrowserGame, GameStatus};
use crate::solver::{Inconsistent, Seen};
use std::fmt::Write;

/// `text` as a JSON string literal, quotes included; `<` and `>` escaped, so that no answer
/// can close a script tag.
pub fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    push_string(&mut out, text);
    out
}

/// Appends `text` as a JSON string literal (see [`string`]).
fn push_string(out: &mut String, text: &str) {
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 || c == '<' || c == '>' => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// A probability as a JSON number: the shortest text that reads back as the same `f64` (the
/// page can compare it exactly with the solver's); `0` for anything not finite.
pub fn number(value: f64) -> String {
    if value.is_finite() {
        format!("{value}")
    } else {
        "0".to_string()
    }
}

/// Cell indices as a JSON array.
fn list(cells: &[usize]) -> String {
    let items: Vec<String> = cells.iter().map(usize::to_string).collect();
    format!("[{}]", items.join(","))
}

/// The game: id, size, status, `start`, counters, elapsed milliseconds, the marks `assisted`,
/// `peeked` and `replay`, and `cells`, one character per cell, row-major: `.` closed, `F`
/// flag, `0`-`8` open; once the game is over also `*` a mine, `X` the mine that ended it, `!`
/// a wrong flag, and the board's `seed` (a string: it may not fit a JavaScript number) and
/// `first` click (a cell index), which give the same board again.
pub fn game(game: &BrowserGame) -> String {
    let over = game.status().is_over();
    let (board, cover) = (game.board(), game.cover());
    let cells: String = (0..game.grid().len())
        .map(|cell| {
            let mine = board.is_mine(cell);
            match cover.state(cell) {
                CellState::Open => char::from(b'0' + board.count(cell)),
                CellState::Flagged if over && !mine => '!',
                CellState::Flagged => 'F',
                CellState::Closed if over && game.exploded() == Some(cell) => 'X',
                CellState::Closed if over && mine => '*',
                CellState::Closed => '.',
            }
        })
        .collect();
    let summary = game.summary();
    let again = match summary.board_again {
        Some((seed, first)) => format!(",\"seed\":\"{seed}\",\"first\":{first}"),
        None => String::new(),
    };
    format!(
        "\"game\":{},\"rows\":{},\"cols\":{},\"mines\":{},\"status\":\"{}\",\"start\":\"{}\",\
         \"clicks\":{},\"flags\":{},\"left\":{},\"ms\":{},\"assisted\":{},\"peeked\":{},\
         \"replay\":{}{again},\"cells\":\"{}\"",
        string(game.id()),
        game.grid().rows(),
        game.grid().cols(),
        summary.mines,
        game.status().name(),
        summary.start.name(),
        summary.clicks,
        summary.flags,
        summary.mines as i64 - summary.flags as i64,
        summary.elapsed.as_millis(),
        summary.assisted,
        summary.peeked,
        summary.replay,
        cells
    )
}

/// The mine map of `game`, one `0` or `1` per cell (all `0` before the first open), and
/// whether the mines are `placed`. Showing it while playing marks the game as peeked.
pub fn mine_map(game: &mut BrowserGame) -> String {
    let placed = game.status() != GameStatus::Ready;
    let board = game.peek();
    let map: String = (0..board.grid().len())
        .map(|cell| if board.is_mine(cell) { '1' } else { '0' })
        .collect();
    format!("\"placed\":{placed},\"map\":\"{map}\"")
}

/// The advice: `move` (`open`, `flag`, `unflag`, `chord`), `row`, `col`, the mine probability
/// `p`, `certain` and `why` ([`crate::play::advice::Why::name`]).
pub fn advice(advice: &Advice, grid: Grid) -> String {
    let (name, cell) = match advice.action {
        Move::Open(cell) => ("open", cell),
        Move::Flag(cell) if advice.why.removes_a_flag() => ("unflag", cell),
        Move::Flag(cell) => ("flag", cell),
        Move::Chord(cell) => ("chord", cell),
    };
    let (row, col) = grid.row_col(cell);
    format!(
        "\"move\":\"{name}\",\"row\":{row},\"col\":{col},\"p\":{},\"certain\":{},\"why\":\"{}\"",
        number(advice.mine_probability),
        advice.certain,
        advice.why.name()
    )
}

/// No advice: `"move":null`.
pub const NO_MOVE: &str = "\"move\":null";

/// The analysis: `p` (per cell, `null` for an open cell), `safe` and `mines` (proven, cell
/// indices), `flags` (see [`flags`]), `guess` (`cell`, `p`, `score`, or `null`), `runners`
/// (the same shape), `dead` (the dead candidates, `null` without a guess) and `advice` (see
/// [`advice`], or `null`).
///
/// # Complexity
/// O(cells).
pub fn analysis(analysis: &Analysis) -> String {
    let grid = analysis.grid();
    let mut out = String::with_capacity(12 * grid.len() + 200);
    out.push_str("\"p\":[");
    for (cell, &p) in analysis.probability.iter().enumerate() {
        if cell > 0 {
            out.push(',');
        }
        match analysis.seen(cell) {
            Seen::Open(_) => out.push_str("null"),
            _ => out.push_str(&number(p)),
        }
    }
    let ranked = |ranked: &Ranked| {
        let score = ranked.score.map_or("null".to_string(), number);
        format!(
            "{{\"cell\":{},\"p\":{},\"score\":{score}}}",
            ranked.cell,
            number(ranked.mine_probability)
        )
    };
    let runners: Vec<String> = analysis.runners_up.iter().map(ranked).collect();
    let _ = write!(
        out,
        "],\"safe\":{},\"mines\":{},{},\"guess\":{},\"runners\":[{}],\"dead\":{},\"advice\":{}",
        list(&analysis.safe),
        list(&analysis.mines),
        flags(analysis),
        analysis.guess.as_ref().map_or("null".to_string(), ranked),
        runners.join(","),
        analysis.dead.as_deref().map_or("null".to_string(), list),
        analysis
            .advice
            .as_ref()
            .map_or("null".to_string(), |a| format!("{{{}}}", advice(a, grid)))
    );
    out
}

/// The player's flags against the numbers, for a hint too: `"flags":{...}` with the
/// `proven`, `unproven` and `wrong` lists and `fit`.
pub fn flags(analysis: &Analysis) -> String {
    let flags = &analysis.flags;
    format!(
        "\"flags\":{{\"proven\":{},\"unproven\":{},\"wrong\":{},\"fit\":{}}}",
        list(&flags.proven),
        list(&flags.unproven),
        list(&flags.wrong),
        flags.fit
    )
}

/// A game exported for `judge` as the file `stem`: `judge`, `name`, `input`, `output` and the
/// `notes`.
pub fn export(judge: &str, stem: &str, export: &Export) -> String {
    // An expected output may take tens of megabytes: it is escaped once, into an answer sized
    // for it (a line end takes two bytes), with room for the braces around it.
    let lines = export.output.bytes().filter(|&b| b == b'\n').count();
    let mut out = String::with_capacity(export.input.len() * 2 + export.output.len() + lines + 256);
    out.push_str("\"judge\":");
    push_string(&mut out, judge);
    out.push_str(",\"name\":");
    push_string(&mut out, stem);
    out.push_str(",\"input\":");
    push_string(&mut out, &export.input);
    out.push_str(",\"output\":");
    push_string(&mut out, &export.output);
    out.push_str(",\"notes\":[");
    for (index, note) in export.notes.iter().enumerate() {
        if index > 0 {
            out.push(',');
        }
        push_string(&mut out, note);
    }
    out.push(']');
    out
}

/// A pasted position: its size, `format`, the mine count `assumed` (in words) and `cells` (as
/// [`crate::play::position::cells_text`] writes them), then either `consistent` (`true`, or
/// `"unproven"` when no contradiction was found but none could be ruled out) and its
/// analysis, or not `consistent` and the `cell` whose number fits no arrangement (or `null`).
pub fn position(
    grid: Grid,
    format: &str,
    assumed: &str,
    cells: &str,
    analysed: &Result<Analysis, Inconsistent>,
) -> String {
    let head = format!(
        "\"rows\":{},\"cols\":{},\"format\":{},\"assumed\":{},\"cells\":\"{cells}\"",
        grid.rows(),
        grid.cols(),
        string(format),
        string(assumed),
    );
    match analysed {
        Ok(found) => {
            let consistent = if found.proven { "true" } else { "\"unproven\"" };
            format!("{head},\"consistent\":{consistent},{}", analysis(found))
        }
        Err(inconsistent) => {
            let cell = inconsistent
                .cell
                .map_or("null".to_string(), |c| c.to_string());
            format!("{head},\"consistent\":false,\"cell\":{cell}")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn strings_escape_quotes_controls_and_angle_brackets() {
        assert_eq!(string("a\"b\\c\n<"), "\"a\\\"b\\\\c\\n\\u003c\"");
        assert_eq!(number(0.25), "0.25");
        assert_eq!(number(f64::NAN), "0");
        assert_eq!(list(&[3, 1]), "[3,1]");
    }
}
