//! The class's report as one self-contained HTML page (no script, no outside file): the marks'
//! distribution as an SVG histogram, the table, the baselines, the pairs of alike submissions
//! with their matching lines side by side, and for each student the mark and why, games won,
//! clicks, faults, the first failing input or panel, and any compile error. Every text from a
//! student (names, code, output) is escaped.

use crate::grade::outcome::Status;
use crate::grade::table::{
    baselines_used, columns, note, ranks, row_cells, took, trim_number, what,
};
use crate::grade::visible::{hidden, unhidden};
use crate::grade::words::Lang;
use crate::grade::{ClassGrades, Grade, Task};
use std::fmt::Write as _;

/// `text` with `&`, `<`, `>`, `"` and `'` escaped, and each
/// [`hidden`](crate::grade::visible::hidden()) character written as a visible escape.
///
/// # Examples
///
/// ```
/// use minejudge::grade::html::escape;
///
/// assert_eq!(escape("<b>\"x\" & 'y'</b>"), "&lt;b&gt;&quot;x&quot; &amp; &#39;y&#39;&lt;/b&gt;");
/// ```
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if hidden(c) => out.push_str(&unhidden(&c.to_string())),
            _ => out.push(c),
        }
    }
    out
}

const STYLE: &str = "body{font-family:system-ui,'Noto Sans CJK SC','Microsoft YaHei',sans-serif;\
margin:1.5em auto;max-width:1100px;padding:0 1em;color:#222}\
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em;border-bottom:1px solid #ccc}\
table{border-collapse:collapse;margin:.5em 0}td,th{padding:.25em .6em;border-bottom:1px solid #eee;\
text-align:left;vertical-align:top}td.n{text-align:right;font-variant-numeric:tabular-nums}\
tr.zero td{background:#fff3f0}td a{white-space:nowrap}pre{background:#f6f6f6;padding:.5em;overflow-x:auto;font-size:.85em;\
max-height:30em}.pair{display:flex;gap:1em}.pair>div{flex:1;min-width:0}\
.hit{background:#ffe9a8}.muted{color:#777}.warning{color:#b00;font-weight:bold}.student{margin-bottom:1.5em}\
@media(max-width:700px){.pair{flex-direction:column}}";

/// The page.
pub fn render(class: &ClassGrades) -> String {
    let config = &class.config;
    let task = config.task;
    let title = if config.lang == Lang::Chinese {
        format!("评分 {}", task.name())
    } else {
        format!("grade {}", task.name())
    };
    let mut page = String::new();
    let _ = write!(
        page,
        "<!DOCTYPE html>\n<html lang=\"{}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{title}</title><style>{STYLE}</style></head><body>\n",
        if config.lang == Lang::Chinese {
            "zh-CN"
        } else {
            "en"
        },
    );
    let _ = writeln!(
        page,
        "<h1>{title}{}{} {}</h1>\n<p>{} · {} {} · {} · {}</p>",
        colon(config.lang),
        class.grades.len(),
        if config.lang == Lang::Chinese {
            "名学生"
        } else {
            "students"
        },
        escape(&config.dir.display().to_string()),
        if config.lang == Lang::Chinese {
            "种子"
        } else {
            "seed"
        },
        config.seed,
        escape(&what(class)),
        took(config.lang, class.elapsed.as_secs_f64())
    );
    let _ = writeln!(
        page,
        "<p>{}<code>{}</code></p>",
        if config.lang == Lang::Chinese {
            "重放同样的对局与测试："
        } else {
            "The same games and tests again: "
        },
        escape(&config.replay_command())
    );
    let lang = config.lang;
    let _ = writeln!(
        page,
        "<p class=\"{}\">{}{}{}</p>",
        if class.jailed { "muted" } else { "warning" },
        lang.word("Isolation of every run"),
        colon(lang),
        escape(&class.isolation)
    );
    let _ = writeln!(page, "<h2>{}</h2>", lang.word("Distribution"));
    page.push_str(&histogram(class));
    page.push_str(&marks_table(class));
    if !class.baselines.is_empty() {
        let _ = writeln!(
            page,
            "<h2>{}</h2>\n<table><tr><th>{}</th><th>{}</th><th>{}</th><th>{}</th></tr>",
            lang.word("Baselines"),
            lang.word("baseline"),
            lang.word("raw score"),
            lang.word("mark there"),
            lang.word("file")
        );
        for (i, baseline) in class.baselines.iter().enumerate() {
            let _ = writeln!(
                page,
                "<tr><td>{}</td><td class=\"n\">{:.6}</td><td class=\"n\">{}</td><td>{}</td></tr>",
                escape(&baseline.name),
                baseline.raw,
                trim_number(config.baseline_marks.get(i).copied().unwrap_or(0.0)),
                baseline
                    .file
                    .as_ref()
                    .map_or(String::new(), |f| escape(&f.display().to_string()))
            );
        }
        let _ = writeln!(
            page,
            "</table><p>{}</p><p>{}</p>",
            lang.note(&format!(
                "Beating the highest: {}; below the lowest: 0; linear between two.",
                trim_number(config.baseline_marks.last().copied().unwrap_or(0.0))
            )),
            escape(&baselines_used(class))
        );
    }
    page.push_str(&pairs(class));
    let _ = writeln!(page, "<h2>{}</h2>", lang.word("Students"));
    for (i, grade) in class.grades.iter().enumerate() {
        page.push_str(&student(task, lang, i, grade));
    }
    page.push_str("</body></html>\n");
    page
}

