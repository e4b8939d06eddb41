//! The statements, in our own words: one Markdown file per judge and language in
//! `statements/`, its first line the title (`# ...`), the rest the body with `{time}` and
//! `{memory}` filled in from the original judge's limits. The samples are not in the text:
//! each format shows them its own way.

use crate::judges::Judge;
use crate::package::problem::Test;

/// A language a statement is written in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    /// English.
    English,
    /// Simplified Chinese.
    Chinese,
}

impl Language {
    /// Both, English first.
    pub const ALL: [Language; 2] = [Language::English, Language::Chinese];

    /// Its code: `en` or `zh`.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Chinese => "zh",
        }
    }
}

/// The statements' texts: judge, English, Chinese.
const TEXTS: [(&str, &str, &str); 5] = [
    (
        "mine-ops",
        include_str!("statements/mine-ops.en.md"),
        include_str!("statements/mine-ops.zh.md"),
    ),
    (
        "jlu-panel",
        include_str!("statements/jlu-panel.en.md"),
        include_str!("statements/jlu-panel.zh.md"),
    ),
    (
        "update-board",
        include_str!("statements/update-board.en.md"),
        include_str!("statements/update-board.zh.md"),
    ),
    (
        "acm-server",
        include_str!("statements/acm-server.en.md"),
        include_str!("statements/acm-server.zh.md"),
    ),
    (
        "inexperienced-player",
        include_str!("statements/inexperienced-player.en.md"),
        include_str!("statements/inexperienced-player.zh.md"),
    ),
];

/// The text of `judge`'s statement in `language`, as kept (empty for a judge without one).
fn text(judge: &Judge, language: Language) -> &'static str {
    TEXTS
        .iter()
        .find(|(name, _, _)| *name == judge.name())
        .map_or("", |&(_, en, zh)| match language {
            Language::English => en,
            Language::Chinese => zh,
        })
}

/// The title of `judge`'s problem in `language`.
pub fn title(judge: &Judge, language: Language) -> String {
    let first = text(judge, language).lines().next().unwrap_or_default();
    match first.strip_prefix("# ") {
        Some(title) => title.trim().to_string(),
        None => judge.name().to_string(),
    }
}

/// The body of `judge`'s statement in `language` (without its title), limits filled in.
pub fn render(judge: &Judge, language: Language) -> String {
    let text = text(judge, language);
    let body = text
        .split_once('\n')
        .map_or("", |(_, body)| body)
        .trim_start();
    let original = judge.original;
    let seconds = original.time_limit_ms as f64 / 1000.0;
    body.replace("{time}", &format!("{seconds}"))
        .replace("{memory}", &original.memory_mib.to_string())
}

/// `body` with `samples` appended the way most judge systems show them in Markdown: a heading
/// per sample and its input and output in fenced blocks (Hydro reads ```` ```input1 ```` and
/// ```` ```output1 ```` blocks as samples).
pub fn with_samples(body: &str, samples: &[Test], language: Language) -> String {
    let mut text = body.trim_end().to_string();
    for (index, sample) in samples.iter().enumerate() {
        let number = index + 1;
        let (input, output) = match language {
            Language::English => ("Sample input", "Sample output"),
            Language::Chinese => ("样例输入", "样例输出"),
        };
        let fence = |data: &[u8]| {
            let text = String::from_utf8_lossy(data);
            format!("{}\n", text.trim_end_matches('\n'))
        };
        text.push_str(&format!(
            "\n\n## {input} {number}\n\n```input{number}\n{}```\n\n## {output} {number}\n\n```output{number}\n{}```",
            fence(&sample.input),
            fence(&sample.answer)
        ));
    }
    text.push('\n');
    text
}
