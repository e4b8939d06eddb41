//! The page of `play`, in one piece.

use std::sync::OnceLock;

/// The page: `page.html` with its style sheet and script inlined, so that it loads in one
/// request. It keeps no rules: it sends each move and draws the board the server answers.
pub fn text() -> &'static str {
    static PAGE: OnceLock<String> = OnceLock::new();
    PAGE.get_or_init(|| {
        let style = format!("<style>\n{}</style>\n", include_str!("page.css"));
        let script = format!("<script>\n{}</script>\n", include_str!("page.js"));
        include_str!("page.html")
            .replace("<link rel=\"stylesheet\" href=\"page.css\">\n", &style)
            .replace("<script src=\"page.js\"></script>\n", &script)
    })
}
