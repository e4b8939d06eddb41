//! The marks as a text table on stdout: one row per student, best first, columns aligned by
//! how wide a terminal shows each character (a Chinese character takes two columns), then the
//! baselines, the isolation in force and the pairs of alike submissions.

use crate::grade::intervals;
use crate::grade::outcome::Status;
use crate::grade::visible::visible;
use crate::grade::why;
use crate::grade::words::Lang;
use crate::grade::{clock, ClassGrades, Grade, Task};
use std::fmt::Write as _;

/// How many columns a terminal gives `c`: two for East Asian wide and fullwidth characters
/// (CJK, Hangul, fullwidth forms), none for combining marks, else one.
///
/// # Examples
///
/// ```
/// use minejudge::grade::table::width;
///
/// assert_eq!(width("5班-张三"), 8);
/// assert_eq!(width("Zoë"), 3);
/// ```
pub fn width(text: &str) -> usize {
    text.chars().map(char_width).sum()
}

fn char_width(c: char) -> usize {
    let c = c as u32;
    let wide = matches!(c,
        0x1100..=0x115F
        | 0x2E80..=0x303E
        | 0x3041..=0x33FF
        | 0x3400..=0x4DBF
        | 0x4E00..=0x9FFF
        | 0xA000..=0xA4CF
        | 0xAC00..=0xD7A3
        | 0xF900..=0xFAFF
        | 0xFE30..=0xFE4F
        | 0xFF00..=0xFF60
        | 0xFFE0..=0xFFE6
        | 0x1F300..=0x1F64F
        | 0x20000..=0x3FFFD);
    let zero = matches!(c, 0x0300..=0x036F | 0x200B..=0x200F);
    if zero {
        0
    } else if wide {
        2
    } else {
        1
    }
}

/// `text` cut to at most `columns` display columns (with `…` where cut).
pub fn cut(text: &str, columns: usize) -> String {
    if width(text) <= columns {
        return text.to_string();
    }
    let mut out = String::new();
    let mut used = 0;
    for c in text.chars() {
        let w = char_width(c);
        if used + w + 1 > columns {
            break;
        }
        out.push(c);
        used += w;
    }
    out.push('…');
    out
}

