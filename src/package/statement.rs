//! The statements, in our own words: one Markdown file per judge and language in the judge's
//! folder (see [`crate::judges::PackageFacts`]), its first line the title (`# ...`), the rest the body with `{time}` and
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

/// The text of `judge`'s statement in `language`, as kept in its folder.
fn text(judge: &Judge, language: Language) -> &'static str {
    match language {
        Language::English => judge.package.statement_en,
        Language::Chinese => judge.package.statement_zh,
    }
}

/// The title of `judge`'s problem in `language`.
pub fn title(judge: &Judge, language: Language) -> String {
    let first = text(judge, language).lines().next().unwrap_or_default();
    match first.strip_prefix("# ") {
        Some(title) => title.trim().to_string(),
        None => judge.name().to_string(),
    }
}

/// The body of `judge`'s statement in `language` (without its title), limits filled in: the
/// original judge's, the time limit `time_limit_ms` instead when given.
pub fn render(judge: &Judge, language: Language, time_limit_ms: Option<u32>) -> String {
    let text = text(judge, language);
    let body = text
        .split_once('\n')
        .map_or("", |(_, body)| body)
        .trim_start();
    let original = judge.original;
    let seconds = time_limit_ms.unwrap_or(original.time_limit_ms) as f64 / 1000.0;
    body.replace("{time}", &format!("{seconds}"))
        .replace("{memory}", &original.memory_mib.to_string())
}
