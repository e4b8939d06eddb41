//! The words of `grade`'s reports, in English or in Chinese (`--lang`, else a `zh_*` locale in
//! `LC_ALL`, `LC_MESSAGES` or `LANG`). Every phrase of our own is translated; what a program or
//! a compiler printed is quoted as it is. Outcomes are kept in the cache in English, and put in
//! Chinese when shown: a phrase this table does not know stays English rather than wrong.

/// A report's language.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Lang {
    /// English.
    #[default]
    English,
    /// Simplified Chinese.
    Chinese,
}

/// Words of our own, for headings and columns, and their Chinese.
const WORDS: &[(&str, &str)] = &[
    ("student", "学生"),
    ("mark", "成绩"),
    ("95% interval", "95% 区间"),
    ("won", "胜局"),
    ("games", "局数"),
    ("score/game", "每局得分"),
    ("clicks/win", "每胜点击"),
    ("faults", "故障"),
    ("note", "备注"),
    ("raw", "原始分"),
    ("maps won", "胜图"),
    ("played", "已玩"),
    ("maps played", "已玩地图"),
    ("run", "已运行"),
    ("why", "原因"),
    ("games played", "已玩局数"),
    ("tests run", "已运行测试"),
    ("maps", "地图数"),
    ("passed", "通过"),
    ("tests", "测试数"),
    ("rank", "名次"),
    ("out of", "满分"),
    ("mark low (95%)", "成绩下限（95%）"),
    ("mark high (95%)", "成绩上限（95%）"),
    ("score per game", "每局得分"),
    ("clicks per win", "每胜点击"),
    ("raw score", "原始分"),
    ("mark as played", "按实际对局的成绩"),
    ("file", "文件"),
    ("score (%)", "相似度（%）"),
    ("tokens shared", "相同词元"),
    ("lines", "行"),
    ("Distribution", "成绩分布"),
    ("Students", "学生"),
    ("Marks", "成绩"),
    ("Baselines", "基准程序"),
    ("Similar submissions", "相似的提交"),
    ("baseline", "基准程序"),
    ("mark there", "对应成绩"),
    ("Isolation of every run", "每次运行的隔离"),
    ("both at the cap", "都达到上限"),
    ("beyond chance", "差异显著"),
    ("within chance", "差异不显著"),
    ("does not compile", "编译失败"),
    ("not graded", "未评分"),
    ("rules", "规则"),
    // The report's own words beyond the columns: the HTML page, the files' forms, the blocks
    // of evidence and the table's lines.
    ("a whole C++ program", "完整的 C++ 程序"),
    ("a whole C program", "完整的 C 程序"),
    (
        "the course's function or header, in our driver",
        "课程的函数或头文件，放在我们的驱动程序中",
    ),
    ("a program already built", "已编译好的程序"),
    (
        "the panel it was given (n m, then the rows)",
        "它收到的面板（n m，然后是各行）",
    ),
    ("the panel it was given", "它收到的面板"),
    ("its stderr and stdout", "它的标准错误和标准输出"),
    ("its stderr", "它的标准错误"),
    ("its output", "它的输出"),
    ("the input", "输入"),
    ("the answer", "答案"),
    (
        "the map (n m, the map, the first click)",
        "地图（n m、地图、第一次点击）",
    ),
    (
        "the map as our server saw it last",
        "我们的服务器最后看到的地图",
    ),
    ("Compile error", "编译错误"),
    ("First failure", "第一次失败"),
    ("crashes, hangs and other faults", "崩溃、卡死和其他故障"),
    ("marks histogram", "成绩直方图"),
];