/// Rows of cells aligned: each column as wide as its widest cell, two spaces apart. A column
/// whose cells below the first row are all numbers (or `a/b`, `-`, or empty) is aligned to
/// the right, its heading too; others to the left.
pub fn align(rows: &[Vec<String>]) -> String {
    let rows: Vec<Vec<String>> = rows
        .iter()
        .map(|row| row.iter().map(|cell| visible(cell)).collect())
        .collect();
    let rows = &rows[..];
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| width(s))
                .max()
                .unwrap_or(0)
        })
        .collect();
    let numeric = |s: &str| {
        s.chars()
            .all(|c| c.is_ascii_digit() || matches!(c, '.' | '/' | '-' | '%'))
    };
    let right: Vec<bool> = (0..columns)
        .map(|c| {
            rows.iter()
                .skip(1)
                .filter_map(|r| r.get(c))
                .all(|cell| numeric(cell))
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let mut line = String::new();
        for (c, cell) in row.iter().enumerate() {
            let pad = " ".repeat(widths[c] - width(cell));
            if c > 0 {
                line.push_str("  ");
            }
            if right[c] {
                line.push_str(&pad);
                line.push_str(cell);
            } else {
                line.push_str(cell);
                line.push_str(&pad);
            }
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

/// The columns of a task's table, after `#`, `student` and `mark`.
pub(crate) fn columns(task: Task) -> &'static [&'static str] {
    match task {
        Task::JluMachine => &[
            "95% interval",
            "won",
            "played",
            "score/game",
            "clicks/win",
            "faults",
            "why",
            "note",
        ],
        Task::AcmClient => &["raw", "maps won", "maps played", "faults", "why", "note"],
        Task::JluPanel | Task::AcmServer | Task::MineOps => {
            &["passed", "run", "faults", "why", "note"]
        }
    }
}

/// A number with two decimals, or with six for raw ACM scores.
fn two(x: f64) -> String {
    format!("{x:.2}")
}

/// The cells of one student's row: the last two are the reasons for the mark and the note, in
/// the report's language.
pub fn row_cells(class: &ClassGrades, grade: &Grade) -> Vec<String> {
    let (config, tests) = (&class.config, class.tests.len());
    let task = config.task;
    let outcome = &grade.outcome;
    let (played, asked) = why::played(task, grade, tests);
    let played = format!("{played}/{asked}");
    let mut cells = if outcome.status != Status::Graded {
        vec![String::new(); columns(task).len() - 2]
    } else {
        let faults = outcome.faults.to_string();
        match task {
            Task::JluMachine => {
                let games = outcome.games.unwrap_or_default();
                let clicks = if games.won > 0 {
                    format!("{:.1}", games.clicks_in_wins as f64 / games.won as f64)
                } else {
                    "-".into()
                };
                let interval = grade
                    .mark
                    .interval
                    .map_or(String::new(), |(low, high)| format!("{low:.2}-{high:.2}"));
                vec![
                    interval,
                    format!("{}/{}", games.won, games.played),
                    played,
                    two(grade.mark.raw.unwrap_or(0.0)),
                    clicks,
                    faults,
                ]
            }
            Task::AcmClient => {
                let won: u64 = outcome.batches.iter().map(|b| b.won).sum();
                let maps: u64 = outcome.batches.iter().map(|b| b.maps).sum();
                vec![
                    format!("{:.6}", grade.mark.raw.unwrap_or(0.0)),
                    format!("{won}/{maps}"),
                    played,
                    faults,
                ]
            }
            Task::JluPanel | Task::AcmServer | Task::MineOps => {
                let passed = outcome.tests.iter().filter(|t| t.passed()).count();
                vec![format!("{passed}/{}", outcome.tests.len()), played, faults]
            }
        }
    };
    cells.push(why::reasons_text(config, grade, tests));
    cells.push(note(grade, config.lang));
    cells
}

/// Why a mark is what it is, in a line of `lang`: a compile error (the compiler's words quoted),
/// a fault and the mark as played, the first failed test, or the file picked in a folder.
pub fn note(grade: &Grade, lang: Lang) -> String {
    let outcome = &grade.outcome;
    let mut note = match outcome.status {
        Status::CompileError => format!(
            "does not compile: {}",
            lang.printed(&first_error_line(&outcome.compile_error))
        ),
        Status::NotGraded => format!("not graded: {}", outcome.first_fault),
        Status::Graded => match grade.mark.as_played {
            Some(as_played) => format!(
                "0 for a fault ({}); {as_played:.2} as played",
                outcome.first_fault
            ),
            None if !outcome.first_fault.is_empty() => outcome.first_fault.clone(),
            None => String::new(),
        },
    };
    if let Some(picked) = grade
        .student
        .note
        .as_ref()
        .filter(|picked| **picked != outcome.first_fault)
    {
        if !note.is_empty() {
            note.push_str("; ");
        }
        note.push_str(picked);
    }
    if !grade.findings.is_empty() {
        if !note.is_empty() {
            note.push_str("; ");
        }
        let all: Vec<String> = grade.findings.iter().map(|f| f.to_string()).collect();
        note.push_str(&format!("rules: {}", all.join("; ")));
    }
    lang.note(&note.replace('\n', " "))
}

/// The compiler's first line that says `error`, else its first line.
pub fn first_error_line(message: &str) -> String {
    message
        .lines()
        .find(|l| l.contains("error"))
        .or_else(|| message.lines().nth(1))
        .or_else(|| message.lines().next())
        .unwrap_or("")
        .trim()
        .to_string()
}

/// What the class was graded on, in a few words: the games, the batches or the tests.
pub fn what(class: &ClassGrades) -> String {
    let config = &class.config;
    let budget = trim_number(config.budget.as_secs_f64());
    let (batches, baselines) = (config.batches.len(), class.baselines.len());
    let (tests, points) = (class.tests.len(), trim_number(config.points));
    match (config.lang, config.task) {
        (Lang::English, task) => {
            let work = match task {
                Task::JluMachine => format!(
                    "{} games each (20x20, 50 mines; mark: the mean score x 1.3, capped at 60)",
                    config.games
                ),
                Task::AcmClient => format!(
                    "{batches} batches of 50 maps each (the mean of the best 45 maps), marked \
                     through {baselines} baselines"
                ),
                _ => format!("{tests} tests, {points} points each"),
            };
            format!("{work}; a time budget of {budget} s per student")
        }
        (Lang::Chinese, task) => {
            let work = match task {
                Task::JluMachine => format!(
                    "每人 {} 局（20×20，50 个雷；成绩：平均分 × 1.3，最高 60）",
                    config.games
                ),
                Task::AcmClient => format!(
                    "{batches} 组，每组 50 张地图（取最好的 45 张的平均），按 {baselines} 个基准程序换算"
                ),
                _ => format!("{tests} 个测试，每个 {points} 分"),
            };
            format!("{work}；每名学生的时间预算 {budget} 秒")
        }
    }
}

/// The whole text: a heading, the table, the baselines, the command that grades with the same
/// games again, the isolation, the alike pairs.
pub fn render(class: &ClassGrades) -> String {
    let config = &class.config;
    let (task, lang) = (config.task, config.lang);
    let mut text = heading(class);
    if !class.jailed {
        let warning = if lang == Lang::Chinese {
            "警告："
        } else {
            "WARNING: "
        };
        let _ = writeln!(text, "{warning}{}", class.isolation);
    }
    text.push('\n');
    let mut header: Vec<String> = vec!["#".into(), lang.word("student"), lang.word("mark")];
    header.extend(columns(task).iter().map(|s| lang.word(s)));
    let mut rows = vec![header];
    for (grade, rank) in class.grades.iter().zip(ranks(class)) {
        let mut row = vec![
            rank.to_string(),
            grade.student.name.clone(),
            two(grade.mark.mark),
        ];
        row.extend(row_cells(class, grade));
        if let Some(last) = row.last_mut() {
            *last = cut(last, 90);
        }
        rows.push(row);
    }
    text.push_str(&align(&rows));
    text.push_str(&summary(class));
    text.push_str(&neighbours(class));
    let (replay, isolation) = if lang == Lang::Chinese {
        ("重放同样的对局与测试：", "每次运行的隔离：")
    } else {
        (
            "the same games and tests again: ",
            "isolation of every run: ",
        )
    };
    let _ = writeln!(
        text,
        "\n{replay}{}\n{isolation}{}",
        visible(&config.replay_command()),
        class.isolation
    );
    text.push_str(&similar_pairs(class));
    text
}

/// The first line: the task, the class, the seed, what was graded, how long it took.
fn heading(class: &ClassGrades) -> String {
    let config = &class.config;
    let cached = class.grades.iter().filter(|g| g.cached).count();
    let (n, dir) = (
        class.grades.len(),
        visible(&config.dir.display().to_string()),
    );
    let (what, took) = (what(class), took(config.lang, class.elapsed.as_secs_f64()));
    let name = config.task.name();
    match config.lang {
        Lang::English => format!(
            "grade {name}: {n} student{} of {dir}, seed {}, {what} ({took}, {cached} from the \
             cache)\n",
            if n == 1 { "" } else { "s" },
            config.seed
        ),
        Lang::Chinese => format!(
            "评分 {name}：{dir} 的 {n} 名学生，种子 {}，{what}（{took}，{cached} 个来自缓存）\n",
            config.seed
        ),
    }
}

/// Which baselines marked the class: ours, or the files the teacher gave.
pub fn baselines_used(class: &ClassGrades) -> String {
    let ours = class.baselines.iter().all(|b| b.file.is_none());
    match (class.config.lang, ours) {
        (Lang::English, true) => {
            "these are our stand-ins for the course's baselines, written from \
             its descriptions of them (--baseline NAME=FILE gives the course's own)"
                .into()
        }
        (Lang::English, false) => "these are the files given with --baseline".into(),
        (Lang::Chinese, true) => "以上是本项目自带的基准程序替代品，按课程对它们的描述编写\
             （--baseline 名称=文件 可换用课程自己的）"
            .into(),
        (Lang::Chinese, false) => "以上是 --baseline 给出的文件".into(),
    }
}

/// The marks' mean, median and range, and the baselines' raw scores and marks.
fn summary(class: &ClassGrades) -> String {
    let config = &class.config;
    let chinese = config.lang == Lang::Chinese;
    let mut text = String::new();
    let marks: Vec<f64> = class.grades.iter().map(|g| g.mark.mark).collect();
    if !marks.is_empty() {
        let mut sorted = marks.clone();
        sorted.sort_by(f64::total_cmp);
        let mean = marks.iter().sum::<f64>() / marks.len() as f64;
        let (out_of, median) = (trim_number(class.grades[0].mark.out_of), median(&sorted));
        let (low, high) = (sorted[0], sorted[sorted.len() - 1]);
        let _ = if chinese {
            writeln!(
                text,
                "\n满分 {out_of}：平均 {mean:.2}，中位数 {median:.2}，最低 {low:.2}，最高 {high:.2}"
            )
        } else {
            writeln!(
                text,
                "\nmarks out of {out_of}: mean {mean:.2}, median {median:.2}, lowest {low:.2}, \
                 highest {high:.2}"
            )
        };
    }
    if !class.baselines.is_empty() {
        text.push_str(if chinese {
            "\n基准程序（原始分，及其对应成绩）：\n"
        } else {
            "\nbaselines (raw score, and the mark it gives):\n"
        });
        let marks = &config.baseline_marks;
        let rows: Vec<Vec<String>> = class
            .baselines
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let mut row = vec![
                    format!("  {}", b.name),
                    format!("{:.6}", b.raw),
                    trim_number(marks.get(i).copied().unwrap_or(0.0)),
                ];
                row.extend(b.file.as_ref().map(|f| visible(&f.display().to_string())));
                row
            })
            .collect();
        text.push_str(&align(&rows));
        let top = trim_number(marks.last().copied().unwrap_or(0.0));
        let _ = if chinese {
            writeln!(text, "  超过最高者：{top}")
        } else {
            writeln!(text, "  beating the highest: {top}")
        };
        let _ = writeln!(text, "  {}", baselines_used(class));
    }
    text
}

