//! What the server tells the page went wrong, in the page's language: a message is kept as its
//! kind and values, and written in English or Chinese only when it is sent, from one table per
//! language, so a Chinese page reads the server in Chinese (full-width punctuation, sizes rows
//! × columns, names and quoted input as typed) and the English text stays what it was.

use crate::io::output::counted;
use crate::play::http::HttpRequest;

/// The language a reply is written in: the request's `lang`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    English,
    Chinese,
}

impl Language {
    /// `lang=zh` asks for Chinese; any other value, or none, for English (the page's default).
    pub fn of(request: &HttpRequest) -> Language {
        match request.param("lang") {
            Some("zh") => Language::Chinese,
            _ => Language::English,
        }
    }
}

/// Why a request cannot be answered as asked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// Something wrong on line `.0` (1-based) of a pasted position.
    Line(usize, LineFault),
    NoBoard,
    /// A JSMinesweeper header (as typed) whose sides are out of range.
    HeaderSides(String),
    /// A JSMinesweeper header whose mines do not fit on its rows × columns.
    HeaderMines {
        header: String,
        mines: usize,
        rows: usize,
        cols: usize,
    },
    NotUtf8,
    /// The query parameter `name` is not a whole number in `low..=high`.
    Range {
        name: String,
        low: u64,
        high: u64,
    },
    /// An opening start keeps 9 cells free: at most `.0` mines fit.
    OpeningMines(u64),
    NoSuchGame,
    /// The operating system's random source failed (its error, as it said it).
    NoRandom(String),
    ExportNoMines,
    ExportTooLong(usize),
    /// A judge (its name) that takes no game of `play`.
    ExportNoGame(String),
    /// The expected output's size in MB.
    ExportTooLarge(usize),
    /// A judge refused our own input (its name, its refusal): a bug, said rather than hidden.
    ExportRefused(String, String),
}

/// What is wrong on one line of a pasted position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LineFault {
    TooManyRows(usize),
    TooManyCells(usize),
    /// Not a cell of the plain pictures, panels and maps.
    NotACell(char),
    /// A row of `.0` cells below rows of `.1`.
    RowWidth(usize, usize),
    /// A judge's reply (the line), not a board.
    JudgeReply(String),
    /// The header `width`x`height`x`mines` is followed by `found` rows.
    HeaderRows {
        width: usize,
        height: usize,
        mines: usize,
        found: usize,
    },
    NotAJsMinesweeperCell(char),
    /// A row of `found` cells under the header `width`x`height`x`mines`.
    HeaderWidth {
        width: usize,
        height: usize,
        mines: usize,
        found: usize,
    },
    /// After `acm-server`'s input, `found` rows that are no maps of `rows` × `cols`.
    AcmOutput {
        rows: usize,
        cols: usize,
        found: usize,
    },
    /// `.0` rows of `acm-server` maps that no map height splits into a game.
    AcmNoHeight(usize),
    /// The map heights that all fit the output.
    AcmHeights(Vec<usize>),
    NotALeetCodeBoard,
    NotALeetCodeCell(char),
    /// Board row `row` has `width` cells, row 0 has `cols`.
    LeetCodeRow {
        row: usize,
        width: usize,
        cols: usize,
    },
    LeetCodeTooLarge {
        rows: usize,
        cols: usize,
    },
}

impl Message {
    /// The message written in `language`.
    pub fn text(&self, language: Language) -> String {
        match language {
            Language::English => self.english(),
            Language::Chinese => self.chinese(),
        }
    }

    fn english(&self) -> String {
        use crate::play::game::MAX_SIDE as MAX;
        match self {
            Message::Line(line, fault) => format!("line {line}: {}", fault.english()),
            Message::NoBoard => "no board in the text".to_string(),
            Message::HeaderSides(header) => {
                format!("the header {header}: a board's sides are 1 to {MAX}")
            }
            Message::HeaderMines {
                header,
                mines,
                rows,
                cols,
            } => {
                format!("the header {header}: {mines} mines do not fit on {rows}×{cols} cells")
            }
            Message::NotUtf8 => "the position is not UTF-8 text".to_string(),
            Message::Range { name, low, high } => {
                format!("{name} must be a whole number from {low} to {high}")
            }
            Message::OpeningMines(most) => format!(
                "an opening start keeps 9 cells free: at most {} on this board",
                counted(*most, "mine")
            ),
            Message::NoSuchGame => "no such game (start a new one)".to_string(),
            Message::NoRandom(err) => format!("no game id can be drawn: {err}"),
            Message::ExportNoMines => "no mines yet: open a cell first".to_string(),
            Message::ExportTooLong(most) => {
                format!("more than {most} moves: too long to export")
            }
            Message::ExportNoGame(judge) => format!("{judge} takes no game of play"),
            Message::ExportTooLarge(mb) => {
                format!("the expected output would be about {mb} MB: too large to download")
            }
            Message::ExportRefused(judge, error) => {
                format!("{judge} refused the export: {error}")
            }
        }
    }

