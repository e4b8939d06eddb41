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
const WORDS: [(&str, &str); 47] = [
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
    ("mark low (95%)", "成绩下限 (95%)"),
    ("mark high (95%)", "成绩上限 (95%)"),
    ("score per game", "每局得分"),
    ("clicks per win", "每胜点击"),
    ("raw score", "原始分"),
    ("mark as played", "按实际对局的成绩"),
    ("file", "文件"),
    ("score (%)", "相似度 (%)"),
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
    ("score", "得分"),
];

/// Phrases of our own found inside notes and messages, and their Chinese.
const PHRASES: [(&str, &str); 72] = [
    ("does not compile: ", "编译失败:"),
    ("not graded: ", "未评分:"),
    ("rules: ", "规则:"),
    ("0 for a fault (", "因故障得 0 分("),
    (" as played", " (按实际对局)"),
    ("it crashed: killed by signal", "崩溃:被信号终止"),
    ("it crashed: exit status", "崩溃:退出码"),
    ("its input closed", "它的输入已关闭"),
    (" of CPU time (--time-limit): killed", " CPU 时间(--time-limit),已终止"),
    (" of wall time (--wall-limit): killed", " 墙钟时间(--wall-limit),已终止"),
    ("the game used over", "一局用了超过"),
    ("the map used over", "一张地图用了超过"),
    ("the game took over", "一局用了超过"),
    ("the map took over", "一张地图用了超过"),
    ("too slow: ", "超时:用了 "),
    (" of CPU time, limit ", " CPU 时间,限制 "),
    ("no exit after ", "未退出,已过 "),
    (" of wall time (", " 墙钟时间("),
    (" of CPU: waiting or sleeping)", " CPU 时间:在等待或睡眠)"),
    (" of CPU)", " CPU 时间)"),
    ("; killed", ",已终止"),
    ("it printed more than", "输出超过"),
    ("wrong answer", "答案错误"),
    ("expected ", "应为 "),
    (", got ", ",得到 "),
    ("(end of output)", "(输出结束)"),
    ("skipped: ", "已跳过:"),
    ("a symbolic link", "符号链接"),
    ("a FIFO", "命名管道"),
    ("a socket", "套接字"),
    ("a device", "设备文件"),
    ("an entry that cannot be read", "无法读取的条目"),
    (
        " (only regular files and folders are graded)",
        "(只评普通文件和文件夹)",
    ),
    ("a global variable ", "全局变量 "),
    ("a static variable ", "静态变量 "),
    (" (the course forbids them)", "(课程禁止全局变量)"),
    (" (the course forbids the STL)", "(课程禁止 STL)"),
    ("output with ", "输出函数 "),
    (" (the course forbids printing)", "(课程禁止输出)"),
    (
        "GamePanel written (the course allows reading it only)",
        "写了 GamePanel(课程只允许读取)",
    ),
    (" (hand in no #include: the judge's program has them)", "(不要提交 #include:评测程序已包含)"),
    (
        " inside a function (it keeps state between calls, as a global variable does)",
        " 在函数内(它在两次调用之间保存状态,与全局变量相同)",
    ),
    (
        "GamePanel changed by a call of machine() (seen by our driver)",
        "machine() 的一次调用改变了 GamePanel(我们的驱动程序发现)",
    ),
    (
        "main() (hand in machine() and its helpers only: the judge's program has its own main)",
        "main()(只提交 machine() 及其辅助函数:评测程序有自己的 main)",
    ),
    ("remove main() from ", "请删除 main():"),
    (
        ": hand in machine() and its helpers only (the judge's program has its own main)",
        ":只提交 machine() 及其辅助函数(评测程序有自己的 main)",
    ),
    (" from string.h", " 来自 string.h"),
    (" from assert.h", " 来自 assert.h"),
    (" from limits.h", " 来自 limits.h"),
    (
        ", which the judge's program does not include (only iostream.h, stdio.h, time.h, stdlib.h and math.h)",
        ",评测程序不包含它(只有 iostream.h、stdio.h、time.h、stdlib.h 和 math.h)",
    ),
    ("its time budget", "时间预算"),
    ("file: ", "文件:"),
    (", from the cache", ",来自缓存"),
    ("games won: ", "胜局:"),
    (" (played ", "(已玩 "),
    ("); mean score ", ");平均分 "),
    ("mean clicks per win ", "每胜平均点击 "),
    ("no win", "无胜局"),
    ("; stopped at 400 clicks: ", ";在 400 次点击时停止:"),
    (", failed on ", ",失败 "),
    (" (scores 0)", "(计 0 分)"),
    ("tests: ", "测试:"),
    ("Beating the highest: ", "超过最高者:"),
    (
        "; below the lowest: 0; linear between two.",
        ";低于最低者:0;两者之间线性换算。",
    ),
    (
        "does not compile: 0, as the course gives",
        "编译失败:按课程规定计 0 分",
    ),
    (
        "0, as the course gives a program that does not run normally",
        "按课程规定,不能正常运行的程序计 0 分",
    ),
    ("failed in ", "失败的对局 "),
    (
        "not as the course requires (--strict)",
        "不符合课程要求(--strict)",
    ),
    ("a resubmission: ", "重交:"),
    (" points taken", " 分已扣除"),
    ("ran out:", "已用完:"),
    ("the rest score 0", "其余计 0 分"),
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
    /// Chinese, what the program or the compiler said kept as it is.
    pub fn note(self, english: &str) -> String {
        if self == Lang::English {
            return english.to_string();
        }
        let mut text = numbered_lines(&numbered(english));
        let mut phrases = PHRASES.to_vec();
        phrases.sort_by_key(|(en, _)| std::cmp::Reverse(en.len()));
        for (en, zh) in phrases {
            text = text.replace(en, zh);
        }
        text
    }
}