/// JLU part (2): each two students of neighbouring marks compared game by game (everyone
/// played the same games), and whether the difference is beyond chance.
fn neighbours(class: &ClassGrades) -> String {
    let games = class.config.games;
    let compared: Vec<&Grade> = class
        .grades
        .iter()
        .filter(|g| g.mark.interval.is_some())
        .collect();
    if class.config.task != Task::JluMachine || compared.len() < 2 {
        return String::new();
    }
    let lang = class.config.lang;
    let mut text = String::from(if lang == Lang::Chinese {
        "\n相邻成绩逐局比较（所有人的对局相同；95%）：\n"
    } else {
        "\nneighbouring marks, compared game by game (the same games for all; 95%):\n"
    });
    let rows: Vec<Vec<String>> = compared
        .windows(2)
        .map(|pair| {
            let (a, b) = (pair[0], pair[1]);
            let (difference, half) =
                intervals::paired(&a.outcome.game_tenths, &b.outcome.game_tenths, games);
            let verdict = if a.mark.mark >= 60.0 && b.mark.mark >= 60.0 {
                "both at the cap"
            } else if difference.abs() > half {
                "beyond chance"
            } else {
                "within chance"
            };
            vec![
                format!("  {}", a.student.name),
                b.student.name.clone(),
                format!("{difference:+.2} ± {half:.2}"),
                lang.word(verdict),
            ]
        })
        .collect();
    text.push_str(&align(&rows));
    text
}

