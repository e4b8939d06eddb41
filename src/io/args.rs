//! Command-line arguments, the same way in every binary: `--help` or `-h` prints the usage on
//! stdout and exits 0; a bad argument prints `error: <what>` and the usage on stderr and exits 2.
//! Everything after `--` belongs to another program (`stress ... -- ./a.out --help`).

use crate::io::output::write_stdout;
use std::process::ExitCode;

/// The arguments after the program's name, read front to back.
///
/// # Examples
///
/// ```
/// use minejudge::io::args::Args;
///
/// let mut args = Args::new(["--seed", "7", "--board", "expert"]);
/// let mut seed = 1;
/// let mut board = None;
/// while let Some(flag) = args.next() {
///     match flag.as_str() {
///         "--seed" => seed = args.number(&flag, 0, u64::MAX).unwrap(),
///         "--board" => board = Some(args.value(&flag).unwrap()),
///         _ => panic!("unexpected"),
///     }
/// }
/// assert_eq!((seed, board.as_deref()), (7, Some("expert")));
/// assert_eq!(
///     Args::new(["-1"]).number("--seed", 0, 9).unwrap_err(),
///     "--seed \"-1\": expected an integer from 0 to 9"
/// );
/// ```
#[derive(Clone, Debug)]
pub struct Args {
    items: Vec<String>,
    at: usize,
}

impl Args {
    /// The arguments `items`, without the program's name.
    pub fn new<S: Into<String>>(items: impl IntoIterator<Item = S>) -> Args {
        Args {
            items: items.into_iter().map(Into::into).collect(),
            at: 0,
        }
    }

    /// The next argument, if any.
    #[allow(clippy::should_implement_trait)] // `Args` is read with `value` too, not as an iterator
    pub fn next(&mut self) -> Option<String> {
        let item = self.items.get(self.at).cloned();
        self.at += item.is_some() as usize;
        item
    }

    /// The value after `flag`.
    pub fn value(&mut self, flag: &str) -> Result<String, String> {
        self.next().ok_or_else(|| format!("{flag} needs a value"))
    }

    /// The value after `flag` as a decimal integer in `low..=high` (digits only: no sign).
    pub fn number(&mut self, flag: &str, low: u64, high: u64) -> Result<u64, String> {
        let value = self.value(flag)?;
        number(flag, &value, low, high)
    }

    /// Every argument not read yet.
    pub fn rest(&mut self) -> Vec<String> {
        let rest = self.items[self.at..].to_vec();
        self.at = self.items.len();
        rest
    }
}

/// `value` (the text given for `flag`) as a decimal integer in `low..=high`: digits only.
pub fn number(flag: &str, value: &str, low: u64, high: u64) -> Result<u64, String> {
    let parsed = if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) {
        value.parse::<u64>().ok()
    } else {
        None
    };
    match parsed {
        Some(n) if (low..=high).contains(&n) => Ok(n),
        _ => Err(format!(
            "{flag} {value:?}: expected an integer from {low} to {high}"
        )),
    }
}

/// Reads the process's arguments with `parse`. `--help` or `-h` anywhere before `--` prints `usage` on
/// stdout and gives `Err(0)` (or, when stdout cannot be written, the error line on stderr and
/// `Err(1)`); an error from `parse`, or an argument it left unread, prints
/// `error: <message>` and `usage` on stderr and gives `Err(2)`: `main` returns that code.
pub fn parse<T>(
    usage: &str,
    parse: impl FnOnce(&mut Args) -> Result<T, String>,
) -> Result<T, ExitCode> {
    parse_from(Args::new(std::env::args().skip(1)), usage, parse)
}

/// [`parse`] over given arguments.
pub fn parse_from<T>(
    args: Args,
    usage: &str,
    parse: impl FnOnce(&mut Args) -> Result<T, String>,
) -> Result<T, ExitCode> {
    parse_tagged(args, usage, "error: ", parse)
}

/// [`parse_from`], an error line begun with `tag` rather than `error: ` (in the user's
/// language).
pub fn parse_tagged<T>(
    mut args: Args,
    usage: &str,
    tag: &str,
    parse: impl FnOnce(&mut Args) -> Result<T, String>,
) -> Result<T, ExitCode> {
    let mut own = args.items.iter().take_while(|arg| *arg != "--");
    if own.any(|arg| arg == "--help" || arg == "-h") {
        // `println!` would panic on a full disk: the failed write is the user's to hear of.
        let text = format!("{}\n", usage.trim_end());
        return Err(match write_stdout(text.as_bytes()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(line) => {
                eprintln!("{line}");
                ExitCode::from(1)
            }
        });
    }
    let parsed = parse(&mut args).and_then(|value| match args.next() {
        Some(extra) => Err(format!("unexpected argument {extra:?}")),
        None => Ok(value),
    });
    parsed.map_err(|message| {
        eprintln!("{tag}{message}\n{}", usage.trim_end());
        ExitCode::from(2)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_digits_only_and_in_range() {
        assert_eq!(number("--n", "007", 0, 10), Ok(7));
        for bad in ["", "-1", "+1", "1.0", " 1", "11", "99999999999999999999"] {
            assert!(number("--n", bad, 0, 10).is_err(), "{bad:?}");
        }
        assert_eq!(
            number("--n", "0", 1, 3).unwrap_err(),
            "--n \"0\": expected an integer from 1 to 3"
        );
    }

    #[test]
    fn values_rest_and_leftovers() {
        let mut args = Args::new(["--a", "1", "--", "x", "y"]);
        assert_eq!(args.next().as_deref(), Some("--a"));
        assert_eq!(args.value("--a").as_deref(), Ok("1"));
        assert_eq!(args.next().as_deref(), Some("--"));
        assert_eq!(args.rest(), ["x", "y"]);
        assert_eq!(args.value("--b").unwrap_err(), "--b needs a value");
        let left_over = parse_from(Args::new(["extra"]), "usage: t", |_| Ok(()));
        assert!(left_over.is_err());
        let help = parse_from(Args::new(["x", "-h"]), "usage: t", |_| Ok(()));
        assert!(help.is_err());
        let fine = parse_from(Args::new(Vec::<String>::new()), "usage: t", |_| Ok(5));
        assert!(matches!(fine, Ok(5)));
        let theirs = parse_from(Args::new(["--", "-h"]), "usage: t", |args| {
            args.next();
            Ok(args.rest())
        });
        assert!(
            matches!(theirs, Ok(rest) if rest == ["-h"]),
            "a -h after -- is not ours"
        );
    }
}
