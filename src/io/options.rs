//! A binary's options declared once, as a table: each option's name, value name, help, kind,
//! default, where it applies and what it sets. The usage text's option lists and the parser
//! are both made from the table, so that an option cannot be parsed and left out of `--help`
//! or the other way round. [`crate::io::args::parse`] runs the parser and prints the usage.

use crate::io::args::{self, Args};
use std::path::PathBuf;
use std::time::Duration;

/// How an option is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// On its own: `--quiet`.
    Flag,
    /// With one value; given again, the last one counts: `--seed 7`.
    Value,
    /// With one value, each time it is given: `--batch A --batch B`.
    Repeated,
    /// Takes every argument after it, which are no longer options: `-- ./a.out --help`.
    Rest,
}

/// What was given for an option, for its setter to read.
#[derive(Clone, Debug, Default)]
pub struct Given {
    /// The option's name, for messages.
    pub flag: &'static str,
    /// The value ([`Kind::Value`] and [`Kind::Repeated`]), or the default.
    pub value: String,
    /// The arguments after a [`Kind::Rest`] option.
    pub rest: Vec<String>,
    /// Whether no option came before this one.
    pub first: bool,
}

impl Given {
    /// The error for a value that is not what the option takes: `--flag "value": expected
    /// <what>`.
    pub fn bad(&self, what: &str) -> String {
        format!("{} {:?}: expected {what}", self.flag, self.value)
    }

    /// The value as a decimal integer in `low..=high` (digits only).
    pub fn number(&self, low: u64, high: u64) -> Result<u64, String> {
        args::number(self.flag, &self.value, low, high)
    }

    /// The value as seconds from `low` to `high`, fractions allowed.
    pub fn seconds(&self, low: f64, high: f64) -> Result<Duration, String> {
        match self.value.parse::<f64>() {
            Ok(seconds) if (low..=high).contains(&seconds) => Ok(Duration::from_secs_f64(seconds)),
            _ => Err(self.bad(&format!("seconds from {low} to {high}"))),
        }
    }

    /// The value of the one of `choices` it names, else the error that expects `what`.
    pub fn choice<V: Copy>(&self, choices: &[(&str, V)], what: &str) -> Result<V, String> {
        let found = choices.iter().find(|(name, _)| *name == self.value);
        found.map(|&(_, value)| value).ok_or_else(|| self.bad(what))
    }

    /// The value as a path.
    pub fn path(&self) -> PathBuf {
        PathBuf::from(&self.value)
    }
}

/// Options that are no more, and what replaced them.
pub const REPLACED: [(&str, &str); 1] = [(
    "--timeout",
    "--time-limit SEC (CPU time; --wall-limit SEC is the wall-time backstop)",
)];

/// What an option does to the parsed state `T`.
pub type Setter<T> = fn(&mut T, Given) -> Result<(), String>;

/// One option of a binary.
pub struct Opt<T> {
    /// `--seed`.
    pub name: &'static str,
    /// The value's name in the usage, `S`; empty for a flag.
    pub value: &'static str,
    /// How it is given.
    pub kind: Kind,
    /// What the usage shows instead of `name value`, for an option explained with the next:
    /// `--rows R --cols C`.
    pub shown_as: Option<&'static str>,
    /// Its help, one string per line (wrapped further at the table's width); `{default}` stands
    /// for the default. Empty for an option the usage's prose describes instead.
    pub help: String,
    /// The value set before the arguments are read, as if given, and shown in the help.
    pub default: Option<&'static str>,
    /// Whether the option applies to what the arguments before it chose (a task, a judge);
    /// given where it does not, it is refused.
    pub applies: fn(&T) -> bool,
    /// What it sets.
    pub set: Setter<T>,
}

impl<T> Opt<T> {
    fn new(
        name: &'static str,
        value: &'static str,
        kind: Kind,
        help: &str,
        set: Setter<T>,
    ) -> Self {
        Opt {
            name,
            value,
            kind,
            shown_as: None,
            help: help.to_string(),
            default: None,
            applies: |_| true,
            set,
        }
    }

    /// An option on its own.
    pub fn flag(name: &'static str, help: &str, set: Setter<T>) -> Self {
        Opt::new(name, "", Kind::Flag, help, set)
    }

    /// An option with a value.
    pub fn value(name: &'static str, value: &'static str, help: &str, set: Setter<T>) -> Self {
        Opt::new(name, value, Kind::Value, help, set)
    }

    /// An option with a value, which may be given more than once.
    pub fn repeated(name: &'static str, value: &'static str, help: &str, set: Setter<T>) -> Self {
        Opt::new(name, value, Kind::Repeated, help, set)
    }

    /// An option that is no more, refused with the one that replaced it (from [`REPLACED`]),
    /// and not shown in the usage.
    pub fn replaced(name: &'static str) -> Self {
        Opt::new(name, "", Kind::Flag, "", |_, given| {
            let by = REPLACED
                .iter()
                .find(|(old, _)| *old == given.flag)
                .map_or("", |(_, new)| new);
            Err(format!("{} is no more: use {by}", given.flag))
        })
    }