/// Where two alike submissions match: `3-45 ~ 2-46` for each passage, lines of the first and
/// of the second.
pub fn matching_lines(pair: &crate::grade::similarity::Pair) -> Vec<String> {
    pair.matches
        .iter()
        .map(|m| {
            format!(
                "{}-{} ~ {}-{}",
                m.a_lines.start(),
                m.a_lines.end(),
                m.b_lines.start(),
                m.b_lines.end()
            )
        })
        .collect()
}

/// The pairs of alike submissions, or a line saying there is none.
fn similar_pairs(class: &ClassGrades) -> String {
    let chinese = class.config.lang == Lang::Chinese;
    if class.pairs.is_empty() {
        let n = class.sources.len();
        return if chinese {
            format!("\n{n} 份提交中没有可疑相似的\n")
        } else {
            format!("\nno pair of the {n} submissions is suspiciously alike\n")
        };
    }
    let mut text = String::from(if chinese {
        "\n可疑相似（去掉标识符、字面量、排版和注释后，相同代码指纹的比例；相同的行见网页报告）：\n"
    } else {
        "\nsuspiciously alike (the share of code fingerprints in common, after identifiers, \
         literals, layout and comments are set aside; see the HTML report for the lines):\n"
    });
    let rows: Vec<Vec<String>> = class
        .pairs
        .iter()
        .map(|pair| {
            let lines: Vec<String> = matching_lines(pair).into_iter().take(3).collect();
            vec![
                format!("  {:.0}%", 100.0 * pair.score),
                class.sources[pair.a].name.clone(),
                class.sources[pair.b].name.clone(),
                if chinese {
                    format!("第 {} 行", lines.join("，"))
                } else {
                    format!("lines {}", lines.join(", "))
                },
            ]
        })
        .collect();
    text.push_str(&align(&rows));
    text
}