/// Ten bars over the marks' range, drawn in SVG.
fn histogram(class: &ClassGrades) -> String {
    let lang = class.config.lang;
    let out_of = class
        .grades
        .first()
        .map_or(1.0, |g| g.mark.out_of)
        .max(1e-9);
    let mut counts = [0usize; 10];
    for grade in &class.grades {
        let bin = ((grade.mark.mark / out_of) * 10.0).floor() as usize;
        counts[bin.min(9)] += 1;
    }
    let most = counts.iter().copied().max().unwrap_or(0).max(1);
    let (width, height, left, bottom) = (600.0, 220.0, 30.0, 40.0);
    let bar = (width - left) / 10.0;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {height}\" \
         width=\"100%\" style=\"max-width:{width}px\" role=\"img\" aria-label=\"{}\">\n",
        lang.word("marks histogram")
    );
    let _ = writeln!(
        svg,
        "<line x1=\"{left}\" y1=\"{}\" x2=\"{width}\" y2=\"{}\" stroke=\"#888\"/>",
        height - bottom,
        height - bottom
    );
    for (i, &count) in counts.iter().enumerate() {
        let h = (height - bottom - 20.0) * count as f64 / most as f64;
        let x = left + i as f64 * bar;
        let y = height - bottom - h;
        let _ = writeln!(
            svg,
            "<rect x=\"{:.1}\" y=\"{y:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"#4a90d9\">\
             <title>{count}</title></rect>",
            x + 2.0,
            bar - 4.0
        );
        if count > 0 {
            let _ = writeln!(
                svg,
                "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{count}</text>",
                x + bar / 2.0,
                y - 4.0
            );
        }
        let low = out_of * i as f64 / 10.0;
        let _ = writeln!(
            svg,
            "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"11\" text-anchor=\"middle\" fill=\"#555\">{}</text>",
            x + bar / 2.0,
            height - bottom + 15.0,
            trim_number((low * 10.0).round() / 10.0)
        );
    }
    let axis = if lang == Lang::Chinese {
        format!("成绩（满分 {}）", trim_number(out_of))
    } else {
        format!("mark (out of {})", trim_number(out_of))
    };
    let _ = writeln!(
        svg,
        "<text x=\"{:.1}\" y=\"{:.1}\" font-size=\"12\" text-anchor=\"middle\">{axis}</text>",
        left + (width - left) / 2.0,
        height - 5.0,
    );
    svg.push_str("</svg>\n");
    svg
}

