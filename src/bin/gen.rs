//! `gen`: one seeded, valid input for any judge of the crate, for stress tests and benchmarks.

use minejudge::gen::{generate, max_case, Judge, Knobs, Size, MAX_CELLS};
use std::io::Write;
use std::process::ExitCode;

const USAGE: &str = "\
usage: gen <binary> --seed S [--size small|medium|max] [options]
  <binary>: mine-ops, jlu-panel, update-board, acm-server, inexperienced-player
  Prints one valid input for <binary>; the same arguments give the same bytes everywhere.
  --size small    sides 1-8 (all-mine and mine-free boards among them), 0-20 operations (default)
  --size medium   sides 10-60, density 0.05-0.25, 200-1000 operations
  --size max      the judge's largest case, plausible player:
                    mine-ops              1000x1000, density 0.1, 60000 operations
                    jlu-panel             1000x1000, density 0.15, 200 clicks (output up to ~450 MB)
                    acm-server            1000x1000, density 0.15, 1000 operations (1 MB map each)
                    inexperienced-player  one 1000x1000 board, density 0.15
                    update-board          one 1000x1000 board and click, density 0.15
options (each replaces the size's default):
  --rows R --cols C   board size (every board)
  --density D         chance of a mine per cell, 0 to 1
  --ops N             operations (mine-ops, acm-server), clicks (jlu-panel), pairs (update-board)
  --boards N          boards (inexperienced-player)
  --mix A,B,C         operation weights: Flag,Sweep,DSweep (mine-ops); visit,mark,auto (acm-server)
  --player P          random: uniform cells; plausible: mostly sensible moves, long games
                      (mine-ops, acm-server, jlu-panel; default: max plausible, else by seed)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if args.iter().any(|arg| arg == "--help" || arg == "-h") {
        println!("{USAGE}");
        return ExitCode::SUCCESS;
    }
    match parse(&args) {
        Ok((judge, seed, size, knobs)) => {
            let input = generate(judge, seed, size, &knobs);
            // A closed pipe (`| head`) is the reader's choice.
            let _ = std::io::stdout().lock().write_all(&input);
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("gen: {message} (gen --help for usage)");
            ExitCode::from(2)
        }
    }
}

/// The judge, seed, size and knobs the arguments ask for.
fn parse(args: &[String]) -> Result<(Judge, u64, Size, Knobs), String> {
    let (name, mut rest) = match args.split_first() {
        Some((name, rest)) if !name.starts_with('-') => (name, rest),
        _ => return Err("the first argument must name a binary".into()),
    };
    let judge = Judge::from_name(name).ok_or_else(|| format!("no binary named {name:?}"))?;
    let mut seed = None;
    let mut size = Size::Small;
    let mut knobs = Knobs::default();
    let max_side = judge.max_side() as u64;
    while let Some((flag, after)) = rest.split_first() {
        let Some((value, after)) = after.split_first() else {
            return Err(format!("{flag} needs a value"));
        };
        rest = after;
        match flag.as_str() {
            "--seed" => seed = Some(number(flag, value, u64::MAX)?),
            "--size" => {
                size = match value.as_str() {
                    "small" => Size::Small,
                    "medium" => Size::Medium,
                    "max" => Size::Max,
                    _ => return Err(format!("--size {value:?}: expected small, medium or max")),
                }
            }
            "--rows" => knobs.rows = Some(side(flag, value, max_side)?),
            "--cols" => knobs.cols = Some(side(flag, value, max_side)?),
            "--density" => {
                let density: f64 = value.parse().map_err(|_| not_a(flag, value, "number"))?;
                if !(0.0..=1.0).contains(&density) {
                    return Err(format!("--density {value}: expected 0 to 1"));
                }
                knobs.density = Some(density);
            }
            "--ops" => knobs.ops = Some(number(flag, value, 10_000_000)? as usize),
            "--boards" => knobs.boards = Some(number(flag, value, 100_000)? as usize),
            "--mix" => {
                let weights: Vec<u32> = value
                    .split(',')
                    .map(|weight| number(flag, weight, 1_000_000).map(|w| w as u32))
                    .collect::<Result<_, _>>()?;
                match weights[..] {
                    [a, b, c] if a + b + c > 0 => knobs.mix = Some([a, b, c]),
                    _ => {
                        return Err(format!(
                            "--mix {value:?}: expected three weights, not all 0"
                        ))
                    }
                }
            }
            "--player" => {
                knobs.plausible = match value.as_str() {
                    "random" => Some(false),
                    "plausible" => Some(true),
                    _ => return Err(format!("--player {value:?}: expected random or plausible")),
                }
            }
            _ => return Err(format!("unknown option {flag:?}")),
        }
    }
    let seed = seed.ok_or("--seed S is required")?;
    // The defaults of the size fill the sides the knobs leave open.
    let default_side = if size == Size::Max {
        max_case(judge).0
    } else {
        60
    };
    let rows = knobs.rows.unwrap_or(default_side);
    let cols = knobs.cols.unwrap_or(default_side);
    if rows * cols > MAX_CELLS {
        return Err(format!(
            "a {rows}x{cols} board has more than {MAX_CELLS} cells"
        ));
    }
    Ok((judge, seed, size, knobs))
}

fn not_a(flag: &str, value: &str, what: &str) -> String {
    format!("{flag} {value:?}: expected a {what}")
}

/// A decimal integer in `0..=high`.
fn number(flag: &str, value: &str, high: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(n) if n <= high && value.bytes().all(|b| b.is_ascii_digit()) => Ok(n),
        _ => Err(format!(
            "{flag} {value:?}: expected an integer from 0 to {high}"
        )),
    }
}

/// A board side in `1..=high`.
fn side(flag: &str, value: &str, high: u64) -> Result<usize, String> {
    match number(flag, value, high)? {
        0 => Err(format!(
            "{flag} 0: a board needs at least one row and column"
        )),
        n => Ok(n as usize),
    }
}