/// Seconds as `1m05s` or `42s` in English, `1 分 05 秒` or `42 秒` in Chinese.
pub fn took(lang: Lang, seconds: f64) -> String {
    let whole = seconds.round() as u64;
    match (lang, whole >= 60) {
        (Lang::English, _) => clock(seconds),
        (Lang::Chinese, true) => format!("{} 分 {:02} 秒", whole / 60, whole % 60),
        (Lang::Chinese, false) => format!("{whole} 秒"),
    }
}

/// Each student's rank, best first: equal marks share the rank of the first of them.
pub fn ranks(class: &ClassGrades) -> Vec<usize> {
    let mut ranks = Vec::with_capacity(class.grades.len());
    for (i, grade) in class.grades.iter().enumerate() {
        let same = i > 0 && class.grades[i - 1].mark.mark == grade.mark.mark;
        ranks.push(if same { ranks[i - 1] } else { i + 1 });
    }
    ranks
}

/// The median of sorted numbers (the mean of the middle two of an even count).
fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

/// `5` for 5.0, `2.5` for 2.5.
pub fn trim_number(x: f64) -> String {
    if x.fract() == 0.0 {
        format!("{x:.0}")
    } else {
        format!("{x}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chinese_names_take_two_columns_each() {
        let rows = vec![
            vec!["#".into(), "student".into(), "mark".into()],
            vec!["1".into(), "5班-张三".into(), "55.58".into()],
            vec!["2".into(), "li".into(), "9.60".into()],
        ];
        let text = align(&rows);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines.iter().all(|l| width(l) == width(lines[0])), "{text}");
        assert_eq!(lines[0], "#  student    mark");
        assert_eq!(lines[2], "2  li         9.60");
    }

    #[test]
    fn long_notes_are_cut_by_display_width() {
        assert_eq!(cut("abcdef", 10), "abcdef");
        assert_eq!(cut("abcdef", 4), "abc…");
        assert_eq!(width(&cut("张三李四王五", 7)), 7);
    }
}
