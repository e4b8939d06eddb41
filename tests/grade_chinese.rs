//! `grade --lang zh`: every word of the report is Chinese. Small classes of each kind (a JLU
//! machine, an ACM client, a JLU panel) with a compile error, a crash, a hang, a rule finding,
//! `--strict` and a copy are graded in Chinese, and the terminal table, the CSV files and the
//! HTML page's visible text are searched for English words. What a program or the compiler
//! printed is skipped where the report marks it as printed: `<pre class="printed">` or
//! `<span class="printed">` in the HTML, “…” or "…" around it in a line; option names, file
//! names, paths, code spans and names (see [`crate::chinese_text`]) are not English words to
//! translate.

use crate::chinese_text::{english_words, half_width_punctuation};
use crate::grade::{cache_home, class, grade, read, succeeded};
use crate::util::have_compiler;
use std::path::{Path, PathBuf};

/// The text a browser shows of `page`: no script, style or tag, no element marked as printed
/// by a program, no code span, entities decoded; a line per block.
fn visible_text(page: &str) -> String {
    let mut rest = page.to_string();
    for (open, close) in [
        ("<style", "</style>"),
        ("<script", "</script>"),
        ("<pre class=\"printed\"", "</pre>"),
        ("<span class=\"printed\"", "</span>"),
        ("<code", "</code>"),
    ] {
        while let Some(at) = rest.find(open) {
            let end = rest[at..]
                .find(close)
                .map_or(rest.len(), |e| at + e + close.len());
            rest.replace_range(at..end, " ");
        }
    }
    let mut text = String::new();
    let mut in_tag = false;
    for c in rest.chars() {
        match c {
            '<' => {
                in_tag = true;
                text.push('\n');
            }
            '>' => in_tag = false,
            _ if !in_tag => text.push(c),
            _ => {}
        }
    }
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&")
}

/// The English words of a Chinese grading's outputs: the terminal's table without the command
/// line that grades again, the CSV files and the HTML page.
fn english_in_outputs(dir: &Path, args: &[&str]) -> Vec<String> {
    let (csv, pairs, html) = (
        dir.with_extension("csv"),
        dir.with_extension("pairs.csv"),
        dir.with_extension("html"),
    );
    let mut all = vec![args[0], dir.to_str().unwrap(), "--lang", "zh"];
    all.extend_from_slice(&args[1..]);
    all.extend([
        "--csv",
        csv.to_str().unwrap(),
        "--pairs-csv",
        pairs.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
        "--no-cache",
    ]);
    let report = succeeded(&grade(&all));
    let replay = "重放同样的对局与测试：";
    let terminal: String = report
        .lines()
        .map(|line| line.split_once(replay).map_or(line, |(before, _)| before))
        .collect::<Vec<_>>()
        .join("\n");
    let mut found = Vec::new();
    for (what, text) in [
        ("terminal", terminal),
        ("CSV", read(&csv)),
        ("pairs CSV", read(&pairs)),
        ("HTML", visible_text(&read(&html))),
    ] {
        assert!(!text.trim().is_empty(), "{what} of {}: {report}", args[0]);
        let mut wrong = english_words(&text);
        // A CSV's commas part its cells.
        if !what.contains("CSV") {
            wrong.extend(half_width_punctuation(&text));
        }
        found.extend(
            wrong
                .into_iter()
                .map(|word| format!("{} {what}: {word}", args[0])),
        );
    }
    found
}

fn batch_file(dir: &Path) -> PathBuf {
    let file = dir.with_extension("batch.in");
    std::fs::write(&file, "10 10 9\n7\n2\n").unwrap();
    file
}

#[test]
#[ignore = "long tier: .ci/run runs it"]
fn every_word_of_a_chinese_report_is_chinese() {
    if !have_compiler("grade in Chinese, every word") {
        return;
    }
    let machines = class(
        "zh-jlu-machine",
        &[
            ("1班-张三.txt", "tests/submissions/jlu_rule_machine.txt"),
            ("1班-李四.txt", "tests/class/jlu-machine/rules_copy.txt"),
            ("2班-王五.txt", "tests/submissions/jlu_crash_machine.txt"),
            ("2班-赵六.txt", "tests/submissions/jlu_hang_machine.txt"),
            ("3班-钱七.txt", "tests/submissions/does_not_compile.txt"),
            ("3班-孙八.txt", "tests/class/jlu-rules/stl.txt"),
        ],
    );
    let mut found = english_in_outputs(
        &machines,
        &[
            "jlu-machine",
            "--games",
            "20",
            "--time-limit",
            "0.5",
            "--wall-limit",
            "60",
            "--strict",
        ],
    );
    let clients = class(
        "zh-acm-client",
        &[
            ("甲.h", "tests/class/acm-client/subsets.h"),
            ("乙.h", "tests/submissions/acm_crash_client.h"),
            ("丙.h", "tests/class/acm-client/prints_to_cout.h"),
            ("丁.h", "tests/submissions/acm_stuck_client.h"),
            ("戊.h", "tests/submissions/does_not_compile.txt"),
        ],
    );
    let batch = batch_file(&clients);
    found.extend(english_in_outputs(
        &clients,
        &[
            "acm-client",
            "--batch",
            batch.to_str().unwrap(),
            "--time-limit",
            "0.5",
            "--wall-limit",
            "60",
        ],
    ));
    let panels = class(
        "zh-jlu-panel",
        &[
            ("好.txt", "tests/submissions/jlu_refresh_panel.txt"),
            ("错.txt", "tests/submissions/jlu_refresh_panel_bug.txt"),
            ("坏.txt", "tests/submissions/does_not_compile.txt"),
        ],
    );
    found.extend(english_in_outputs(&panels, &["jlu-panel"]));
    for dir in [&machines, &clients, &panels] {
        let _ = std::fs::remove_dir_all(cache_home(dir));
    }
    assert!(
        found.is_empty(),
        "{} English words or half-width punctuation marks:\n{}",
        found.len(),
        found.join("\n")
    );
}

#[test]
fn the_search_finds_english_outside_what_was_printed() {
    let page = "<html><head><title>成绩</title><style>body{color:red}</style></head><body>\
                <p>第 3 局 games &amp; 学生</p><pre class=\"printed\">error: expected</pre>\
                <p>禁止 <code>std::sort</code> 和 cout</p></body></html>";
    let words = english_words(&visible_text(page));
    assert_eq!(words.len(), 1, "{words:?}");
    assert!(words[0].starts_with("\"games\""), "{words:?}");
    assert_eq!(
        english_words("编译失败：“a.txt:3: error: expected ';'” 用了 --strict 和 a/b.txt"),
        Vec::<String>::new()
    );
    assert_eq!(english_words("失败的对局 3 games").len(), 1);
    assert_eq!(
        half_width_punctuation("规则:第 1 行 (课程) “a: b” 1, 2").len(),
        3
    );
}