fn marks_table(class: &ClassGrades) -> String {
    let task = class.config.task;
    let lang = class.config.lang;
    let mut html = format!(
        "<h2>{}</h2>\n<table><tr><th>#</th><th>{}</th><th>{}</th>",
        lang.word("Marks"),
        lang.word("student"),
        lang.word("mark")
    );
    for head in columns(task) {
        let _ = write!(html, "<th>{}</th>", escape(&lang.word(head)));
    }
    html.push_str("</tr>\n");
    for (i, (grade, rank)) in class.grades.iter().zip(ranks(class)).enumerate() {
        let zero = grade.mark.mark == 0.0;
        let _ = write!(
            html,
            "<tr{}><td class=\"n\">{}</td><td><a href=\"#s{i}\">{}</a></td><td class=\"n\">{:.2}</td>",
            if zero { " class=\"zero\"" } else { "" },
            rank,
            escape(&grade.student.name),
            grade.mark.mark
        );
        let cells = row_cells(class, grade);
        let last = cells.len().saturating_sub(1);
        for (c, cell) in cells.iter().enumerate() {
            // The reasons and the note are text; the rest are numbers.
            let class = if c + 1 >= last { "" } else { " class=\"n\"" };
            let _ = write!(html, "<td{class}>{}</td>", escape(cell));
        }
        html.push_str("</tr>\n");
    }
    html.push_str("</table>\n");
    html
}

/// The alike pairs, each with its matching lines side by side.
fn pairs(class: &ClassGrades) -> String {
    let lang = class.config.lang;
    let mut html = format!("<h2>{}</h2>\n", lang.word("Similar submissions"));
    if class.pairs.is_empty() {
        let n = class.sources.len();
        let _ = if lang == Lang::Chinese {
            writeln!(html, "<p>{n} 份提交中没有可疑相似的。</p>")
        } else {
            writeln!(
                html,
                "<p>No pair of the {n} submissions is suspiciously alike.</p>"
            )
        };
        return html;
    }
    html.push_str(if lang == Lang::Chinese {
        "<p>相似度是两份文件共有的代码指纹（词元 k 元组，经筛选）所占的比例，计算前去掉标识符、\
         字面量、排版、注释和函数的顺序。分数高是值得查看的理由，不是抄袭的证据。</p>\n"
    } else {
        "<p>Scored by the share of code fingerprints two files have in common (token k-grams, \
         winnowed), after identifiers, literals, layout, comments and the order of functions \
         are set aside. A high score is a reason to look, not a proof.</p>\n"
    });
    let and = if lang == Lang::Chinese { "与" } else { "and" };
    for pair in &class.pairs {
        let (a, b) = (&class.sources[pair.a], &class.sources[pair.b]);
        let _ = writeln!(
            html,
            "<h3>{:.0}% · {} {and} {}</h3>",
            100.0 * pair.score,
            escape(&a.name),
            escape(&b.name)
        );
        for m in pair.matches.iter().take(5) {
            html.push_str("<div class=\"pair\">");
            for (source, lines) in [(a, &m.a_lines), (b, &m.b_lines)] {
                let (start, end) = (lines.start(), lines.end());
                let _ = write!(
                    html,
                    "<div><div class=\"muted\">{}{}</div><pre class=\"printed\">",
                    escape(&source.name),
                    if lang == Lang::Chinese {
                        format!("，第 {start}-{end} 行")
                    } else {
                        format!(", lines {start}-{end}")
                    }
                );
                let text = String::from_utf8_lossy(&source.text);
                for (number, line) in text
                    .split('\n')
                    .map(|l| l.trim_end_matches('\r'))
                    .enumerate()
                {
                    let number = number + 1;
                    if number + 2 < *lines.start() || number > lines.end() + 2 {
                        continue;
                    }
                    let hit = lines.contains(&number);
                    let _ = writeln!(
                        html,
                        "{}{number:4} {}{}",
                        if hit { "<span class=\"hit\">" } else { "" },
                        escape(line),
                        if hit { "</span>" } else { "" }
                    );
                }
                html.push_str("</pre></div>");
            }
            html.push_str("</div>\n");
        }
    }
    html
}

