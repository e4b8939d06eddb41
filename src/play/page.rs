//! The page of `play`, in one piece.

use crate::play::export;
use std::sync::OnceLock;

/// The page: `page.html` with its style sheet and script inlined, so that it loads in one
/// request, and the judges a game exports to in its export menu. It keeps no rules: it sends
/// each move and draws the board the server answers.
pub fn text() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| {
        let style = format!("<style>\n{}</style>\n", include_str!("page.css"));
        // The words first: the script's first lines read them.
        let script = format!(
            "<script>\n{}{}</script>\n",
            include_str!("words.js"),
            include_str!("page.js")
        );
        let judges: String = export::judges()
            .map(|judge| {
                let (name, origin) = (judge.name(), judge.origin);
                format!(
                    "      <option value=\"{name}\" data-t=\"judge-{name}\">{name} ({origin})</option>\n"
                )
            })
            .collect();
        include_str!("page.html")
            .replace("<link rel=\"stylesheet\" href=\"page.css\">\n", &style)
            .replace("<script src=\"page.js\"></script>\n", &script)
            .replace("      <!-- the judges a game exports to -->\n", &judges)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::position::Format;
    use std::collections::BTreeSet;

    /// The keys of one language's table in the script (`  en: {` to `  },`): the names before
    /// the `:` of the lines at the entries' indent.
    fn table_keys(script: &str, language: &str) -> BTreeSet<String> {
        let start = script
            .find(&format!("\n  {language}: {{\n"))
            .expect("the table");
        script[start..]
            .lines()
            .skip(2)
            .take_while(|line| *line != "  },")
            .filter_map(|line| line.strip_prefix("    "))
            .filter(|entry| !entry.starts_with(' '))
            .filter_map(|entry| entry.split_once(':'))
            .map(|(key, _)| key.trim_matches('"').to_string())
            .collect()
    }

    /// The quoted words after each `marker` in `text` that starts a word.
    fn named_after<'a>(text: &'a str, marker: &str) -> Vec<&'a str> {
        text.match_indices(marker)
            .filter(|&(at, _)| !text[..at].ends_with(|c: char| c.is_alphanumeric() || c == '_'))
            .filter_map(|(at, _)| text[at + marker.len()..].split('"').next())
            .collect()
    }

    #[test]
    fn every_word_the_page_names_is_in_the_table_of_each_language() {
        let script = include_str!("page.js");
        let words = include_str!("words.js");
        let english = table_keys(words, "en");
        let chinese = table_keys(words, "zh");
        assert!(english.len() > 150, "{english:?}");
        assert_eq!(english, chinese, "the two tables have the same words");
        let html = include_str!("page.html");
        let mut named = Vec::new();
        for attribute in ["t", "t-title", "t-placeholder", "t-aria", "t-html"] {
            named.extend(named_after(html, &format!(" data-{attribute}=\"")));
        }
        named.extend(named_after(script, "t(\""));
        assert!(named.len() > 100, "{named:?}");
        for key in named.into_iter().filter(|key| !key.ends_with('-')) {
            assert!(english.contains(key), "{key:?} is in no table");
        }
    }

    #[test]
    fn every_time_the_page_shows_is_cut_to_the_tenth_by_one_function() {
        let script = include_str!("page.js");
        let (_, body) = script
            .split_once("function secondsText(ms) {")
            .expect("secondsText");
        assert!(
            body.trim_start()
                .starts_with("return (Math.floor(ms / 100) / 10).toFixed(1);"),
            "cut, never rounded"
        );
        // The counter, the message at the end, the statistics and the best time.
        for use_ in [
            "textContent = secondsText(ms)",
            "const seconds = secondsText(app.game.ms)",
            "seconds: secondsText(f.time_ms)",
            "t(\"statsBest\", secondsText(s.best))",
        ] {
            assert!(script.contains(use_), "{use_}");
        }
        assert!(
            !script.contains("/ 1000).toFixed("),
            "a time written otherwise"
        );
        assert_eq!(script.matches("Math.floor(ms / 100)").count(), 1);
    }

    #[test]
    fn the_page_is_whole_and_offers_every_judge_a_game_exports_to() {
        let page = text();
        assert!(
            !page.contains("page.css") && !page.contains("page.js"),
            "inlined"
        );
        assert!(!page.contains("<!-- the judges"), "the menu is filled");
        let words = include_str!("words.js");
        for judge in export::judges() {
            let option = format!("<option value=\"{}\" data-t=", judge.name());
            assert!(page.contains(&option), "{option}");
            let key = format!("\"judge-{}\":", judge.name());
            assert_eq!(words.matches(&key).count(), 2, "{key} in both languages");
        }
        for note in [
            "acm-left-out",
            "acm-wrong-mark",
            "acm-limits",
            "jlu-no-flags",
            "jlu-limits",
        ] {
            let key = format!("\"note-{note}\":");
            assert_eq!(words.matches(&key).count(), 2, "{key} in both languages");
        }
        for format in [
            Format::JluPanel,
            Format::AcmMap,
            Format::Picture,
            Format::JsMinesweeper,
            Format::LeetCodeBoard,
        ] {
            let key = format!("\"format-{}\":", format.name());
            assert_eq!(words.matches(&key).count(), 2, "{key} in both languages");
        }
    }
}
