//! The generator's options on a command line, as `gen` and `stress` both take them: which
//! size, and the knobs that replace its defaults. Each judge says which knobs it takes (the
//! [`Judge`] trait); the usage text is written from the registry.

use crate::io::args::{self, Args};
use crate::io::options::{self as io_options, wrap, Given, Group, Table};
use crate::judges::judge::Judge;
use crate::judges::knobs::{Knobs, Size};
use crate::judges::limits::Limits;
use crate::judges::shapes::{self, EdgeShape};
use crate::judges::ALL;

/// The most cells of a board `gen` writes: 10x the 1000x1000 boards the judges must handle
/// fast (and what `jlu-panel` accepts).
pub const MAX_CELLS: usize = 10_000_000;

/// What the input options ask for: a size and the knobs.
///
/// # Examples
///
/// ```
/// use minejudge::io::args::Args;
/// use minejudge::judges::{self, options::GenOptions, Size};
///
/// let mine_ops = judges::named("mine-ops").unwrap();
/// let mut args = Args::new(["--size", "medium", "--ops", "5"]);
/// let mut request = GenOptions::default();
/// while let Some(flag) = args.next() {
///     assert!(request.read_option(mine_ops, &flag, &mut args).unwrap());
/// }
/// assert_eq!((request.size, request.knobs.ops), (Size::Medium, Some(5)));
/// assert!(request.check(mine_ops).is_ok());
/// let refused = request.read_option(mine_ops, "--boards", &mut Args::new(["2"]));
/// assert_eq!(refused.unwrap_err(), "--boards does not apply to mine-ops");
///
/// // The course's limits unless told otherwise: THU's boards are at most 1000 wide.
/// request.read_option(mine_ops, "--cols", &mut Args::new(["1001"])).unwrap();
/// assert!(request.check(mine_ops).unwrap_err().contains("1 to 1000"));
/// request.read_option(mine_ops, "--limits", &mut Args::new(["wide"])).unwrap();
/// assert!(request.check(mine_ops).is_ok());
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GenOptions {
    /// `--size`: small unless given.
    pub size: Size,
    /// The options that replace the size's defaults, and `--limits` (course unless given).
    pub knobs: Knobs,
    /// Whether `stress` gives some inputs an edge shape of its own drawing: unless `--shape`
    /// names one (then every input has it) or says `none`.
    pub draw_shapes: bool,
}

impl Default for GenOptions {
    fn default() -> GenOptions {
        GenOptions {
            size: Size::Small,
            knobs: Knobs {
                limits: Limits::Course,
                ..Knobs::default()
            },
            draw_shapes: true,
        }
    }
}

impl GenOptions {
    /// Reads `flag` and its value from `args` if `flag` is one of the input options:
    /// `Ok(true)`; `Ok(false)` for another flag; an error for a bad value or an option that
    /// `judge` does not take.
    pub fn read_option(
        &mut self,
        judge: &Judge,
        flag: &str,
        args: &mut Args,
    ) -> Result<bool, String> {
        let mut reading = Reading {
            judge,
            request: self,
        };
        options().read(&mut reading, flag, args, false, judge.name())
    }

    /// After every option: refuses a board larger than any judge accepts, a density for a
    /// crafted pattern (which has none), and under course limits any option outside them.
    pub fn check(&self, judge: &Judge) -> Result<(), String> {
        if self.knobs.pattern.is_some() && self.knobs.density.is_some() {
            return Err("--density does not apply to a --pattern board".into());
        }
        if let Some(shape) = self.knobs.shape {
            self.check_shape(judge, shape)?;
        }
        if self.knobs.limits == Limits::Course {
            return self.check_course(judge);
        }
        // The defaults of the size fill the sides the knobs leave open.
        let default_side = if self.size == Size::Max {
            judge.max_case.side
        } else {
            60
        };
        let rows = self.knobs.rows.unwrap_or(default_side);
        let cols = self.knobs.cols.unwrap_or(default_side);
        if rows * cols > MAX_CELLS {
            return Err(format!(
                "a {rows}x{cols} board has more than {MAX_CELLS} cells"
            ));
        }
        Ok(())
    }

