//! Every JSON answer of `play`'s API, written here and nowhere else: the game's state, the
//! mine map, the advice, the analysis, an export and a pasted position. Each function writes
//! an object's fields without its braces, so that answers can join them; the page reads them.

use crate::board::{CellState, Cover, Grid};
use crate::exec::child::Ending;
use crate::game_stats::Figures;
use crate::moves::Move;
use crate::play::advice::{Advice, Analysis, Ranked};
use crate::play::check::{Checked, Checks};
use crate::play::export::Export;
use crate::play::functions::{self, Fault, Functions};
use crate::play::game::{BrowserGame, GameStatus};
use crate::play::position::{Assumed, Format};
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

/// The game: id, size, status, `start`, the counters (`clicks`: every click, as the statistics
/// count them; `flags`; `left`, the mines less the flags), `ms` (the time, as the statistics'),
/// the marks `assisted`, `peeked` and `replay`, and `cells`, one character per cell,
/// row-major: `.` closed, `F` flag, `0`-`8` open; once the game is over also `*` a mine, `X`
/// the mine that ended it, `!` a wrong flag, and the board's `seed` (a string: it may not fit a
/// JavaScript number) and `first` click (a cell index), which give the same board again; with
/// `play --functions`, once a click was checked, `yours` (see [`checks`]).
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
    let figures = summary.figures.map_or(String::new(), |figures| {
        format!(",\"stats\":{}", stats(&figures))
    });
    // Last: the cells of its differences come after the board's.
    let yours = game.checks().map_or(String::new(), |checked| {
        format!(",\"yours\":{}", checks(checked))
    });
    format!(
        "\"game\":{},\"rows\":{},\"cols\":{},\"mines\":{},\"status\":\"{}\",\"start\":\"{}\",\
         \"clicks\":{},\"flags\":{},\"left\":{},\"ms\":{},\"assisted\":{},\"peeked\":{},\
         \"replay\":{}{again}{figures},\"cells\":\"{}\"{yours}",
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

/// A finished game's statistics ([`Figures`]), by ms-toollib's names where it has one: `bbbv`,
/// `solved`, the clicks (`left_clicks`, `right_clicks`, `chords`, `effective`, and
/// `total_clicks`, the game's `clicks`), `time_ms` (the game's `ms`), and `bbbv_s`, `ioe`,
/// `correctness` (ms-toollib's `corr`) and `throughput` (`thrp`) to 4 decimals (`null` where
/// nothing divides).
pub fn stats(figures: &Figures) -> String {
    let ratio = |value: Option<f64>| value.map_or("null".to_string(), |v| format!("{v:.4}"));
    let clicks = figures.clicks;
    format!(
        "{{\"bbbv\":{},\"solved\":{},\"left_clicks\":{},\"right_clicks\":{},\"chords\":{},\"effective\":{},\
         \"total_clicks\":{},\"time_ms\":{},\"bbbv_s\":{},\"ioe\":{},\"correctness\":{},\"throughput\":{}}}",
        figures.three_bv,
        figures.solved,
        clicks.left,
        clicks.right,
        clicks.chords,
        clicks.effective,
        clicks.total(),
        figures.millis,
        ratio(figures.per_second()),
        ratio(figures.ioe()),
        ratio(figures.correctness()),
        ratio(figures.throughput()),
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
/// `notes` (each its `key`, `count` and English `text`).
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
        out.push_str("{\"key\":");
        push_string(&mut out, note.key);
        let _ = write!(out, ",\"count\":{},\"text\":", note.count);
        push_string(&mut out, &note.text);
        out.push('}');
    }
    out.push(']');
    out
}

/// A pasted position: its size, `format` ([`Format::name`]), the `rules` its advice follows
/// ([`crate::play::advice::Rules::name`]), where the mine count comes from, `assumed`
/// ([`Assumed::name`]), with the `total` of mines or their `density` (the other `null`), and
/// `cells` (as
/// [`crate::play::position::cells_text`] writes them), then either `consistent` (`true`, or
/// `"unproven"` when no contradiction was found but none could be ruled out) and its
/// analysis with how its flags were read, `flags_are` ([`crate::play::advice::FlagsAre::name`]),
/// `flags_refuted` (flags as mines were asked and the numbers refute them: the analysis is the
/// numbers' alone) and `rests_on_flags` (the advice is certain only with the flags as mines);
/// or not `consistent` and the `cell` whose number fits no arrangement (or `null`).
pub fn position(
    grid: Grid,
    format: Format,
    assumed: Assumed,
    cells: &str,
    analysed: &Result<Analysis, Inconsistent>,
) -> String {
    let (total, density) = match assumed {
        Assumed::Given(mines) | Assumed::JluBoard(mines) => (mines.to_string(), "null".into()),
        Assumed::JluDensity(density) | Assumed::AcmDensity(density) => {
            ("null".to_string(), number(density))
        }
    };
    let head = format!(
        "\"rows\":{},\"cols\":{},\"format\":\"{}\",\"rules\":\"{}\",\"assumed\":\"{}\",\
         \"total\":{total},\"density\":{density},\"cells\":\"{cells}\"",
        grid.rows(),
        grid.cols(),
        format.name(),
        format.rules().name(),
        assumed.name(),
    );
    match analysed {
        Ok(found) => {
            let consistent = if found.proven { "true" } else { "\"unproven\"" };
            format!(
                "{head},\"consistent\":{consistent},\"flags_are\":\"{}\",\"flags_refuted\":{},\
                 \"rests_on_flags\":{},{}",
                found.flags_are.name(),
                found.flags_refuted,
                found.rests_on_flags,
                analysis(found)
            )
        }
        Err(inconsistent) => {
            let cell = inconsistent
                .cell
                .map_or("null".to_string(), |c| c.to_string());
            format!("{head},\"consistent\":false,\"cell\":{cell}")
        }
    }
}

/// The student's files and functions (`play --functions`): `files` (as given), `refresh` and
/// `machine` (whether each is defined), `max` (the largest side they take) and `timeout` (the
/// seconds a call may take); without functions, `files` is empty and both are `false`.
pub fn functions(functions: Option<&Functions>) -> String {
    let files: Vec<String> = functions
        .map(|f| {
            f.files()
                .iter()
                .map(|file| string(&file.display().to_string()))
                .collect()
        })
        .unwrap_or_default();
    format!(
        "\"files\":[{}],\"refresh\":{},\"machine\":{},\"max\":{},\"timeout\":{}",
        files.join(","),
        functions.is_some_and(Functions::has_refresh),
        functions.is_some_and(Functions::has_machine),
        functions::MAX_SIDE,
        functions::CALL_TIMEOUT.as_secs()
    )
}

/// Why a function gave no answer, as an object: `kind` `crashed` (with `signal`, or `exit`
/// for an exit status), `timeout` (with `seconds`), `answer` (with the `text` it printed),
/// `start` (with the `text` of the error) or `too-large` (with `max`); and the end of its
/// `stderr`, where it printed anything.
pub fn fault(fault: &Fault) -> String {
    let tail = |stderr: &[u8]| {
        let from = stderr.len().saturating_sub(STDERR_SHOWN);
        string(&String::from_utf8_lossy(&stderr[from..]))
    };
    match fault {
        Fault::Ended { ending, stderr } => {
            let how = match *ending {
                Ending::Exited(code) => format!("\"kind\":\"crashed\",\"exit\":{code}"),
                Ending::Signalled(signal) => {
                    format!("\"kind\":\"crashed\",\"signal\":{signal}")
                }
                Ending::TooSlow | Ending::TimedOut | Ending::OutputLimit => format!(
                    "\"kind\":\"timeout\",\"seconds\":{}",
                    functions::CALL_TIMEOUT.as_secs()
                ),
                // Our machine failed, not the program: told as an error of the start is.
                Ending::Unknown(_) => format!(
                    "\"kind\":\"start\",\"text\":{}",
                    string(&crate::exec::child::describe_ending(*ending))
                ),
            };
            format!("{{{how},\"stderr\":{}}}", tail(stderr))
        }
        Fault::Answer { text, stderr } => format!(
            "{{\"kind\":\"answer\",\"text\":{},\"stderr\":{}}}",
            string(text),
            tail(stderr)
        ),
        Fault::Start(text) => format!("{{\"kind\":\"start\",\"text\":{}}}", string(text)),
        Fault::TooLarge => format!("{{\"kind\":\"too-large\",\"max\":{}}}", functions::MAX_SIDE),
    }
}

/// The end of a process's stderr shown with a fault.
const STDERR_SHOWN: usize = 2000;

/// A game's checks of the student's `RefreshGamePanel`: `checked` (clicks), `differed`,
/// `faults`, and `last`, the last click checked (see [`checked`]).
pub fn checks(checks: &Checks) -> String {
    format!(
        "{{\"checked\":{},\"differed\":{},\"faults\":{},\"last\":{}}}",
        checks.clicks,
        checks.differed,
        checks.faults,
        checks.last.as_ref().map_or("null".to_string(), checked)
    )
}

/// One click checked: its `cell`, the `expected` return value, `theirs` (or `null`, with the
/// `fault`), and `cells`, each `[cell, expected, theirs]` where the panels differ.
pub fn checked(click: &Checked) -> String {
    let (theirs, fault) = match &click.theirs {
        Ok(code) => (code.to_string(), String::new()),
        Err(why) => (
            "null".to_string(),
            format!(",\"fault\":{}", self::fault(why)),
        ),
    };
    let cells: Vec<String> = click
        .cells
        .iter()
        .map(|d| format!("[{},{},{}]", d.cell, d.expected, d.theirs))
        .collect();
    format!(
        "{{\"cell\":{},\"expected\":{},\"theirs\":{theirs}{fault},\"cells\":[{}]}}",
        click.cell,
        click.expected,
        cells.join(",")
    )
}

/// What the student's `machine` chose, as an object: the `row` and `col` it set; `on`, what
/// is there (`closed`, `open`, `flag`, or `off` the board); for a closed or flagged cell its
/// mine probability `p` and `proven` (`safe`, `mine` or `null`) from `analysis`, or, before
/// the first click (`first`), `p` 0 and `proven` `safe`. Or `{"fault":...}` ([`fault`]).
pub fn machine(
    answer: &Result<(i64, i64), Fault>,
    grid: Grid,
    cover: &Cover,
    analysis: Option<&Analysis>,
    first: bool,
) -> String {
    let (x, y) = match answer {
        Ok(click) => *click,
        Err(why) => return format!("{{\"fault\":{}}}", fault(why)),
    };
    let on_board = (0..grid.rows() as i64).contains(&x) && (0..grid.cols() as i64).contains(&y);
    if !on_board {
        return format!("{{\"row\":{x},\"col\":{y},\"on\":\"off\",\"p\":null,\"proven\":null}}");
    }
    let cell = grid.index(x as usize, y as usize);
    let on = match cover.state(cell) {
        CellState::Closed => "closed",
        CellState::Flagged => "flag",
        CellState::Open => "open",
    };
    let (p, proven) = match (cover.state(cell), analysis) {
        (CellState::Open, _) => ("null".to_string(), "null"),
        _ if first => ("0".to_string(), "\"safe\""),
        (_, Some(analysis)) => {
            let proven = if analysis.safe.contains(&cell) {
                "\"safe\""
            } else if analysis.mines.contains(&cell) {
                "\"mine\""
            } else {
                "null"
            };
            (number(analysis.probability[cell]), proven)
        }
        (_, None) => ("null".to_string(), "null"),
    };
    format!("{{\"row\":{x},\"col\":{y},\"on\":\"{on}\",\"p\":{p},\"proven\":{proven}}}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_fault_is_told_by_kind_with_the_end_of_its_output() {
        let crashed = Fault::Ended {
            ending: Ending::Signalled(11),
            stderr: b"x".repeat(STDERR_SHOWN + 5),
        };
        let told = fault(&crashed);
        assert!(told.starts_with("{\"kind\":\"crashed\",\"signal\":11,\"stderr\":\"xx"));
        assert_eq!(
            told.len(),
            "{\"kind\":\"crashed\",\"signal\":11,\"stderr\":\"\"}".len() + STDERR_SHOWN
        );
        let hung = Fault::Ended {
            ending: Ending::TimedOut,
            stderr: Vec::new(),
        };
        assert_eq!(
            fault(&hung),
            "{\"kind\":\"timeout\",\"seconds\":2,\"stderr\":\"\"}"
        );
        let exited = Fault::Ended {
            ending: Ending::Exited(3),
            stderr: Vec::new(),
        };
        assert!(fault(&exited).contains("\"exit\":3"));
        assert!(fault(&Fault::TooLarge).contains("\"max\":30"));
        let nonsense = Fault::Answer {
            text: "<oops>".into(),
            stderr: Vec::new(),
        };
        assert!(fault(&nonsense).contains("\"text\":\"\\u003coops\\u003e\""));
        assert_eq!(hung.describe(), "it ended: no exit (wall time)");
    }

    #[test]
    fn strings_escape_quotes_controls_and_angle_brackets() {
        assert_eq!(string("a\"b\\c\n<"), "\"a\\\"b\\\\c\\n\\u003c\"");
        assert_eq!(number(0.25), "0.25");
        assert_eq!(number(f64::NAN), "0");
        assert_eq!(list(&[3, 1]), "[3,1]");
    }
}