/// `line 12: ` as `第 12 行:`.
fn numbered_lines(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("line ") {
        let after = &rest[at + 5..];
        let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
        out.push_str(&rest[..at]);
        if digits > 0 && after[digits..].starts_with(": ") {
            out.push_str(&format!("第 {} 行:", &after[..digits]));
            rest = &after[digits + 2..];
        } else {
            out.push_str("line ");
            rest = after;
        }
    }
    out.push_str(rest);
    out
}

/// `game 3, click 12: ` as `第 3 局第 12 次点击:`, and `batch B, map M, after K moves: ` as
/// `第 B 组第 M 张地图,K 步后:`, wherever they begin a note's part.
fn numbered(text: &str) -> String {
    let mut out = String::new();
    for (i, part) in text.split("; ").enumerate() {
        if i > 0 {
            out.push_str("; ");
        }
        let (head, tail) = part.split_once(": ").unwrap_or((part, ""));
        let (lead, head) = match head.rfind('(') {
            Some(at) => head.split_at(at + 1),
            None => ("", head),
        };
        let words: Vec<&str> = head.split(", ").collect();
        let value = |w: &str, key: &str| w.strip_prefix(key).map(str::to_string);
        let said = match words[..] {
            [g, c] => value(g, "game ")
                .zip(value(c, "click "))
                .map(|(g, c)| format!("第 {g} 局第 {c} 次点击:")),
            [b, m, k] => value(b, "batch ")
                .zip(value(m, "map "))
                .zip(value(k, "after "))
                .map(|((b, m), k)| {
                    format!(
                        "第 {b} 组第 {m} 张地图,{} 步后:",
                        k.trim_end_matches(" moves")
                    )
                }),
            _ => None,
        };
        match said {
            Some(said) if !tail.is_empty() => {
                out.push_str(lead);
                out.push_str(&said);
                out.push_str(tail);
            }
            _ => out.push_str(part),
        }
    }
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
            "第 1 局第 3 次点击:崩溃:被信号终止 11 (SIGSEGV)"
        );
        assert_eq!(
            zh.note(
                "batch 10x10, map 4, after 7 moves: the map used over 2.000 s of CPU time \
                 (--time-limit): killed"
            ),
            "第 10x10 组第 4 张地图,7 步后:一张地图用了超过 2.000 s CPU 时间(--time-limit),已终止"
        );
        assert_eq!(
            zh.note("game 1, click 3: too slow: 1.23 s of CPU time, limit 1 s; killed"),
            "第 1 局第 3 次点击:超时:用了 1.23 s CPU 时间,限制 1 s,已终止"
        );
        assert_eq!(
            zh.note("skipped: a FIFO (only regular files and folders are graded)"),
            "已跳过:命名管道(只评普通文件和文件夹)"
        );
        assert_eq!(
            Lang::English.note("game 1, click 3: x"),
            "game 1, click 3: x"
        );
        assert_eq!(zh.word("student"), "学生");
        assert_eq!(zh.word("no such phrase"), "no such phrase");
    }

    #[test]
    fn every_phrase_is_once_in_its_table() {
        for table in [&WORDS[..], &PHRASES[..]] {
            let mut seen = std::collections::BTreeSet::new();
            for (en, zh) in table {
                assert!(seen.insert(en), "{en} twice");
                assert!(!zh.is_ascii(), "{en}");
            }
        }
    }
}
