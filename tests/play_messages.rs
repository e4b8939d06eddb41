//! What `play`'s server says went wrong, in the page's language: each message the page can
//! show, produced through the real server by a bad request, is the English it always was
//! (byte for byte) without `lang`, and with `lang=zh` Chinese with Chinese punctuation and no
//! English but names.

use crate::chinese_text::{english_words_but, half_width_punctuation};
use crate::play::{field, Server};
use crate::play_words::PLAY_NAMES;

/// A bad request: its method, target and body, and the status and English text it gets.
struct Bad {
    method: &'static str,
    target: &'static str,
    body: Vec<u8>,
    status: u16,
    english: &'static str,
}

fn bad(
    method: &'static str,
    target: &'static str,
    body: &str,
    status: u16,
    english: &'static str,
) -> Bad {
    Bad {
        method,
        target,
        body: body.as_bytes().to_vec(),
        status,
        english,
    }
}

/// A pasted position that cannot be read, and why.
fn pasted(body: &str, english: &'static str) -> Bad {
    bad("POST", "/position", body, 400, english)
}

/// Every message of a pasted position, of a board asked for and of a game not found.
fn table() -> Vec<Bad> {
    let acm_prime: String = "1\n2\n".repeat(50) + "1\n";
    let wide_leetcode = format!("[[{}]]\n", vec!["\"E\""; 101].join(","));
    let mut table = vec![
        pasted("", "no board in the text"),
        pasted(
            &".\n".repeat(101),
            "line 1: 101 rows, more than the 100 a board may have",
        ),
        pasted(
            "..\n.z\n",
            "line 2: 'z' is not a cell (closed: -1 ? . # X, open: 0-8, flag: F @ *)",
        ),
        pasted(
            &(".".repeat(101) + "\n"),
            "line 1: 101 cells, more than the 100 a row may have",
        ),
        pasted("..\n...\n", "line 2: 3 cells, but the rows above have 2"),
        pasted(
            "0x16x99\n",
            "the header 0x16x99: a board's sides are 1 to 100",
        ),
        pasted(
            "2x3x7\nHH\nHH\nHH\n",
            "the header 2x3x7: 7 mines do not fit on 3×2 cells",
        ),
        pasted(
            "2x2x1\nHH\n",
            "line 1: the header 2x2x1 promises 2 rows, 1 follows",
        ),
        pasted(
            "2x2x1\nHZ\nHH\n",
            "line 2: 'Z' is not a JSMinesweeper cell (closed: H, open: 0-8, flag: F)",
        ),
        pasted(
            "2x2x1\nHHH\nHH\n",
            "line 2: 3 cells, but the header 2x2x1 says 2",
        ),
        pasted(
            "cell(s) detected\n",
            "line 1: \"cell(s) detected\" is a judge's reply, not a board: mine-ops and \
             inexperienced-player print no board; the whole outputs of acm-server, jlu-panel and \
             update-board are read (their last board)",
        ),
        pasted(
            "2 3\n...\n.X.\n1 1 1\n???\n",
            "line 1: after acm-server's input, its output should follow: maps of 2 rows of 3 \
             cells, 1 row here",
        ),
        pasted(
            &acm_prime,
            "line 1: 101 rows of acm-server maps, but no map height splits them into a game; \
             paste the input's first line `n m` above the output",
        ),
        pasted(
            &"??\n".repeat(6),
            "line 1: acm-server maps of 2 or 3 rows all fit this output; paste the input's first \
             line `n m` above the output",
        ),
        pasted(
            "[[\"B\",1]]\n",
            "line 1: not an update-board board such as [[\"B\",\"1\"],[\"1\",\"M\"]]",
        ),
        pasted(
            "[[\"B\",\"Q\"]]\n",
            "line 1: 'Q' is not an update-board cell (closed: M E X, open: B 1-8)",
        ),
        pasted(
            "[[\"B\",\"1\"],[\"1\"]]\n",
            "line 1: row 1 has 1 cell, but row 0 has 2",
        ),
        pasted(
            &wide_leetcode,
            "line 1: 1×101 cells, more than the 100 a side may have",
        ),
        bad(
            "POST",
            "/position?mines=99",
            "..\n..\n",
            400,
            "mines must be a whole number from 0 to 4",
        ),
        bad(
            "POST",
            "/new?rows=0&cols=9&mines=10",
            "",
            400,
            "rows must be a whole number from 1 to 100",
        ),
        bad(
            "POST",
            "/new?rows=9&cols=101&mines=10",
            "",
            400,
            "cols must be a whole number from 1 to 100",
        ),
        bad(
            "POST",
            "/new?rows=9&cols=9&mines=99",
            "",
            400,
            "mines must be a whole number from 0 to 80",
        ),
        bad(
            "POST",
            "/new?rows=4&cols=4&mines=9&start=opening",
            "",
            400,
            "an opening start keeps 9 cells free: at most 7 mines on this board",
        ),
        bad(
            "POST",
            "/new?rows=3&cols=3&mines=1&start=opening",
            "",
            400,
            "an opening start keeps 9 cells free: at most 0 mines on this board",
        ),
        bad(
            "GET",
            "/state?game=nope",
            "",
            404,
            "no such game (start a new one)",
        ),
        bad(
            "GET",
            "/hint?game=nope",
            "",
            404,
            "no such game (start a new one)",
        ),
    ];
    let mut not_utf8 = pasted("", "the position is not UTF-8 text");
    not_utf8.body = vec![0xff, 0xfe, b'\n'];
    table.push(not_utf8);
    table
}

