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
        let script = format!("<script>\n{}</script>\n", include_str!("page.js"));
        let judges: String = export::judges()
            .map(|judge| {
                let (name, origin) = (judge.name(), judge.origin());
                format!("      <option value=\"{name}\">{name} ({origin})</option>\n")
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

    #[test]
    fn the_page_is_whole_and_offers_every_judge_a_game_exports_to() {
        let page = text();
        assert!(
            !page.contains("page.css") && !page.contains("page.js"),
            "inlined"
        );
        assert!(!page.contains("<!-- the judges"), "the menu is filled");
        for judge in export::judges() {
            let option = format!("<option value=\"{}\">", judge.name());
            assert!(page.contains(&option), "{option}");
        }
    }
}