    /// An option that takes every argument after it.
    pub fn rest(name: &'static str, set: Setter<T>) -> Self {
        Opt::new(name, "", Kind::Rest, "", set)
    }

    /// The option with a default, set before the arguments are read.
    pub fn default(self, value: &'static str) -> Self {
        Opt {
            default: Some(value),
            ..self
        }
    }

    /// The option, shown in the usage as `shown`.
    pub fn shown_as(self, shown: &'static str) -> Self {
        Opt {
            shown_as: Some(shown),
            ..self
        }
    }

    /// The option, refused where `applies` says it does not apply.
    pub fn applies(self, applies: fn(&T) -> bool) -> Self {
        Opt { applies, ..self }
    }

    /// The option's lines of the usage: its name and value in a column of `column - 4`, then its
    /// help; a longer name stands on a line of its own, so that every line of help starts at
    /// `column`.
    fn usage(&self, text: &mut String, column: usize, width: usize) {
        if self.help.is_empty() {
            return;
        }
        let name = match (self.shown_as, self.value) {
            (Some(shown), _) => shown.to_string(),
            (None, "") => self.name.to_string(),
            (None, value) => format!("{} {value}", self.name),
        };
        let help = match self.default {
            Some(default) => self.help.replace("{default}", default),
            None => self.help.clone(),
        };
        let mut head = format!("  {name:<0$}  ", column - 4);
        if head.len() > column {
            text.push_str(head.trim_end());
            text.push('\n');
            head = " ".repeat(column);
        }
        for line in help.split('\n') {
            wrap(text, head, line, column, width);
            head = " ".repeat(column);
        }
    }
}

/// Options under a heading.
pub struct Group<T> {
    /// The lines before the options, such as `options:`; empty for none.
    pub heading: String,
    /// The options, in the usage's order.
    pub options: Vec<Opt<T>>,
}

/// A binary's options.
pub struct Table<T> {
    /// The groups, in the usage's order.
    pub groups: Vec<Group<T>>,
    /// The column where the options' help starts.
    pub column: usize,
    /// The column help lines are wrapped at; `usize::MAX` keeps each as it is.
    pub width: usize,
}

impl<T> Group<T> {
    /// `options` under `heading`.
    pub fn new(heading: &str, options: Vec<Opt<T>>) -> Self {
        Group {
            heading: heading.to_string(),
            options,
        }
    }
}

impl<T> Table<T> {
    /// `options` under no heading, their help from `column` on, lines kept as they are.
    pub fn of(options: Vec<Opt<T>>, column: usize) -> Self {
        Table {
            groups: vec![Group::new("", options)],
            column,
            width: usize::MAX,
        }
    }

    /// The groups' usage: each heading, then its options.
    pub fn usage(&self) -> String {
        let mut text = String::new();
        for group in &self.groups {
            if !group.heading.is_empty() {
                text.push_str(&group.heading);
                text.push('\n');
            }
            for option in &group.options {
                option.usage(&mut text, self.column, self.width);
            }
        }
        text.truncate(text.trim_end().len());
        text
    }

    /// The option named `name`.
    pub fn find(&self, name: &str) -> Option<&Opt<T>> {
        let mut options = self.groups.iter().flat_map(|group| &group.options);
        options.find(|option| option.name == name)
    }

    /// Sets every default into `state`.
    pub fn set_defaults(&self, state: &mut T) -> Result<(), String> {
        for group in &self.groups {
            for option in &group.options {
                if let Some(default) = option.default {
                    let given = Given {
                        flag: option.name,
                        value: default.to_string(),
                        ..Given::default()
                    };
                    (option.set)(state, given)?;
                }
            }
        }
        Ok(())
    }

    /// Reads the option `flag` and its value from `args` into `state`: `Ok(true)`, or `Ok(false)`
    /// when the table has no such option. `first` tells whether no option came before it;
    /// `subject` names what it is refused for where it does not apply.
    pub fn read(
        &self,
        state: &mut T,
        flag: &str,
        args: &mut Args,
        first: bool,
        subject: &str,
    ) -> Result<bool, String> {
        let Some(option) = self.find(flag) else {
            return Ok(false);
        };
        if !(option.applies)(state) {
            return Err(format!("{flag} does not apply to {subject}"));
        }
        let mut given = Given {
            flag: option.name,
            first,
            ..Given::default()
        };
        match option.kind {
            Kind::Flag => {}
            Kind::Value | Kind::Repeated => given.value = args.value(flag)?,
            Kind::Rest => given.rest = args.rest(),
        }
        (option.set)(state, given)?;
        Ok(true)
    }

    /// Reads every argument left in `args` into `state`, after the defaults: an option of the
    /// table, else whatever `other` makes of it (which reads its values from `args` itself and
    /// refuses what it does not know). A [`Kind::Rest`] option reads the rest.
    pub fn parse(
        &self,
        state: &mut T,
        args: &mut Args,
        subject: &str,
        mut other: impl FnMut(&mut T, String, &mut Args) -> Result<(), String>,
    ) -> Result<(), String> {
        self.set_defaults(state)?;
        let mut first = true;
        while let Some(flag) = args.next() {
            if !self.read(state, &flag, args, first, subject)? {
                other(state, flag, args)?;
            }
            first = false;
        }
        Ok(())
    }
}

