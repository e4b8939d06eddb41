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

/// The time limit a statement states.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatedLimit {
    /// The original judge's.
    Original,
    /// A fixed one, in milliseconds.
    Fixed(u32),
    /// The one the judge system computes from the accepted solutions' times (Kattis): a
    /// second stated would be another machine's.
    Computed,
}

/// The body of `judge`'s statement in `language` (without its title), limits filled in: the
/// memory limit the original judge's, the time limit as `time` says.
pub fn render(judge: &Judge, language: Language, time: StatedLimit) -> String {
    let text = text(judge, language);
    let body = text
        .split_once('\n')
        .map_or("", |(_, body)| body)
        .trim_start();
    let original = judge.original;
    let milliseconds = match time {
        StatedLimit::Original => original.time_limit_ms,
        StatedLimit::Fixed(ms) => ms,
        StatedLimit::Computed => 0,
    };
    let time_limit = match (time, language) {
        (StatedLimit::Computed, Language::English) => {
            "set by the judge system from the accepted solutions' times".to_string()
        }
        (StatedLimit::Computed, Language::Chinese) => "由评测系统按标准程序的用时确定".to_string(),
        (_, Language::English) => format!("{} s", milliseconds as f64 / 1000.0),
        (_, Language::Chinese) => format!(" {} 秒", milliseconds as f64 / 1000.0),
    };
    let unit = match language {
        Language::English => "{time} s",
        Language::Chinese => " {time} 秒",
    };
    body.replace(unit, &time_limit)
        .replace("{memory}", &original.memory_mib.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every statement states its time limit where [`render`] looks for it, in both languages.
    #[test]
    fn every_statement_states_the_time_limit_it_is_given() {
        for judge in crate::judges::ALL {
            for language in Language::ALL {
                let computed = render(judge, language, StatedLimit::Computed);
                let fixed = render(judge, language, StatedLimit::Fixed(2500));
                let name = judge.name();
                assert!(
                    !computed.contains('{') && !fixed.contains("{time}"),
                    "{name}"
                );
                let (says_computed, says_fixed) = match language {
                    Language::English => (
                        "time limit is set by the judge system from the accepted",
                        "time limit is 2.5 s and",
                    ),
                    Language::Chinese => ("时间限制由评测系统", "时间限制 2.5 秒"),
                };
                assert!(computed.contains(says_computed), "{name}: {computed}");
                assert!(fixed.contains(says_fixed), "{name}: {fixed}");
                assert!(
                    !computed.contains(" 1 s") && !computed.contains("1 秒"),
                    "{name}"
                );
            }
        }
    }
}
