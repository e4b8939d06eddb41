//! What `grade` prints on the terminal of its own (the progress on stderr, the errors, the
//! usage) in Chinese. Messages are made in English, as in every binary, and put in Chinese when
//! printed, by templates: a template's `{}` holes match any text, which is put in Chinese in
//! turn (an error of the system inside one of ours), and fill the Chinese's `{0}`, `{1}`...
//! (`{1、}` lists the hole's `a, b and c` as `a、b、c`). A message no template knows is printed as
//! it is: English rather than wrong.

use super::words::Lang;

/// Our messages and their Chinese, the more particular before the more general.
const TEMPLATES: &[(&str, &str)] = &[
    // The progress.
    (
        "grade {}: {} students in {}, seed {}, {} at a time",
        "grade {0}：{2} 中的 {1} 名学生，种子 {3}，同时评 {4} 名",
    ),
    (
        "grade {}: {} of {} done ({}), about {} left",
        "grade {0}：已评完 {1}/{2}（用时 {3}），约还需 {4}",
    ),
    (
        "grade {}: {} of {} done ({})",
        "grade {0}：已评完 {1}/{2}（用时 {3}）",
    ),
    // The command line.
    (
        "give a task and the class's folder",
        "请给出任务和班级文件夹",
    ),
    (
        "give the class's folder after the task",
        "请在任务之后给出班级文件夹",
    ),
    ("unknown task {}: {}", "没有任务 {0}：可选 {1、}"),
    ("{} needs a value", "{0} 需要一个值"),
    (
        "{} {}: expected an integer from {} to {}",
        "{0} {1}：应为 {2} 到 {3} 的整数",
    ),
    (
        "{} {}: expected seconds from {} to {}",
        "{0} {1}：应为 {2} 到 {3} 秒",
    ),
    ("{} {}: expected a number", "{0} {1}：应为一个数"),
    ("{} {}: expected NAME=FILE", "{0} {1}：应为 NAME=FILE"),
    ("{} {}: expected A or B", "{0} {1}：应为 A 或 B"),
    ("{} {}: expected en or zh", "{0} {1}：应为 en 或 zh"),
    ("{} does not apply to {}", "{0} 不适用于 {1}"),
    ("unexpected argument {}", "多余的参数 {0}"),
    (
        "{} is no more: use --time-limit SEC (CPU time; --wall-limit SEC is the wall-time \
         backstop)",
        "{0} 已不再使用：请用 --time-limit SEC（CPU 时间；--wall-limit SEC 是墙钟时间的兜底）",
    ),
    ("--batch {}: {}", "--batch {0}：{1}"),
    ("expected {}, found the end", "应有 {0}，但文件已结束"),
    (
        "expected {}, a number, found {}",
        "应有 {0}（一个数），却是 {1}",
    ),
    (
        "acm-client is marked through the course's {} baselines: give each with --baseline \
         NAME=FILE (rubbish, baseline1, baseline2), or none for ours",
        "acm-client 的成绩按课程的 {0} 个基准程序换算：请用 --baseline NAME=FILE 逐个给出\
         （rubbish、baseline1、baseline2），或一个也不给，用我们的",
    ),
    // Grading.
    (
        "the jail for the students' code cannot be built here ({}); nobody was graded. Fix \
         that, or give --no-jail to grade without it (the report then says so at its top)",
        "这里无法为学生的代码建立监狱（{0}），没有评任何人。请解决这个问题，或给出 --no-jail \
         在没有监狱的情况下评分（报告开头会注明）",
    ),
    (
        "MINEJUDGE_NO_NAMESPACES is set",
        "设置了 MINEJUDGE_NO_NAMESPACES",
    ),
    ("cannot prepare it: {}", "无法准备监狱：{0}"),
    ("cannot build it: {}; {}", "无法建立监狱：{0}；{1}"),
    (
        "run it where namespaces and mounts are allowed (a container needs them granted)",
        "请在允许命名空间和挂载的地方运行（容器需要授予这些权限）",
    ),
    (
        "run it as root, or allow unprivileged user namespaces (sysctl \
         kernel.unprivileged_userns_clone=1, user.max_user_namespaces > 0)",
        "请以 root 运行，或允许非特权用户命名空间（sysctl \
         kernel.unprivileged_userns_clone=1，user.max_user_namespaces > 0）",
    ),
    (
        "a program started in it saw the host ({})",
        "在其中启动的程序看到了宿主机（{0}）",
    ),
    ("--tests {}: no *.in file", "--tests {0}：没有 *.in 文件"),
    ("--tests {}: {}", "--tests {0}：{1}"),
    ("{}: our {} refuses it: {}", "{0}：我们的 {1} 拒绝它：{2}"),
    (
        "cannot write our baselines in {}: {}",
        "无法在 {0} 中写出我们的基准程序：{1}",
    ),
    (
        "no C++ compiler found (tried $CXX, g++, c++ and clang++): install one (Debian, \
         Ubuntu: apt-get install g++) or give --cxx PATH",
        "找不到 C++ 编译器（试过 $CXX、g++、c++ 和 clang++）：请安装一个（Debian、Ubuntu：\
         apt-get install g++），或给出 --cxx PATH",
    ),
    (
        "the C++ compiler {} (from {}) cannot be found",
        "找不到 C++ 编译器 {0}（来自 {1}）",
    ),
    (
        "the compiler {} is {}, which refuses the flags every build passes ({}): they need GCC \
         10 or Clang 12 or later; install one, or give --cxx PATH",
        "编译器 {0} 是 {1}，它不接受每次编译都用的选项（{2}）：需要 GCC 10 或 Clang 12 及以上；\
         请安装一个，或给出 --cxx PATH",
    ),
    (
        "cannot run the C++ compiler {}: {}",
        "无法运行 C++ 编译器 {0}：{1}",
    ),
    (
        "the baseline {} ({}) could not be graded: {}",
        "基准程序 {0}（{1}）无法评分：{2}",
    ),
    ("cannot read {}: {}", "无法读取 {0}：{1}"),
    ("cannot write standard output: {}", "无法写入标准输出：{0}"),
    ("cannot write {}: {}", "无法写入 {0}：{1}"),
    // The system's words for the errors a teacher meets.
    (
        "No such file or directory (os error {})",
        "文件或文件夹不存在（系统错误 {0}）",
    ),
    (
        "Permission denied (os error {})",
        "没有权限（系统错误 {0}）",
    ),
    (
        "Not a directory (os error {})",
        "不是文件夹（系统错误 {0}）",
    ),
    ("Is a directory (os error {})", "是文件夹（系统错误 {0}）"),
    (
        "Read-only file system (os error {})",
        "只读文件系统（系统错误 {0}）",
    ),
    (
        "No space left on device (os error {})",
        "设备上没有空间了（系统错误 {0}）",
    ),
    ("File exists (os error {})", "文件已存在（系统错误 {0}）"),
];