    /// Refuses a shape with a knob it sets itself or a pattern, and under course limits one
    /// the course rules out.
    fn check_shape(&self, judge: &Judge, shape: EdgeShape) -> Result<(), String> {
        let knobs = &self.knobs;
        let name = shape.name();
        if knobs.pattern.is_some() {
            return Err(format!(
                "--shape {name} does not apply to a --pattern board"
            ));
        }
        for &flag in shape.sets() {
            let given = match flag {
                "--rows" => knobs.rows.is_some(),
                "--cols" => knobs.cols.is_some(),
                "--density" => knobs.density.is_some(),
                _ => self.size != Size::Small,
            };
            if given {
                return Err(format!(
                    "{flag} does not apply with --shape {name}, which sets it"
                ));
            }
        }
        if knobs.limits == Limits::Course && !judge.shapes_under(Limits::Course).any(|s| s == shape)
        {
            return Err(format!(
                "--shape {name} is outside the course limits of {} ({}): {}; --limits wide \
                 lifts them",
                judge.name(),
                judge.origin,
                judge.course.describe(judge.ops_are)
            ));
        }
        Ok(())
    }

    /// The request for the input of `seed` under `stress`: with the edge shape drawn for it,
    /// if any ([`shapes::drawn_for`]); `gen_command` of it writes that input again.
    pub fn for_seed(&self, judge: &Judge, seed: u64) -> GenOptions {
        let mut request = self.clone();
        if self.draw_shapes && self.knobs.shape.is_none() {
            let drawable = judge.drawable_shapes(self.size, &self.knobs);
            request.knobs.shape = shapes::drawn_for(seed, &drawable);
        }
        request
    }

    /// Refuses the options that would leave the course's limits, naming the limit.
    fn check_course(&self, judge: &Judge) -> Result<(), String> {
        let course = judge.course;
        let knobs = &self.knobs;
        let outside = |option: String, limit: String| {
            format!(
                "{option} is outside the course limits of {} ({}): {limit}; --limits wide lifts them",
                judge.name(),
                judge.origin
            )
        };
        let (low, high) = course.sides;
        for (flag, side) in [("--rows", knobs.rows), ("--cols", knobs.cols)] {
            match side {
                Some(side) if side < low || side > high => {
                    let limit = format!("its boards have sides {low} to {high}");
                    return Err(outside(format!("{flag} {side}"), limit));
                }
                _ => {}
            }
        }
        // The side left open is fitted to the other: only the smallest must fit.
        let rows = knobs.rows.unwrap_or(low);
        let cols = knobs.cols.unwrap_or(low);
        if rows * cols > course.max_cells {
            let limit = format!("its boards have at most {} cells", course.max_cells);
            return Err(outside(format!("a {rows}x{cols} board"), limit));
        }
        if let (Some(ops), Some(what)) = (knobs.ops, judge.ops_are) {
            course
                .check_ops(ops, what)
                .map_err(|err| outside(format!("--ops {ops}"), err))?;
        }
        match knobs.boards {
            Some(boards) if boards < course.min_boards => {
                let limit = format!("its inputs have at least {} board", course.min_boards);
                return Err(outside(format!("--boards {boards}"), limit));
            }
            _ => {}
        }
        if let Some(name) = knobs.pattern {
            // A crafted board is raised to its smallest sides: those must fit.
            let input = judge.generate(
                0,
                Size::Small,
                &Knobs {
                    rows: Some(low),
                    cols: Some(low),
                    boards: Some(1),
                    pattern: Some(name),
                    ..Knobs::default()
                },
            );
            judge
                .check_course(&input)
                .map_err(|err| outside(format!("--pattern {name}"), err))?;
        }
        Ok(())
    }

