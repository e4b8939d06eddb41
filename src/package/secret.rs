//! The secret tests: crafted ones first (the largest case, its random-player twin, one cell,
//! one row, one column, dense and sparse boards, one kind of operation only, every crafted
//! pattern), then random ones of every size, all inside the course's limits.

use crate::judges::{Judge, Knobs, Limits, Size};

/// One test before its answer: a name that says what it is, and the input.
pub(crate) struct Input {
    pub name: String,
    pub input: Vec<u8>,
}

/// What a test asks of the generator.
#[derive(Clone)]
struct Plan {
    label: String,
    size: Size,
    knobs: Knobs,
}

/// `count` secret inputs of `judge`, drawn from `seed` on: the crafted ones first, cut to
/// `count` when there are more, then random ones until there are `count`. An input that comes
/// out the same as an earlier one is dropped, and so is one outside the course's limits (a
/// crafted pattern raises a board's sides to its own smallest, which may be past the course's);
/// random ones take their places, up to three draws per test asked for.
pub(crate) fn inputs(judge: &Judge, count: usize, seed: u64) -> Vec<Input> {
    let course = Knobs {
        limits: Limits::Course,
        ..Knobs::default()
    };
    let mut plans = crafted(judge, &course);
    plans.truncate(count);
    let crafted = plans.len();
    let mut inputs: Vec<Input> = Vec::new();
    let mut index = 0;
    while inputs.len() < count && index < 3 * count.max(crafted) {
        let plan = match plans.get(index) {
            Some(plan) => plan.clone(),
            None => random(index, &course),
        };
        let input = judge.generate(seed.wrapping_add(index as u64), plan.size, &plan.knobs);
        index += 1;
        if judge.validate(&input).is_err() || inputs.iter().any(|earlier| earlier.input == input) {
            continue;
        }
        inputs.push(Input {
            name: format!("{:02}-{}", inputs.len() + 1, plan.label),
            input,
        });
    }
    inputs
}

/// The random test drawn at `index`: mostly small games, where bugs show in a few lines, and
/// some medium ones.
fn random(index: usize, course: &Knobs) -> Plan {
    let (size, label) = match index % 3 {
        2 => (Size::Medium, "medium"),
        _ => (Size::Small, "small"),
    };
    Plan {
        label: label.into(),
        size,
        knobs: course.clone(),
    }
}

/// The crafted tests of `judge`, each inside the course (`course` knobs).
fn crafted(judge: &Judge, course: &Knobs) -> Vec<Plan> {
    let plan = |label: &str, size: Size, knobs: Knobs| Plan {
        label: label.into(),
        size,
        knobs,
    };
    let limits = judge.course;
    let high = limits.sides.1;
    let mut plans = vec![plan("largest", Size::Max, course.clone())];
    if judge.takes_player {
        let random = Knobs {
            plausible: Some(false),
            ..course.clone()
        };
        plans.push(plan("largest-random-player", Size::Max, random));
    }
    let shapes = [
        ("one-cell", limits.fit(1, 1), None),
        ("one-row", limits.fit(1, high), None),
        ("one-column", limits.fit(high, 1), None),
        ("dense", limits.fit(high, high), Some(0.4)),
        ("sparse", limits.fit(high, high), Some(0.03)),
    ];
    for (label, (rows, cols), density) in shapes {
        let knobs = Knobs {
            rows: Some(rows),
            cols: Some(cols),
            density,
            ..course.clone()
        };
        plans.push(plan(label, Size::Medium, knobs));
    }
    if judge.mix_of.is_some() {
        for (label, mix) in [
            ("first-operation-only", [1, 0, 0]),
            ("second-operation-only", [0, 1, 0]),
            ("third-operation-only", [0, 0, 1]),
        ] {
            let knobs = Knobs {
                mix: Some(mix),
                ..course.clone()
            };
            plans.push(plan(label, Size::Medium, knobs));
        }
    }
    for &pattern in judge.patterns {
        let knobs = Knobs {
            pattern: Some(pattern),
            ..course.clone()
        };
        plans.push(plan(&format!("pattern-{pattern}"), Size::Medium, knobs));
    }
    plans
}
