//! The statements, in our own words: one Markdown file per judge and language in
//! `statements/`, its first line the title (`# ...`), the rest the body with `{time}` and
//! `{memory}` filled in from the original judge's limits. The samples are not in the text:
//! each format shows them its own way.

use crate::judges::Judge;

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