    /// The `gen` command that writes input `seed` of `judge` with these options.
    ///
    /// # Examples
    ///
    /// ```
    /// use minejudge::judges::{self, options::GenOptions, Knobs, Limits, Size};
    ///
    /// let mut request = GenOptions {
    ///     size: Size::Medium,
    ///     knobs: Knobs { rows: Some(3), mix: Some([1, 0, 2]), ..Knobs::default() },
    ///     draw_shapes: true,
    /// };
    /// assert_eq!(
    ///     request.gen_command(judges::named("mine-ops").unwrap(), 7),
    ///     "gen mine-ops --seed 7 --size medium --rows 3 --mix 1,0,2 --limits wide"
    /// );
    /// request.knobs.limits = Limits::Course;
    /// assert!(!request.gen_command(judges::named("mine-ops").unwrap(), 7).contains("--limits"));
    /// ```
    pub fn gen_command(&self, judge: &Judge, seed: u64) -> String {
        let mut command = format!("gen {} --seed {seed}", judge.name());
        match self.size {
            Size::Small => {}
            Size::Medium => command.push_str(" --size medium"),
            Size::Max => command.push_str(" --size max"),
        }
        let knobs = &self.knobs;
        for (flag, value) in [
            ("--rows", knobs.rows),
            ("--cols", knobs.cols),
            ("--ops", knobs.ops),
            ("--boards", knobs.boards),
        ] {
            if let Some(value) = value {
                command.push_str(&format!(" {flag} {value}"));
            }
        }
        if let Some(density) = knobs.density {
            command.push_str(&format!(" --density {density}"));
        }
        if let Some([a, b, c]) = knobs.mix {
            command.push_str(&format!(" --mix {a},{b},{c}"));
        }
        if let Some(plausible) = knobs.plausible {
            command.push_str(if plausible {
                " --player plausible"
            } else {
                " --player random"
            });
        }
        if let Some(pattern) = knobs.pattern {
            command.push_str(&format!(" --pattern {pattern}"));
        }
        if let Some(shape) = knobs.shape {
            command.push_str(&format!(" --shape {}", shape.name()));
        }
        if knobs.limits == Limits::Wide {
            command.push_str(" --limits wide");
        }
        command
    }
}

/// The input options' usage, for `gen --help` and `stress --help`: what each size and knob
/// does, and which judges take it.
pub fn usage() -> String {
    options().usage()
}

/// What the input options are read into: the request, for the judge it is for.
struct Reading<'a> {
    judge: &'a Judge,
    request: &'a mut GenOptions,
}

/// An input option.
type Opt<'a> = io_options::Opt<Reading<'a>>;

/// The input options: the limits and the size, then the knobs (see [`usage`]).
fn options<'a>() -> Table<Reading<'a>> {
    let limits = Opt::value(
        "--limits",
        "L",
        "course (default): only inputs the course's judge promises, each judge's limits below, \
         the sizes' sides, operations and mines drawn or cut to fit them; wide: anything our \
         judge accepts, the sizes as they read here",
        |reading, given| {
            let choices = [("course", Limits::Course), ("wide", Limits::Wide)];
            reading.request.knobs.limits = given.choice(&choices, "course or wide")?;
            Ok(())
        },
    );
    let size = Opt::value("--size", "SIZE", "", |reading, given| {
        let choices = [
            ("small", Size::Small),
            ("medium", Size::Medium),
            ("max", Size::Max),
        ];
        reading.request.size = given.choice(&choices, "small, medium or max")?;
        Ok(())
    });
    Table {
        groups: vec![
            Group {
                heading: String::new(),
                options: vec![limits, size],
            },
            Group {
                heading: sizes_and_course_limits(),
                options: [board_options(), game_options()]
                    .into_iter()
                    .flatten()
                    .collect(),
            },
            Group {
                heading: shape_lines(),
                options: Vec::new(),
            },
        ],
        column: 22,
        width: WIDTH,
    }
}

/// The column the usage is wrapped at.
const WIDTH: usize = 95;

/// The longest side `judge` takes from `--rows` or `--cols`.
fn max_side(judge: &Judge) -> u64 {
    judge.max_side.min(MAX_CELLS) as u64
}

/// The options of the board: its size, its mines, its crafted pattern or edge shape.
fn board_options<'a>() -> Vec<Opt<'a>> {
    let sides = grouped(ALL.iter().filter_map(|judge| {
        let side = judge.max_side;
        (side < MAX_CELLS).then(|| (format!("1 to {side}"), judge.name()))
    }));
    let sides: Vec<String> = sides
        .iter()
        .map(|(side, names)| format!("{side} for {}", names.join(" and ")))
        .collect();
    let side = format!(
        "board size under --limits wide, {}, else up to {MAX_CELLS} cells in all",
        sides.join("; ")
    );
    vec![
        Opt::value("--rows", "R", &side, |reading, given| {
            let rows = given.number(1, max_side(reading.judge))?;
            reading.request.knobs.rows = Some(rows as usize);
            Ok(())
        })
        .shown_as("--rows R --cols C"),
        Opt::value("--cols", "C", "", |reading, given| {
            let cols = given.number(1, max_side(reading.judge))?;
            reading.request.knobs.cols = Some(cols as usize);
            Ok(())
        }),
        Opt::value(
            "--density",
            "D",
            "chance of a mine per cell, 0 to 1",
            |reading, given| match given.value.parse::<f64>() {
                Ok(density) if (0.0..=1.0).contains(&density) => {
                    reading.request.knobs.density = Some(density);
                    Ok(())
                }
                _ => Err(given.bad("a number from 0 to 1")),
            },
        ),
    ]
}