/// How deep holes are put in Chinese in turn.
const DEPTH: usize = 3;

impl Lang {
    /// The language `grade`'s command line asks for, known before the options are read (so that
    /// an error in an option before `--lang` is in it): the last `--lang en|zh` before `--`,
    /// else the locale's.
    pub fn of_arguments(arguments: &[String]) -> Lang {
        let own = arguments.iter().take_while(|arg| *arg != "--");
        let own: Vec<&String> = own.collect();
        let given = own.windows(2).rev().find(|pair| pair[0] == "--lang");
        given
            .and_then(|pair| Lang::parse(pair[1]))
            .unwrap_or_else(Lang::from_environment)
    }

    /// A message of ours (progress, an error) in this language.
    pub fn message(self, english: &str) -> String {
        match self {
            Lang::English => english.to_string(),
            Lang::Chinese => chinese(english, DEPTH),
        }
    }

    /// What begins an error line: `error: `, or `错误：` in Chinese. The exit status (2 for
    /// bad usage or a class that cannot be graded) is what a script reads.
    pub fn error_tag(self) -> &'static str {
        match self {
            Lang::English => "error: ",
            Lang::Chinese => "错误：",
        }
    }
}

/// `english` put in Chinese by the first template it matches, its holes `depth - 1` deep.
fn chinese(english: &str, depth: usize) -> String {
    if depth == 0 {
        return english.to_string();
    }
    for (en, zh) in TEMPLATES {
        if let Some(holes) = holes(english, en) {
            let holes: Vec<String> = holes.iter().map(|h| chinese(h, depth - 1)).collect();
            return filled(zh, &holes);
        }
    }
    english.to_string()
}

/// What `text` has in the holes of `template`, when it matches: each hole as short as it can
/// be, but the last, which runs to what ends the template.
fn holes<'a>(text: &'a str, template: &str) -> Option<Vec<&'a str>> {
    let mut pieces = template.split("{}");
    let mut rest = text.strip_prefix(pieces.next().unwrap_or_default())?;
    let pieces: Vec<&str> = pieces.collect();
    let mut holes = Vec::new();
    for (i, piece) in pieces.iter().enumerate() {
        let at = if i + 1 == pieces.len() {
            rest.strip_suffix(piece).map(str::len)?
        } else {
            rest.find(piece)?
        };
        holes.push(&rest[..at]);
        rest = &rest[at + piece.len()..];
    }
    (!pieces.is_empty() || rest.is_empty()).then_some(holes)
}