/// One student's section.
fn student(task: Task, lang: Lang, index: usize, grade: &Grade) -> String {
    let outcome = &grade.outcome;
    let mut html = format!(
        "<div class=\"student\" id=\"s{index}\"><h3>{}. {} — {:.2} / {}</h3>\n<ul>",
        index + 1,
        escape(&grade.student.name),
        grade.mark.mark,
        trim_number(grade.mark.out_of)
    );
    if let Some(file) = &grade.student.file {
        let _ = write!(
            html,
            "<li>{}{}{}{}</li>",
            lang.note("file: "),
            escape(&file.display().to_string()),
            lang.note(&format!(" ({})", lang.word(grade.student.form.describe()))),
            lang.note(if grade.cached { ", from the cache" } else { "" })
        );
    }
    let why = note(grade, lang);
    if !why.is_empty() {
        let _ = write!(html, "<li>{}</li>", escape(&why));
    }
    if !grade.mark.reason.is_empty() {
        let _ = write!(html, "<li>{}</li>", escape(&lang.note(&grade.mark.reason)));
    }
    push_results(&mut html, task, lang, grade);
    let _ = write!(
        html,
        "<li>{}{}{}</li>",
        lang.word("crashes, hangs and other faults"),
        colon(lang),
        outcome.faults
    );
    html.push_str("</ul>\n");
    if !outcome.compile_error.is_empty() {
        let _ = writeln!(
            html,
            "<p>{}{}</p><pre>{}</pre>",
            lang.word("Compile error"),
            colon(lang).trim_end(),
            quoted_block(lang, &outcome.compile_error)
        );
    }
    if !outcome.evidence.is_empty() {
        let _ = writeln!(
            html,
            "<p>{}{}{}</p><pre>{}</pre>",
            lang.word("First failure"),
            colon(lang),
            escape(&lang.note(&outcome.first_fault)),
            quoted_block(lang, &outcome.evidence)
        );
    }
    html.push_str("</div>\n");
    html
}

/// The items of one student's results: the games, each batch, and each test where the task
/// has tests.
fn push_results(html: &mut String, task: Task, lang: Lang, grade: &Grade) {
    let outcome = &grade.outcome;
    if let Some(games) = outcome.games.filter(|_| outcome.status == Status::Graded) {
        let _ = write!(
            html,
            "<li>{}</li>",
            lang.note(&format!(
                "games won: {}/{} (played {}); mean score {:.2}; {}; stopped at 400 clicks: {}",
                games.won,
                games.games,
                games.played,
                grade.mark.raw.unwrap_or(0.0),
                if games.won > 0 {
                    format!(
                        "mean clicks per win {:.1}",
                        games.clicks_in_wins as f64 / games.won as f64
                    )
                } else {
                    "no win".to_string()
                },
                games.stopped
            ))
        );
    }
    for batch in &outcome.batches {
        let line = if lang == Lang::Chinese {
            format!(
                "第 {} 组：得分 {:.6}，胜图 {}/{}",
                lang.batch(&batch.name),
                batch.score,
                batch.won,
                batch.maps
            )
        } else {
            format!(
                "batch {}: score {:.6}, maps won {}/{}",
                batch.name, batch.score, batch.won, batch.maps
            )
        };
        let failed = if batch.faults > 0 {
            lang.note(&format!(", failed on {} (scores 0)", batch.faults))
        } else {
            String::new()
        };
        let _ = write!(html, "<li>{}{}</li>", escape(&line), escape(&failed));
    }
    if matches!(task, Task::JluPanel | Task::AcmServer | Task::MineOps) && !outcome.tests.is_empty()
    {
        html.push_str(&format!("<li>{}", lang.note("tests: ")));
        let items: Vec<String> = outcome
            .tests
            .iter()
            .map(|t| {
                if t.passed() {
                    escape(&lang.note(&format!("{} passed", t.name)))
                } else {
                    let (head, detail) = (format!("{}: {}", t.name, t.verdict), &t.detail);
                    format!(
                        "<b>{}</b>{}",
                        escape(&lang.note(&head)),
                        escape(&lang.note(&format!(" ({detail})")))
                    )
                }
            })
            .collect();
        html.push_str(&items.join(if lang == Lang::Chinese { "；" } else { "; " }));
        html.push_str("</li>");
    }
}