/// Phrases of our own found inside notes and messages, and their Chinese.
const PHRASES: &[(&str, &str)] = &[
    ("does not compile: ", "编译失败："),
    ("not graded: ", "未评分："),
    ("rules: ", "规则："),
    ("0 for a fault (", "因故障得 0 分（"),
    (" as played", "（按实际对局）"),
    ("it crashed: killed by signal", "崩溃：被终止，信号"),
    ("it crashed: exit status", "崩溃：退出码"),
    (" (SIG", "（SIG"),
    ("its input closed", "它的输入已关闭"),
    (" of CPU time (--time-limit): killed", " CPU 时间（--time-limit），已终止"),
    (" of wall time (--wall-limit): killed", " 墙钟时间（--wall-limit），已终止"),
    ("the game used over", "一局用了超过"),
    ("the map used over", "一张地图用了超过"),
    ("the game took over", "一局用了超过"),
    ("the map took over", "一张地图用了超过"),
    ("too slow: ", "超时：用了 "),
    (" of CPU time, limit ", " CPU 时间，限制 "),
    ("no exit after ", "未退出，已过 "),
    (" of wall time (", " 墙钟时间（"),
    (" of CPU: waiting or sleeping)", " CPU 时间：在等待或睡眠）"),
    (" of CPU)", " CPU 时间）"),
    ("; killed", "，已终止"),
    ("it printed more than", "输出超过"),
    ("wrong answer", "答案错误"),
    ("expected ", "应为 "),
    (", got ", "，得到 "),
    ("(end of output)", "（输出结束）"),
    ("skipped: ", "已跳过："),
    ("not a source file or program", "不是源文件或程序"),
    ("a symbolic link", "符号链接"),
    ("a FIFO", "命名管道"),
    ("a socket", "套接字"),
    ("a device", "设备文件"),
    ("an entry that cannot be read", "无法读取的条目"),
    (
        " (only regular files and folders are graded)",
        "（只评普通文件和文件夹）",
    ),
    ("a global variable ", "全局变量 "),
    ("a static variable ", "静态变量 "),
    (" (the course forbids them)", "（课程禁止全局变量）"),
    (" (the course forbids the STL)", "（课程禁止 STL）"),
    ("output with ", "输出函数 "),
    (" (the course forbids printing)", "（课程禁止输出）"),
    (
        "GamePanel written (the course allows reading it only)",
        "写了 GamePanel（课程只允许读取）",
    ),
    (" (hand in no #include: the judge's program has them)", "（不要提交 #include：评测程序已包含）"),
    (
        " inside a function (it keeps state between calls, as a global variable does)",
        " 在函数内（它在两次调用之间保存状态，与全局变量相同）",
    ),
    (
        "GamePanel changed by a call of machine() (seen by our driver)",
        "machine() 的一次调用改变了 GamePanel（我们的驱动程序发现）",
    ),
    (
        "main() (hand in machine() and its helpers only: the judge's program has its own main)",
        "main()（只提交 machine() 及其辅助函数：评测程序有自己的 main）",
    ),
    ("remove main() from ", "请删除 main()："),
    (
        ": hand in machine() and its helpers only (the judge's program has its own main)",
        "：只提交 machine() 及其辅助函数（评测程序有自己的 main）",
    ),
    (" from string.h", " 来自 string.h"),
    (" from assert.h", " 来自 assert.h"),
    (" from limits.h", " 来自 limits.h"),
    (
        ", which the judge's program does not include (only iostream.h, stdio.h, time.h, stdlib.h and math.h)",
        "，评测程序不包含它（只有 iostream.h、stdio.h、time.h、stdlib.h 和 math.h）",
    ),
    ("its time budget", "时间预算"),
    ("file: ", "文件："),
    (", from the cache", "，来自缓存"),
    ("games won: ", "胜局："),
    (" (played ", "（已玩 "),
    ("); mean score ", "）；平均分 "),
    ("mean clicks per win ", "每胜平均点击 "),
    ("no win", "无胜局"),
    ("; stopped at 400 clicks: ", "；在 400 次点击时停止："),
    (", failed on ", "，失败的地图 "),
    (" (scores 0)", "（计 0 分）"),
    ("tests: ", "测试："),
    ("Beating the highest: ", "超过最高者："),
    (
        "; below the lowest: 0; linear between two.",
        "；低于最低者：0；两者之间线性换算。",
    ),
    (
        "does not compile: 0, as the course gives",
        "编译失败：按课程规定计 0 分",
    ),
    (
        "0, as the course gives a program that does not run normally",
        "按课程规定，不能正常运行的程序计 0 分",
    ),
    ("failed in ", "失败于 "),
    ("failed on ", "失败于 "),
    (
        "not as the course requires (--strict)",
        "不符合课程要求（--strict）",
    ),
    ("a resubmission: ", "重交："),
    (" points taken", " 分已扣除"),
    ("ran out:", "已用完："),
    ("the rest score 0", "其余计 0 分"),
    // The report's own phrases beyond the notes: marks' reasons, tests, compile errors, the
    // table's lines.
    (
        ": a batch where it failed scores 0, as the online judge's runtime error",
        "：出错的一组计 0 分，如同在线评测的运行错误",
    ),
    (" to the standard output", " 写到标准输出"),
    (
        ", which advanced.cpp keeps for the map (print to std::cerr)",
        "（advanced.cpp 把它留给地图；请写到 std::cerr）",
    ),
    (" passed", " 通过"),
    (" (only spaces at line ends differ)", "（只有行末空格不同）"),
    ("out of memory", "内存不足"),
    ("printed far more than the answer", "输出远多于答案"),
    ("cannot run", "无法运行"),
    (" does not compile with our driver (", " 在我们的驱动程序中编译失败（"),
    (" does not compile (", " 编译失败（"),
    ("exit status: ", "退出码 "),
    ("still compiling, ", "仍在编译，"),
    (": stopped", "：已停止"),
    ("too slow (CPU time)", "超时（CPU 时间）"),
    ("no exit (wall time)", "未退出（墙钟时间）"),
    ("output limit", "输出超限"),
    (" s, --budget) ran out: ", " 秒，--budget）已用完："),
    (" played, the rest score 0", "已完成，其余计 0 分"),
    ("no source file in the folder ", "文件夹中没有源文件："),
    ("graded ", "评分的是 "),
    (" of the ", "（文件夹中共 "),
    (" files in the folder", " 个文件）"),
];