/// The options of the game played on the board, and the crafted boards and edge shapes.
fn game_options<'a>() -> Vec<Opt<'a>> {
    let named = |take: &dyn Fn(&Judge) -> bool| -> String {
        let names: Vec<&str> = ALL.iter().filter(|j| take(j)).map(|j| j.name()).collect();
        names.join(", ")
    };
    let counts = grouped(
        ALL.iter()
            .filter_map(|judge| Some((judge.ops_are?.to_string(), judge.name()))),
    );
    let ops: Vec<String> = counts
        .iter()
        .map(|(what, names)| format!("{what} ({})", names.join(", ")))
        .collect();
    let mixes: Vec<String> = ALL
        .iter()
        .filter_map(|judge| Some(format!("{} ({})", judge.mix_of?, judge.name())))
        .collect();
    vec![
        Opt::value(
            "--ops",
            "N",
            &format!("{}; 0 to 10000000", ops.join(", ")),
            |reading, given| {
                reading.request.knobs.ops = Some(given.number(0, 10_000_000)? as usize);
                Ok(())
            },
        )
        .applies(|reading| reading.judge.ops_are.is_some()),
        Opt::value(
            "--boards",
            "N",
            &format!(
                "boards ({}), 0 to 100000",
                named(&|judge| judge.takes_boards)
            ),
            |reading, given| {
                reading.request.knobs.boards = Some(given.number(0, 100_000)? as usize);
                Ok(())
            },
        )
        .applies(|reading| reading.judge.takes_boards),
        Opt::value(
            "--mix",
            "A,B,C",
            &format!(
                "operation weights, each 0 to 1000000, not all 0: {}",
                mixes.join("; ")
            ),
            read_mix,
        )
        .applies(|reading| reading.judge.mix_of.is_some()),
        Opt::value(
            "--player",
            "P",
            &format!(
                "random: uniform cells; plausible: mostly sensible moves, long games ({}; \
                 default: max plausible, else by seed)",
                named(&|judge| judge.takes_player)
            ),
            |reading, given| {
                let choices = [("random", false), ("plausible", true)];
                let plausible = given.choice(&choices, "random or plausible")?;
                reading.request.knobs.plausible = Some(plausible);
                Ok(())
            },
        )
        .applies(|reading| reading.judge.takes_player),
        Opt::value("--pattern", "P", &pattern_help(), read_pattern)
            .applies(|reading| !reading.judge.patterns.is_empty()),
        Opt::value(
            "--shape",
            "NAME",
            "an edge shape, where each judge offers it (\"wide\": under --limits wide only); \
             it sets the options it names and refuses them given; stress draws one for about \
             one input in 8 (the largest only at --size max under the course's limits) unless \
             --shape is given (none: never):",
            read_shape,
        )
        .applies(|reading| !reading.judge.shapes.is_empty()),
    ]
}

/// `--mix A,B,C`: three weights, not all 0.
fn read_mix(reading: &mut Reading, given: Given) -> Result<(), String> {
    let weights: Vec<u32> = given
        .value
        .split(',')
        .map(|weight| args::number(given.flag, weight, 0, 1_000_000).map(|w| w as u32))
        .collect::<Result<_, _>>()?;
    match weights[..] {
        [a, b, c] if a + b + c > 0 => {
            reading.request.knobs.mix = Some([a, b, c]);
            Ok(())
        }
        _ => Err(given.bad("three weights, not all 0")),
    }
}

/// `--pattern P`: one of the judge's crafted patterns.
fn read_pattern(reading: &mut Reading, given: Given) -> Result<(), String> {
    let patterns = reading.judge.patterns;
    let pattern = patterns.iter().find(|&&known| known == given.value);
    let what = format!("one of {}", patterns.join(", "));
    reading.request.knobs.pattern = Some(pattern.ok_or_else(|| given.bad(&what))?);
    Ok(())
}

/// `--shape NAME`: `none`, or one of the judge's edge shapes.
fn read_shape(reading: &mut Reading, given: Given) -> Result<(), String> {
    let shapes = reading.judge.shapes;
    reading.request.draw_shapes = false;
    reading.request.knobs.shape = match given.value.as_str() {
        "none" => None,
        name => Some(
            EdgeShape::named(name)
                .filter(|shape| shapes.iter().any(|&(s, _)| s == *shape))
                .ok_or_else(|| {
                    let names: Vec<&str> = shapes.iter().map(|(s, _)| s.name()).collect();
                    given.bad(&format!("none or one of {}", names.join(", ")))
                })?,
        ),
    };
    Ok(())
}