/// The error for an argument nothing takes.
pub fn unexpected(arg: &str) -> String {
    format!("unexpected argument {arg:?}")
}

/// Appends `head`, then `what`'s words wrapped before column `width`, later lines indented by
/// `indent`, then a newline.
pub fn wrap(text: &mut String, head: String, what: &str, indent: usize, width: usize) {
    let mut line = head;
    let mut empty = line.ends_with(' ');
    for word in what.split(' ') {
        if !empty && line.len() + 1 + word.len() > width {
            text.push_str(line.trim_end());
            text.push('\n');
            line = " ".repeat(indent);
            empty = true;
        }
        if !empty {
            line.push(' ');
        }
        line.push_str(word);
        empty = false;
    }
    text.push_str(&line);
    text.push('\n');
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Default, PartialEq)]
    struct Parsed {
        mode: String,
        seed: u64,
        quiet: bool,
        files: Vec<String>,
        command: Vec<String>,
        first_rest: bool,
    }

    type Opt = super::Opt<Parsed>;

    fn table() -> Table<Parsed> {
        Table {
            groups: vec![
                Group {
                    heading: "options:".into(),
                    options: vec![
                        Opt::value("--seed", "S", "the seed (default {default})", |p, v| {
                            p.seed = v.number(0, 99)?;
                            Ok(())
                        })
                        .default("7"),
                        Opt::flag("--quiet", "no progress", |p, _| {
                            p.quiet = true;
                            Ok(())
                        }),
                    ],
                },
                Group {
                    heading: "files:".into(),
                    options: vec![
                        Opt::repeated("--file", "FILE", "a file;\nrepeat for more", |p, v| {
                            p.files.push(v.value);
                            Ok(())
                        })
                        .applies(|p| p.mode == "files"),
                        Opt::rest("--", |p, v| {
                            p.command = v.rest;
                            p.first_rest = v.first;
                            Ok(())
                        }),
                    ],
                },
            ],
            column: 12,
            width: usize::MAX,
        }
    }

    fn parse(mode: &str, items: &[&str]) -> Result<Parsed, String> {
        let mut parsed = Parsed {
            mode: mode.into(),
            ..Parsed::default()
        };
        let mut args = Args::new(items.iter().copied());
        table().parse(&mut parsed, &mut args, mode, |_, arg, _| {
            Err(unexpected(&arg))
        })?;
        Ok(parsed)
    }

    #[test]
    fn the_parser_reads_what_the_table_declares() {
        let parsed = parse(
            "files",
            &["--file", "a", "--quiet", "--file", "b", "--", "x", "--seed"],
        );
        assert_eq!(
            parsed,
            Ok(Parsed {
                mode: "files".into(),
                seed: 7,
                quiet: true,
                files: vec!["a".into(), "b".into()],
                command: vec!["x".into(), "--seed".into()],
                first_rest: false,
            })
        );
        assert_eq!(parse("x", &["--seed", "3", "--seed", "4"]).unwrap().seed, 4);
        assert!(parse("x", &["--", "y"]).unwrap().first_rest);
        assert_eq!(
            parse("x", &["--seed", "100"]),
            Err("--seed \"100\": expected an integer from 0 to 99".into())
        );
        assert_eq!(parse("x", &["--seed"]), Err("--seed needs a value".into()));
        assert_eq!(
            parse("other", &["--file", "a"]),
            Err("--file does not apply to other".into())
        );
        assert_eq!(
            parse("x", &["--quiet", "--nosuch", "--seed", "x"]),
            Err("unexpected argument \"--nosuch\"".into()),
            "arguments are read in order"
        );
    }

    #[test]
    fn the_usage_lists_each_option_with_its_help_and_default() {
        assert_eq!(
            table().usage(),
            "options:\n  --seed S  the seed (default 7)\n  --quiet   no progress\nfiles:\n  \
             --file FILE\n            a file;\n            repeat for more",
            "a name longer than its column stands on its own line"
        );
        let mut text = String::new();
        wrap(&mut text, "  -x  ".into(), "one two three four", 6, 15);
        assert_eq!(text, "  -x  one two\n      three\n      four\n");
    }

    #[test]
    fn values_are_read_as_what_they_stand_for() {
        let given = Given {
            flag: "--t",
            value: "0.5".into(),
            ..Given::default()
        };
        assert_eq!(given.seconds(0.001, 2.0), Ok(Duration::from_millis(500)));
        assert_eq!(
            given.seconds(1.0, 86_400.0),
            Err("--t \"0.5\": expected seconds from 1 to 86400".into())
        );
        assert_eq!(given.choice(&[("0.5", 1), ("1", 2)], "0.5 or 1"), Ok(1));
        assert_eq!(
            given.choice(&[("a", 1)], "a"),
            Err("--t \"0.5\": expected a".into())
        );
    }
}