impl Lang {
    /// `en` or `zh`.
    pub fn parse(text: &str) -> Option<Lang> {
        match text {
            "en" => Some(Lang::English),
            "zh" => Some(Lang::Chinese),
            _ => None,
        }
    }

    /// The language of this process's locale: Chinese for `zh_*` in the first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set.
    pub fn from_environment() -> Lang {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
            .unwrap_or_default();
        if locale.starts_with("zh") {
            Lang::Chinese
        } else {
            Lang::English
        }
    }

    /// A phrase of ours (a heading, a column) in this language.
    pub fn word(self, english: &str) -> String {
        match self {
            Lang::English => english.to_string(),
            Lang::Chinese => WORDS
                .iter()
                .find(|(en, _)| *en == english)
                .map_or(english, |(_, zh)| zh)
                .to_string(),
        }
    }

    /// A note or message of ours in this language: every phrase of [`PHRASES`] put in
    /// Chinese, with Chinese punctuation; what a program or the compiler said, quoted in “…”
    /// or `"…"`, kept as it is.
    pub fn note(self, english: &str) -> String {
        if self == Lang::English {
            return english.to_string();
        }
        let mut phrases = PHRASES.to_vec();
        phrases.sort_by_key(|(en, _)| std::cmp::Reverse(en.len()));
        let mut text = Vec::new();
        for (part, printed) in quoted_parts(english) {
            if printed {
                text.extend(part.chars().map(|c| (c, true)));
                continue;
            }
            let mut part = counted(&numbered_lines(&numbered(part)));
            for (en, zh) in &phrases {
                part = part.replace(en, zh);
            }
            text.extend(part.chars().map(|c| (c, false)));
        }
        full_width(&text)
    }