    fn chinese(&self) -> String {
        use crate::play::game::MAX_SIDE as MAX;
        match self {
            Message::Line(line, fault) => format!("第 {line} 行：{}", fault.chinese()),
            Message::NoBoard => "文本里没有棋盘".to_string(),
            Message::HeaderSides(header) => {
                format!("头一行 {header}：棋盘的边长为 1 到 {MAX}")
            }
            Message::HeaderMines {
                header,
                mines,
                rows,
                cols,
            } => {
                format!("头一行 {header}：{rows}×{cols} 格放不下 {mines} 颗雷")
            }
            Message::NotUtf8 => "局面不是 UTF-8 文本".to_string(),
            Message::Range { name, low, high } => {
                format!("{}须为 {low} 到 {high} 的整数", chinese_name(name))
            }
            Message::OpeningMines(most) => {
                format!("开阔开局空出 9 格：这个棋盘最多 {most} 颗雷")
            }
            Message::NoSuchGame => "没有这局游戏（请开始新的一局）".to_string(),
            Message::NoRandom(err) => format!("无法生成游戏编号：{err}"),
            Message::ExportNoMines => "还没有雷：请先打开一格".to_string(),
            Message::ExportTooLong(most) => format!("超过 {most} 步：太长，无法导出"),
            Message::ExportNoGame(judge) => format!("{judge} 不接受 play 的对局"),
            Message::ExportTooLarge(mb) => {
                format!("预期输出约 {mb} MB：太大，无法下载")
            }
            Message::ExportRefused(judge, error) => format!("{judge} 拒绝了导出：{error}"),
        }
    }
}

/// A query parameter's name in Chinese (a name the page never sends stays as it is).
fn chinese_name(name: &str) -> String {
    match name {
        "rows" => "行数".to_string(),
        "cols" => "列数".to_string(),
        "mines" => "雷数".to_string(),
        "seed" => "种子".to_string(),
        "row" => "行号".to_string(),
        "col" => "列号".to_string(),
        _ => format!("{name} "),
    }
}

/// How `acm-server`'s maps are given their size, which ends two messages.
const ASK_EN: &str = "paste the input's first line `n m` above the output";
const ASK_ZH: &str = "请把输入的第一行 `n m` 贴在输出上方";

impl LineFault {
    fn english(&self) -> String {
        use crate::play::game::MAX_SIDE as MAX;
        match self {
            LineFault::TooManyRows(rows) => {
                format!("{rows} rows, more than the {MAX} a board may have")
            }
            LineFault::TooManyCells(cells) => {
                format!("{cells} cells, more than the {MAX} a row may have")
            }
            LineFault::NotACell(symbol) => {
                format!("{symbol:?} is not a cell (closed: -1 ? . # X, open: 0-8, flag: F @ *)")
            }
            LineFault::RowWidth(width, cols) => format!(
                "{}, but the rows above have {cols}",
                counted(*width as u64, "cell")
            ),
            LineFault::JudgeReply(line) => format!(
                "{line:?} is a judge's reply, not a board: mine-ops and inexperienced-player \
                 print no board; the whole outputs of acm-server, jlu-panel and update-board \
                 are read (their last board)"
            ),
            LineFault::HeaderRows {
                width,
                height,
                mines,
                found,
            } => {
                let follow = if *found == 1 { "follows" } else { "follow" };
                format!(
                    "the header {width}x{height}x{mines} promises {}, {found} {follow}",
                    counted(*height as u64, "row")
                )
            }
            LineFault::NotAJsMinesweeperCell(symbol) => {
                format!("{symbol:?} is not a JSMinesweeper cell (closed: H, open: 0-8, flag: F)")
            }
            LineFault::HeaderWidth {
                width,
                height,
                mines,
                found,
            } => format!(
                "{}, but the header {width}x{height}x{mines} says {width}",
                counted(*found as u64, "cell")
            ),
            LineFault::AcmOutput { rows, cols, found } => format!(
                "after acm-server's input, its output should follow: maps of {} of {}, {} here",
                counted(*rows as u64, "row"),
                counted(*cols as u64, "cell"),
                counted(*found as u64, "row")
            ),
            LineFault::AcmNoHeight(total) => format!(
                "{total} rows of acm-server maps, but no map height splits them into a game; \
                 {ASK_EN}"
            ),
            LineFault::AcmHeights(heights) => format!(
                "acm-server maps of {} rows all fit this output; {ASK_EN}",
                listed(heights, " or ")
            ),
            LineFault::NotALeetCodeBoard => {
                "not an update-board board such as [[\"B\",\"1\"],[\"1\",\"M\"]]".to_string()
            }
            LineFault::NotALeetCodeCell(symbol) => {
                format!("{symbol:?} is not an update-board cell (closed: M E X, open: B 1-8)")
            }
            LineFault::LeetCodeRow { row, width, cols } => format!(
                "row {row} has {}, but row 0 has {cols}",
                counted(*width as u64, "cell")
            ),
            LineFault::LeetCodeTooLarge { rows, cols } => {
                format!("{rows}×{cols} cells, more than the {MAX} a side may have")
            }
        }
    }

