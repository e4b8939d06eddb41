//! `gen`: one seeded, valid input for any judge of the crate (see `--help`).

use minejudge::games::Judge;
use minejudge::inputs::{max_case, Knobs, Size};
use minejudge::io::args::{self, Args};
use minejudge::limits::JLU_PANEL_MAX_CELLS as MAX_CELLS;
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
options (each replaces the size's default; an option that does not apply to <binary> is refused):
  --rows R --cols C   board size, 1 to 1000 for acm-server and inexperienced-player, else up to
                      10000000 cells in all
  --density D         chance of a mine per cell, 0 to 1
  --ops N             operations (mine-ops, acm-server), clicks (jlu-panel), board-and-click
                      pairs (update-board); 0 to 10000000
  --boards N          boards (inexperienced-player), 0 to 100000
  --mix A,B,C         operation weights, each 0 to 1000000, not all 0: Flag,Sweep,DSweep
                      (mine-ops); visit,mark,auto-explore (acm-server)
  --player P          random: uniform cells; plausible: mostly sensible moves, long games
                      (mine-ops, acm-server, jlu-panel; default: max plausible, else by seed)";

fn main() -> ExitCode {
    match args::parse(USAGE, parse) {
        Ok((judge, seed, size, knobs)) => {
            let input = judge.generate(seed, size, &knobs);
            // A closed pipe (`| head`) is the reader's choice.
            let _ = std::io::stdout().lock().write_all(&input);
            ExitCode::SUCCESS
        }
        Err(code) => code,
    }
}

/// The judge, seed, size and knobs the arguments ask for.
fn parse(args: &mut Args) -> Result<(Judge, u64, Size, Knobs), String> {
    let name = match args.next() {
        Some(name) if !name.starts_with('-') => name,
        _ => return Err("the first argument must name a binary".into()),
    };
    let judge = Judge::from_name(&name).ok_or_else(|| {
        let names: Vec<&str> = Judge::ALL.iter().map(|judge| judge.name()).collect();
        format!(
            "no judge named {name:?}; the judges are: {}",
            names.join(", ")
        )
    })?;
    let mut seed = None;
    let mut size = Size::Small;
    let mut knobs = Knobs::default();
    let max_side = judge.max_side().min(MAX_CELLS) as u64;
    while let Some(flag) = args.next() {
        let applies = match flag.as_str() {
            "--ops" => judge != Judge::InexperiencedPlayer,
            "--boards" => judge == Judge::InexperiencedPlayer,
            "--mix" => matches!(judge, Judge::MineOps | Judge::AcmServer),
            "--player" => matches!(judge, Judge::MineOps | Judge::AcmServer | Judge::JluPanel),
            _ => true,
        };
        if !applies {
            return Err(format!("{flag} does not apply to {}", judge.name()));
        }
        match flag.as_str() {
            "--seed" => seed = Some(args.number(&flag, 0, u64::MAX)?),
            "--size" => {
                size = match args.value(&flag)?.as_str() {
                    "small" => Size::Small,
                    "medium" => Size::Medium,
                    "max" => Size::Max,
                    other => {
                        return Err(format!("--size {other:?}: expected small, medium or max"))
                    }
                }
            }
            "--rows" => knobs.rows = Some(args.number(&flag, 1, max_side)? as usize),
            "--cols" => knobs.cols = Some(args.number(&flag, 1, max_side)? as usize),
            "--density" => {
                let value = args.value(&flag)?;
                match value.parse::<f64>() {
                    Ok(density) if (0.0..=1.0).contains(&density) => knobs.density = Some(density),
                    _ => {
                        return Err(format!(
                            "--density {value:?}: expected a number from 0 to 1"
                        ))
                    }
                }
            }
            "--ops" => knobs.ops = Some(args.number(&flag, 0, 10_000_000)? as usize),
            "--boards" => knobs.boards = Some(args.number(&flag, 0, 100_000)? as usize),
            "--mix" => {
                let value = args.value(&flag)?;
                let weights: Vec<u32> = value
                    .split(',')
                    .map(|weight| args::number(&flag, weight, 0, 1_000_000).map(|w| w as u32))
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
                knobs.plausible = match args.value(&flag)?.as_str() {
                    "random" => Some(false),
                    "plausible" => Some(true),
                    other => {
                        return Err(format!("--player {other:?}: expected random or plausible"))
                    }
                }
            }
            _ => return Err(format!("unexpected argument {flag:?}")),
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