    /// What a program or the compiler printed, marked as such: in Chinese inside “…”, so that
    /// [`Lang::note`] keeps it as it is; in English as it is.
    pub fn printed(self, text: &str) -> String {
        match self {
            Lang::English => text.to_string(),
            Lang::Chinese => format!("“{text}”"),
        }
    }

    /// A batch's name (`10x10 with 9 mines, seed 1, min_dist 2`) in this language.
    pub fn batch(self, name: &str) -> String {
        match self {
            Lang::English => name.to_string(),
            Lang::Chinese => batch_in_chinese(name).unwrap_or_else(|| name.to_string()),
        }
    }
}

/// `10x10 with 9 mines, seed 1, min_dist 2` as `10×10、9 个雷、种子 1、min_dist 2`.
fn batch_in_chinese(name: &str) -> Option<String> {
    let (size, rest) = name.split_once(" with ")?;
    let (rows, cols) = size.split_once('x')?;
    let (mines, rest) = rest.split_once(" mines, seed ")?;
    let (seed, min_dist) = rest.split_once(", min_dist ")?;
    let numbers = [rows, cols, mines, seed, min_dist];
    if !numbers
        .iter()
        .all(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
    {
        return None;
    }
    Some(format!(
        "{rows}×{cols}、{mines} 个雷、种子 {seed}、min_dist {min_dist}"
    ))
}

/// `text` cut into what is ours and what is quoted (`“…”`, or `"…"` with `\` escapes), in
/// order; `true` marks a quote, its quotation marks included.
fn quoted_parts(text: &str) -> Vec<(&str, bool)> {
    let mut parts = Vec::new();
    let (mut from, mut chars) = (0, text.char_indices().peekable());
    while let Some((at, c)) = chars.next() {
        let close = match c {
            '“' => '”',
            '"' => '"',
            _ => continue,
        };
        let mut end = text.len();
        while let Some((inner, d)) = chars.next() {
            if d == '\\' && close == '"' {
                chars.next();
            } else if d == close {
                end = inner + d.len_utf8();
                break;
            }
        }
        if at > from {
            parts.push((&text[from..at], false));
        }
        parts.push((&text[at..end], true));
        from = end;
    }
    if from < text.len() {
        parts.push((&text[from..], false));
    }
    parts
}

/// Whether `c` is Chinese text or Chinese punctuation.
fn chinese(c: char) -> bool {
    matches!(c as u32, 0x3000..=0x303F | 0x4E00..=0x9FFF | 0xFF00..=0xFFEF) || "“”、".contains(c)
}

/// Our half-width `:,;()` next to Chinese text made full-width (a `)` as its `(` was), and
/// no space beside full-width punctuation; what was printed (`true`) left as it is.
fn full_width(text: &[(char, bool)]) -> String {
    let mut out = String::new();
    let mut opened = Vec::new();
    for (i, &(c, printed)) in text.iter().enumerate() {
        let after_wide = out.ends_with(|c: char| "：，；（）".contains(c));
        if printed {
            out.push(c);
            continue;
        }
        if after_wide && c == ' ' {
            continue;
        }
        let before = out.trim_end_matches(' ').chars().next_back();
        let after = text[i + 1..].iter().map(|p| p.0).find(|c| *c != ' ');
        let beside_chinese = before.is_some_and(chinese) || after.is_some_and(chinese);
        let wide = match c {
            '(' => {
                opened.push(beside_chinese);
                beside_chinese
            }
            '（' => {
                opened.push(true);
                true
            }
            ')' | '）' => opened.pop().unwrap_or(beside_chinese) || c == '）',
            ':' | ',' | ';' => beside_chinese,
            _ => "：，；".contains(c),
        };
        if !wide {
            out.push(c);
            continue;
        }
        while out.ends_with(' ') {
            out.pop();
        }
        out.push(match c {
            '(' => '（',
            ')' => '）',
            ':' => '：',
            ',' => '，',
            ';' => '；',
            _ => c,
        });
    }
    out
}

/// `line 12: ` as `第 12 行：`.
fn numbered_lines(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("line ") {
        let after = &rest[at + 5..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        out.push_str(&rest[..at]);
        if digits > 0 && after[digits..].starts_with(": ") {
            out.push_str(&format!("第 {} 行：", &after[..digits]));
            rest = &after[digits + 2..];
        } else {
            out.push_str("line ");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// The digits at the start of `text`, and the rest.
fn digits(text: &str) -> Option<(&str, &str)> {
    let end = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    (end > 0).then(|| text.split_at(end))
}

/// After `game `: `3, click 12: ` as `第 3 局第 12 次点击：`, and the rest.
fn game_click(rest: &str) -> Option<(String, &str)> {
    let (g, rest) = digits(rest)?;
    let (c, rest) = digits(rest.strip_prefix(", click ")?)?;
    Some((
        format!("第 {g} 局第 {c} 次点击："),
        rest.strip_prefix(": ")?,
    ))
}

/// After `batch `: `NAME, map M, after K moves: ` as `第 NAME 组第 M 张地图，K 步后：`, and
/// the rest.
fn batch_map(rest: &str) -> Option<(String, &str)> {
    let (name, rest) = rest.split_once(", map ")?;
    let (m, rest) = digits(rest)?;
    let (k, rest) = digits(rest.strip_prefix(", after ")?)?;
    let name = batch_in_chinese(name)?;
    Some((
        format!("第 {name} 组第 {m} 张地图，{k} 步后："),
        rest.strip_prefix(" moves: ")?,
    ))
}

/// Where a game's click or a batch's map is named, wherever it is, in Chinese.
fn numbered(text: &str) -> String {
    type Read = fn(&str) -> Option<(String, &str)>;
    let readers: [(&str, Read); 2] = [("game ", game_click), ("batch ", batch_map)];
    let mut out = String::new();
    let mut rest = text;
    while let Some((at, word, read)) = readers
        .iter()
        .filter_map(|&(word, read)| Some((rest.find(word)?, word, read)))
        .min_by_key(|(at, _, _)| *at)
    {
        out.push_str(&rest[..at]);
        let after = &rest[at + word.len()..];
        match read(after) {
            Some((said, tail)) => {
                out.push_str(&said);
                rest = tail;
            }
            None => {
                out.push_str(word);
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

/// `3 games` as `3 局`, and so for maps, tests and batches; `3 of 20` as `3/20`.
fn counted(text: &str) -> String {
    const UNITS: [(&str, &str); 8] = [
        ("games", "局"),
        ("game", "局"),
        ("maps", "张地图"),
        ("map", "张地图"),
        ("tests", "个测试"),
        ("test", "个测试"),
        ("batches", "组"),
        ("batch", "组"),
    ];
    let mut out = String::new();
    let mut rest = text;
    while let Some((number, tail)) = rest.find(|c: char| c.is_ascii_digit()).and_then(|at| {
        out.push_str(&rest[..at]);
        digits(&rest[at..])
    }) {
        out.push_str(number);
        rest = tail;
        if let Some((whole, after)) = tail.strip_prefix(" of ").and_then(digits) {
            out.push('/');
            out.push_str(whole);
            rest = after;
        }
        let tail = rest;
        let unit = UNITS.iter().find(|(en, _)| {
            tail.strip_prefix(' ')
                .and_then(|t| t.strip_prefix(en))
                .is_some_and(|t| !t.starts_with(|c: char| c.is_ascii_alphanumeric()))
        });
        if let Some((en, zh)) = unit {
            out.push(' ');
            out.push_str(zh);
            rest = &tail[1 + en.len()..];
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notes_are_put_in_chinese_phrase_by_phrase() {
        let zh = Lang::Chinese;
        assert_eq!(
            zh.note("game 1, click 3: it crashed: killed by signal 11 (SIGSEGV)"),
            "第 1 局第 3 次点击：崩溃：被终止，信号 11（SIGSEGV）"
        );
        assert_eq!(
            zh.note(
                "batch 10x10 with 9 mines, seed 1, min_dist 2, map 4, after 7 moves: the map \
                 used over 2.000 s of CPU time (--time-limit): killed"
            ),
            "第 10×10、9 个雷、种子 1、min_dist 2 组第 4 张地图，7 步后：一张地图用了超过 \
             2.000 s CPU 时间（--time-limit），已终止"
        );
        assert_eq!(
            zh.note("game 1, click 3: too slow: 1.23 s of CPU time, limit 1 s; killed"),
            "第 1 局第 3 次点击：超时：用了 1.23 s CPU 时间，限制 1 s，已终止"
        );
        assert_eq!(
            zh.note("skipped: a FIFO (only regular files and folders are graded)"),
            "已跳过：命名管道（只评普通文件和文件夹）"
        );
        assert_eq!(
            zh.note(
                "failed in 3 games (game 2, click 5: its input closed): 0, as the course \
                 gives a program that does not run normally"
            ),
            "失败于 3 局（第 2 局第 5 次点击：它的输入已关闭）：按课程规定，不能正常运行的程序计 0 分"
        );
        assert_eq!(
            zh.note(
                "its time budget (120 s, --budget) ran out: 3 of 20 games played, the rest \
                 score 0"
            ),
            "时间预算（120 秒，--budget）已用完：3/20 局已完成，其余计 0 分"
        );
        assert_eq!(
            zh.note("graded a.c of the 3 files in the folder"),
            "评分的是 a.c（文件夹中共 3 个文件）"
        );
        assert_eq!(
            Lang::English.note("game 1, click 3: x"),
            "game 1, click 3: x"
        );
        assert_eq!(zh.word("student"), "学生");
        assert_eq!(zh.word("no such phrase"), "no such phrase");
        assert_eq!(
            zh.batch("16x30 with 99 mines, seed 12, min_dist 0"),
            "16×30、99 个雷、种子 12、min_dist 0"
        );
    }

    #[test]
    fn what_a_program_or_compiler_printed_stays_as_printed() {
        let zh = Lang::Chinese;
        let error = zh.printed("a.txt:3:10: error: expected ';' before 'y' (line 2: 3 games)");
        assert_eq!(
            zh.note(&format!("does not compile: {error}")),
            format!("编译失败：{error}")
        );
        assert_eq!(
            zh.note("t1: wrong answer: line 2: expected \"game 1, click 2: x\", got \"(a; b)\""),
            "t1：答案错误：第 2 行：应为 \"game 1, click 2: x\"，得到 \"(a; b)\""
        );
        assert_eq!(Lang::English.printed("x"), "x");
    }

    #[test]
    fn every_phrase_is_once_in_its_table() {
        for table in [WORDS, PHRASES] {
            let mut seen = std::collections::BTreeSet::new();
            for (en, zh) in table {
                assert!(seen.insert(en), "{en} twice");
                assert!(!zh.is_ascii(), "{en}");
            }
        }
    }

    /// Chinese text takes `：，；（）`: a half-width one is only in C++ (`f()`, `std::cerr`).
    #[test]
    fn every_chinese_phrase_has_chinese_punctuation() {
        let tables = [WORDS, PHRASES];
        for (en, zh) in tables.into_iter().flatten() {
            let text = zh.replace("()", "").replace("::", "");
            assert!(
                !text.contains(|c| ":,;()".contains(c)),
                "{en:?}: {zh:?} has half-width punctuation"
            );
        }
    }
}