    fn chinese(&self) -> String {
        use crate::play::game::MAX_SIDE as MAX;
        match self {
            LineFault::TooManyRows(rows) => format!("{rows} 行，超过棋盘最多的 {MAX} 行"),
            LineFault::TooManyCells(cells) => format!("{cells} 格，超过一行最多的 {MAX} 格"),
            LineFault::NotACell(symbol) => {
                format!("{symbol:?} 不是格子（未打开：-1 ? . # X，已打开：0-8，旗：F @ *）")
            }
            LineFault::RowWidth(width, cols) => format!("{width} 格，但上面的行有 {cols} 格"),
            LineFault::JudgeReply(line) => format!(
                "{line:?} 是评测程序的回答，不是棋盘：mine-ops 和 inexperienced-player \
                 不输出棋盘；acm-server、jlu-panel 和 update-board 的整个输出读作其最后一个棋盘"
            ),
            LineFault::HeaderRows {
                width,
                height,
                mines,
                found,
            } => {
                format!("头一行 {width}x{height}x{mines} 说有 {height} 行，其后却有 {found} 行")
            }
            LineFault::NotAJsMinesweeperCell(symbol) => {
                format!("{symbol:?} 不是 JSMinesweeper 的格子（未打开：H，已打开：0-8，旗：F）")
            }
            LineFault::HeaderWidth {
                width,
                height,
                mines,
                found,
            } => {
                format!("{found} 格，但头一行 {width}x{height}x{mines} 说每行 {width} 格")
            }
            LineFault::AcmOutput { rows, cols, found } => format!(
                "acm-server 的输入之后应是它的输出：{rows}×{cols} 的地图，这里却有 {found} 行"
            ),
            LineFault::AcmNoHeight(total) => format!(
                "acm-server 的地图共 {total} 行，但没有哪个地图高度能把它们分成一局；{ASK_ZH}"
            ),
            LineFault::AcmHeights(heights) => format!(
                "{} 行高的 acm-server 地图都符合这段输出；{ASK_ZH}",
                listed(heights, " 或 ")
            ),
            LineFault::NotALeetCodeBoard => {
                "不是 update-board 的棋盘，应如 [[\"B\",\"1\"],[\"1\",\"M\"]]".to_string()
            }
            LineFault::NotALeetCodeCell(symbol) => {
                format!("{symbol:?} 不是 update-board 的格子（未打开：M E X，已打开：B 1-8）")
            }
            LineFault::LeetCodeRow { row, width, cols } => {
                format!("棋盘第 {row} 行有 {width} 格，但第 0 行有 {cols} 格")
            }
            LineFault::LeetCodeTooLarge { rows, cols } => {
                format!("{rows}×{cols} 格，边长超过上限 {MAX}")
            }
        }
    }
}

/// The numbers joined by `separator`.
fn listed(numbers: &[usize], separator: &str) -> String {
    let texts: Vec<String> = numbers.iter().map(usize::to_string).collect();
    texts.join(separator)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_no_request_can_draw_are_english_as_before_and_chinese() {
        let cases = [
            (
                Message::NoRandom("no entropy".to_string()),
                "no game id can be drawn: no entropy",
            ),
            (
                Message::ExportTooLong(60_000),
                "more than 60000 moves: too long to export",
            ),
            (
                Message::ExportNoGame("inexperienced-player".to_string()),
                "inexperienced-player takes no game of play",
            ),
            (
                Message::ExportTooLarge(40),
                "the expected output would be about 40 MB: too large to download",
            ),
            (
                Message::ExportRefused("jlu-panel".to_string(), "\"bad\"".to_string()),
                "jlu-panel refused the export: \"bad\"",
            ),
        ];
        for (message, english) in cases {
            assert_eq!(message.text(Language::English), english);
            let chinese = message.text(Language::Chinese);
            // Chinese punctuation, and no English but the names and the quoted refusal.
            let mut rest = chinese
                .replace("inexperienced-player", "")
                .replace("jlu-panel", "");
            for name in ["\"bad\"", "MB", "play", "no entropy"] {
                rest = rest.replace(name, "");
            }
            assert!(
                !rest.contains(|c: char| c.is_ascii_alphabetic() || ":,;()".contains(c)),
                "{chinese:?}"
            );
        }
    }
}