/// `target` asking for Chinese.
fn in_chinese(target: &str) -> String {
    let joint = if target.contains('?') { '&' } else { '?' };
    format!("{target}{joint}lang=zh")
}

/// Names the server's messages keep beside the page's: the programs and judges, a unit.
const MESSAGE_NAMES: &[&str] = &["inexperienced-player", "MB", "play"];

/// The Chinese text's faults: half-width punctuation, English words but names, no Chinese.
fn faults(text: &str) -> Vec<String> {
    let names: Vec<&str> = PLAY_NAMES.iter().chain(MESSAGE_NAMES).copied().collect();
    let mut found: Vec<String> = half_width_punctuation(text)
        .into_iter()
        .chain(english_words_but(text, &names))
        .collect();
    if !text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)) {
        found.push(format!("no Chinese in {text:?}"));
    }
    found
}

/// The sizes `A×B` in `text`.
fn sizes(text: &str) -> Vec<(String, String)> {
    let digits = |part: &str, last: bool| -> String {
        let run = |c: &char| c.is_ascii_digit();
        if last {
            let reversed: String = part.chars().rev().take_while(run).collect();
            reversed.chars().rev().collect()
        } else {
            part.chars().take_while(run).collect()
        }
    };
    let parts: Vec<&str> = text.split('×').collect();
    parts
        .windows(2)
        .map(|pair| (digits(pair[0], true), digits(pair[1], false)))
        .filter(|(a, b)| !a.is_empty() && !b.is_empty())
        .collect()
}

#[test]
fn every_server_message_is_english_as_before_and_chinese_on_the_chinese_page() {
    let (server, _) = Server::start_with(&["--port", "0"]);
    let game = field(
        &server.ok("POST", "/new?rows=9&cols=9&mines=10&seed=1"),
        "game",
    )
    .to_string();
    let export = format!("/export?game={game}&judge=jlu-panel");
    let mut table = table();
    table.push(Bad {
        method: "GET",
        target: Box::leak(export.into_boxed_str()),
        body: Vec::new(),
        status: 409,
        english: "no mines yet: open a cell first",
    });
    let ask = |method: &str, target: &str, body: &[u8]| match method {
        "POST" => server.post_bytes(target, body),
        _ => server.request(method, target),
    };
    let mut wrong = Vec::new();
    for case in &table {
        let (status, english) = ask(case.method, case.target, &case.body);
        assert_eq!(
            status, case.status,
            "{} {}: {english}",
            case.method, case.target
        );
        assert_eq!(english, format!("{}\n", case.english), "{}", case.target);
        // Another language asked for, or an empty one, is English.
        let other = format!(
            "{}{}lang=en",
            case.target,
            if case.target.contains('?') { '&' } else { '?' }
        );
        assert_eq!(ask(case.method, &other, &case.body).1, english, "{other}");
        let (status, chinese) = ask(case.method, &in_chinese(case.target), &case.body);
        assert_eq!(status, case.status, "{} in Chinese: {chinese}", case.target);
        assert!(
            chinese.ends_with('\n') && !chinese.trim().contains('\n'),
            "{chinese:?}"
        );
        for (rows, cols) in sizes(&chinese) {
            let size = format!("{rows}×{cols}");
            let said = english.contains(&size)
                || english.contains(&format!("{rows} rows of {cols} cells"));
            if !said {
                wrong.push(format!(
                    "{}: {size} in {chinese:?}, not rows×columns",
                    case.target
                ));
            }
        }
        for fault in faults(chinese.trim()) {
            wrong.push(format!("{} {:?}: {fault}", case.target, case.english));
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_checks_of_chinese_find_english_and_half_width_punctuation() {
    assert!(faults("第 1 行：101 行，超过棋盘最多的 100 行").is_empty());
    assert!(!faults("第 1 行: 101 行").is_empty());
    assert!(!faults("第 1 行：101 cells").is_empty());
    assert!(!faults("line 1").is_empty());
}