/// `template` with `{N}` as hole N, and `{N、}` as hole N's list of `a, b and c` as `a、b、c`.
fn filled(template: &str, holes: &[String]) -> String {
    let mut out = String::new();
    let mut rest = template;
    while let Some(at) = rest.find('{') {
        out.push_str(&rest[..at]);
        let after = &rest[at + 1..];
        let end = after.find('}').unwrap_or(after.len());
        let spec = &after[..end];
        let index = spec.trim_end_matches('、').parse::<usize>().ok();
        match index.and_then(|i| holes.get(i)) {
            Some(hole) if spec.ends_with('、') => out.push_str(
                &hole
                    .replace(", and ", "、")
                    .replace(" and ", "、")
                    .replace(", ", "、"),
            ),
            Some(hole) => out.push_str(hole),
            None => out.push_str(&rest[at..at + 2 + end]),
        }
        rest = &after[(end + 1).min(after.len())..];
    }
    out.push_str(rest);
    out
}

/// `grade`'s usage before the options, in Chinese.
pub const USAGE_HEAD: &str = "\
用法：grade <任务> DIR [选项]
  按课程的方式给 DIR 中每名学生的提交评分（每名学生一个文件或文件夹；名字取自文件名，例如
  `5班-张三.txt` 即 5班-张三），并打印成绩表，成绩高者在前。每个文件是一个完整的程序（有 main）、
  课程自己的形式（`machine` 或 `RefreshGamePanel` 函数，client.h 或 server.h，编译进我们的驱动程序），
  或已经编译好的程序。每名学生的对局和测试都相同，来自同一个种子；每次运行都被隔离（见报告中的
  隔离一行）。退出状态：0 评分完成；2 用法错误或无法评分的班级（没有编译器、测试数据不可读）。
任务：
  jlu-machine   吉林大学第 (2) 小题：--games 局（1000）20x20、50 个雷的对局，成绩为平均分 × 1.3，
                最高 60；不能编译或在某一局中不能正常运行的程序得 0（报告也给出按实际对局的成绩）
  jlu-panel     吉林大学第 (1) 小题：完整程序或 RefreshGamePanel，按测试评分，每组 5 分
  mine-ops      清华 Mine：完整程序，按测试评分，每组 10 分
  acm-server    ACM 基础任务：server.h 或完整程序，按测试评分，每组 10 分
  acm-client    ACM 进阶任务：client.h，按每批 50 张地图评分（取最好的 45 张的平均），通过各基准
                程序的原始分换算成绩（用我们的基准程序，除非 --baseline 给出课程的）";

/// The heading of `grade`'s options, in Chinese.
pub const OPTIONS_HEADING: &str = "选项：";