/// `: ` in English, `：` in Chinese.
fn colon(lang: Lang) -> &'static str {
    match lang {
        Lang::English => ": ",
        Lang::Chinese => "：",
    }
}

/// A compile error or the evidence of a fault, escaped, inside a `<pre>`: what the compiler or
/// the program printed in `<span class="printed">`, our own lines around it (the blocks'
/// titles, the lines left out) in the report's language.
fn quoted_block(lang: Lang, text: &str) -> String {
    let mut html = String::new();
    for (i, line) in text.split_inclusive('\n').enumerate() {
        let (line, newline) = match line.strip_suffix('\n') {
            Some(line) => (line, "\n"),
            None => (line, ""),
        };
        match ours(lang, i, line) {
            Some(ours) => html.push_str(&escape(&ours)),
            None => {
                let cut = line.rsplit_once(" [").and_then(|(printed, more)| {
                    let bytes = more.strip_suffix(" more bytes]")?;
                    bytes
                        .bytes()
                        .all(|b| b.is_ascii_digit())
                        .then_some((printed, bytes))
                });
                let (printed, cut) = match cut {
                    Some((printed, n)) if lang == Lang::Chinese => {
                        (printed, format!("［另有 {n} 字节］"))
                    }
                    Some((printed, n)) => (printed, format!(" [{n} more bytes]")),
                    None => (line, String::new()),
                };
                let _ = write!(
                    html,
                    "<span class=\"printed\">{}</span>{}",
                    escape(printed),
                    escape(&cut)
                );
            }
        }
        html.push_str(newline);
    }
    html
}

/// Line `index` of a compile error or evidence in `lang` when it is ours: a block's title
/// (`--- the input (3 lines) ---`), the lines left out (`    ... 4 lines`, `[5 more lines]`),
/// the compile error's first line (`FILE does not compile (...):`).
fn ours(lang: Lang, index: usize, line: &str) -> Option<String> {
    let said = |chinese: String| match lang {
        Lang::English => line.to_string(),
        Lang::Chinese => chinese,
    };
    if let Some(title) = line
        .strip_prefix("--- ")
        .and_then(|l| l.strip_suffix(" ---"))
    {
        let (title, count) = title.rsplit_once(" (")?;
        let lines = count.strip_suffix(')')?.split(' ').next()?;
        return Some(said(format!("--- {}（{lines} 行）---", lang.word(title))));
    }
    let number = |prefix: &str, suffix: &str| {
        let number = line.strip_prefix(prefix)?.strip_suffix(suffix)?;
        let digits = number.bytes().all(|b| b.is_ascii_digit());
        digits.then(|| number.to_string())
    };
    if let Some(n) = number("    ... ", " lines") {
        return Some(said(format!("    ……前 {n} 行")));
    }
    if let Some(n) = number("    ... ", " more lines (--save writes them all)") {
        return Some(said(format!("    ……另有 {n} 行（--save 写出全部）")));
    }
    if let Some(n) = number("[", " more lines]") {
        return Some(said(format!("［另有 {n} 行］")));
    }
    (index == 0 && line.contains(" does not compile") && line.ends_with("):"))
        .then(|| lang.note(line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn evidence_keeps_what_was_printed_and_puts_our_lines_in_the_language() {
        let evidence =
            "--- its stderr (3 lines) ---\n    ... 2 lines\n    line 1: <x>\n[4 more lines]";
        let english = quoted_block(Lang::English, evidence);
        let unmarked = english
            .replace("<span class=\"printed\">", "")
            .replace("</span>", "");
        assert_eq!(unmarked, escape(evidence));
        assert!(english.contains("<span class=\"printed\">    line 1: &lt;x&gt;</span>\n"));
        assert_eq!(
            quoted_block(Lang::Chinese, evidence),
            "--- 它的标准错误（3 行）---\n    ……前 2 行\n\
             <span class=\"printed\">    line 1: &lt;x&gt;</span>\n［另有 4 行］"
        );
    }
}
