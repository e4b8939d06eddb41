//! The samples shown in a Markdown statement, for the formats whose statements carry them
//! (Kattis shows `data/sample/` itself).

use crate::package::problem::Test;
use crate::package::statement::Language;

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