/// The help of each of `grade`'s options, in Chinese.
const OPTION_HELP: &[(&str, &str)] = &[
    (
        "--seed",
        "每局、每张地图和每组生成的测试的种子（默认：每次从系统的随机源取新的，\n\
         并打印重放同样对局的命令；结果按种子缓存）",
    ),
    ("--games", "jlu-machine：每名学生的局数（默认 1000）"),
    ("--jobs", "同时评分的学生数（默认：处理器核数）"),
    (
        "--time-limit",
        "每组测试、每局或每张地图的 CPU 时间（默认：吉林大学第 (1) 小题 4，\n\
         清华和 ACM 基础任务 1，对局和地图 2）",
    ),
    (
        "--wall-limit",
        "每组测试、每局或每张地图的墙钟时间，用于停止一直等待的程序\n\
         （默认：--time-limit 的 3 倍，且至少多 1 秒）",
    ),
    (
        "--memory",
        "每次运行的内存（默认 512）：有可用的内存 cgroup 时按常驻内存计算，\n\
         并限制每个进程的地址空间",
    ),
    (
        "--stack",
        "每次运行的栈（默认：与 --memory 相同，与 Kattis 和 DMOJ 一致；0 为不限）",
    ),
    (
        "--budget",
        "一名学生所有对局、地图或测试可用的墙钟时间；超过后其余的不再运行，\n\
         计 0 分，备注会注明（默认：jlu-machine 每局 0.12 秒，至少 30 秒：\n\
         1000 局 120 秒；其他 120）",
    ),
    (
        "--processes",
        "每次运行可有的进程和线程数（默认 1：课程的程序从不 fork，\n\
         fork 炸弹立即停止）",
    ),
    (
        "--tests",
        "按测试点评分：每个 NAME.in 及其 NAME.ans 或 NAME.out（否则用我们的\n\
         评测程序的答案）；没有时，由 gen 按种子生成 --count 组",
    ),
    (
        "--count",
        "没有 --tests 时生成的测试数（默认：吉林大学第 (1) 小题 6，否则 10）",
    ),
    (
        "--points",
        "每组测试的分数（默认：吉林大学第 (1) 小题 5，否则 10）",
    ),
    (
        "--batch",
        "acm-client：一个批次文件（rows cols mines、seed、min_dist）；可重复\n\
         （默认：由种子生成的我们自己的 5 个批次）",
    ),
    (
        "--baseline",
        "acm-client：一个基准程序，与学生一样评测；请给出课程的三个\n\
         （rubbish、baseline1、baseline2），否则用我们的",
    ),
    (
        "--class",
        "acm-client：各基准程序处及超过最高者的成绩：\n\
         A 为 0、20、30 和 35（默认）；B 为 0、10、15 和 15",
    ),
    ("--cxx", "C++ 编译器（默认 $CXX，否则 g++、c++ 或 clang++）"),
    (
        "--csv",
        "另外把成绩写成 CSV（UTF-8，带字节顺序标记，供 Excel 使用）",
    ),
    (
        "--xlsx",
        "另外把成绩写成 Excel 工作簿（与 CSV 的行相同，数字即数字；各种表格软件\n\
         在任何语言下都能正确打开）",
    ),
    (
        "--html",
        "另外把报告写成一个 HTML 网页（直方图、详情、相似的代码）",
    ),
    ("--pairs-csv", "另外把相似的提交对写成 CSV，每行一对"),
    (
        "--cache",
        "把结果保存在这里，按每个文件的内容、编译器和每个选项区分，每条都用只有\n\
         本机才有的密钥封存（默认 ~/.cache/minejudge/grade）；--no-cache 为不用缓存",
    ),
    (
        "--strict",
        "jlu-machine：违反课程要求的文件（不得有 #include 或 main，不得用 STL，\n\
         只用五个头文件中的库，不得输出，不得有全局或静态变量，GamePanel 只读）\n\
         按课程规定得 0 分；不给时成绩照算，并列出每处违规及其行号",
    ),
    (
        "--resubmitted",
        "学生 NAME 的文件是重交的：按课程规定从成绩中扣 10 分；可重复",
    ),
    (
        "--no-jail",
        "无法建立监狱（没有命名空间）时，以现有最强的隔离照常评分；报告开头会\n\
         注明。不给时，grade 在评任何人之前拒绝运行",
    ),
    (
        "--lang",
        "表格、备注、CSV 表头、HTML 和终端上的文字的语言（默认：zh_* 环境下\n\
         为中文，否则为英文）；程序或编译器的输出按原样引用",
    ),
    ("--quiet", "标准错误上不显示进度"),
];

/// The Chinese help of `grade`'s option `name`, if it has one.
pub fn option_help(name: &str) -> Option<&'static str> {
    let found = OPTION_HELP.iter().find(|(option, _)| *option == name);
    found.map(|(_, help)| *help)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_put_in_chinese_hole_by_hole() {
        let zh = Lang::Chinese;
        assert_eq!(
            zh.message("cannot read jlu-class: No such file or directory (os error 2)"),
            "无法读取 jlu-class：文件或文件夹不存在（系统错误 2）"
        );
        assert_eq!(
            zh.message("grade jlu-machine: 8 students in jlu-class/, seed 1, 2 at a time"),
            "grade jlu-machine：jlu-class/ 中的 8 名学生，种子 1，同时评 2 名"
        );
        assert_eq!(
            zh.message("unknown task \"x\": jlu-machine, jlu-panel, mine-ops"),
            "没有任务 \"x\"：可选 jlu-machine、jlu-panel、mine-ops"
        );
        assert_eq!(zh.message("no template for this"), "no template for this");
        let english = "cannot read a: b";
        assert_eq!(Lang::English.message(english), english);
    }

    #[test]
    fn the_language_is_read_from_the_arguments_before_the_options() {
        let args = |items: &[&str]| items.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let zh = Lang::of_arguments(&args(&["--seed", "x", "--lang", "zh"]));
        assert_eq!(zh, Lang::Chinese);
        let en = Lang::of_arguments(&args(&["--lang", "zh", "--lang", "en"]));
        assert_eq!(en, Lang::English);
    }

    #[test]
    fn every_template_has_its_holes() {
        for (en, zh) in TEMPLATES {
            let count = en.matches("{}").count();
            for i in 0..count {
                assert!(zh.contains(&format!("{{{i}")), "{en}: hole {i}");
            }
            assert!(!zh.contains(&format!("{{{count}")), "{en}: more holes");
        }
    }
}