/// The help of `--pattern`: each judge's patterns.
fn pattern_help() -> String {
    let judges = ALL.iter().filter(|judge| !judge.patterns.is_empty());
    let lines: Vec<String> = judges
        .map(|judge| {
            format!(
                "crafted boards instead of random ones ({}; no --density): {}; sides below \
                 the pattern's smallest are raised to it",
                judge.name(),
                judge.patterns.join(", ")
            )
        })
        .collect();
    lines.join("\n")
}

/// The usage of the sizes and each judge's course limits, and the heading of the knobs.
fn sizes_and_course_limits() -> String {
    let mut text = String::from(
        "  --size small    sides 1-8 (all-mine and mine-free boards among them), 0-20 operations (default)
  --size medium   sides 10-60, density 0.05-0.25, 200-1000 operations
  --size max      the judge's largest case, plausible player:\n",
    );
    for judge in ALL {
        text.push_str(&format!(
            "                    {:<22}{}\n",
            judge.name(),
            judge.max_case.text
        ));
    }
    text.push_str(
        "course limits (--limits course), from each statement, and the sizes inside them:\n",
    );
    for judge in ALL {
        let course = judge.course;
        let head = format!("  {} ({}):", judge.name(), judge.origin);
        wrap(&mut text, head, &course.describe(judge.ops_are), 6, WIDTH);
        wrap(&mut text, "      ".into(), &course.sizes(), 6, WIDTH);
    }
    text.push_str(
        "options (each replaces the size's default; an option that does not apply to <binary> is refused):",
    );
    text
}

/// The edge shapes under `--shape`, each with the judges that offer it.
fn shape_lines() -> String {
    let mut text = String::new();
    for shape in EdgeShape::ALL {
        let offered: Vec<String> = ALL
            .iter()
            .filter_map(|judge| {
                let &(_, narrowest) = judge.shapes.iter().find(|&&(s, _)| s == shape)?;
                Some(match narrowest {
                    Limits::Course => judge.name().to_string(),
                    Limits::Wide => format!("{} wide", judge.name()),
                })
            })
            .collect();
        let what = format!("{} ({})", shape.what(), offered.join(", "));
        wrap(
            &mut text,
            format!("      {:<16}", shape.name()),
            &what,
            22,
            WIDTH,
        );
    }
    text
}

/// The names, grouped by their key, each group where its first name comes.
fn grouped<'a>(items: impl Iterator<Item = (String, &'a str)>) -> Vec<(String, Vec<&'a str>)> {
    let mut groups: Vec<(String, Vec<&str>)> = Vec::new();
    for (key, name) in items {
        match groups.iter_mut().find(|(known, _)| *known == key) {
            Some((_, names)) => names.push(name),
            None => groups.push((key, vec![name])),
        }
    }
    groups
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::judges;

    #[test]
    fn the_gen_command_repeats_the_options() {
        let request = GenOptions {
            size: Size::Medium,
            knobs: Knobs {
                rows: Some(3),
                density: Some(0.25),
                mix: Some([1, 0, 2]),
                plausible: Some(false),
                ..Knobs::default()
            },
            draw_shapes: true,
        };
        assert_eq!(
            request.gen_command(judges::named("mine-ops").unwrap(), 7),
            "gen mine-ops --seed 7 --size medium --rows 3 --density 0.25 --mix 1,0,2 --player random \
             --limits wide"
        );
        let crafted = GenOptions {
            size: Size::Small,
            knobs: Knobs {
                boards: Some(2),
                pattern: Some("comb"),
                limits: Limits::Course,
                ..Knobs::default()
            },
            draw_shapes: true,
        };
        assert_eq!(
            crafted.gen_command(judges::named("inexperienced-player").unwrap(), 3),
            "gen inexperienced-player --seed 3 --boards 2 --pattern comb",
            "the command writes the same input again"
        );
    }

    #[test]
    fn the_usage_names_every_judge_and_wraps() {
        let text = usage();
        for judge in ALL {
            assert!(text.contains(judge.name()), "{}", judge.name());
        }
        assert!(text.lines().all(|line| line.len() <= 100), "{text}");
        assert!(text.contains("operations (mine-ops, acm-server), clicks (jlu-panel)"));
    }
}
