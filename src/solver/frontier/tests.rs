use super::regroup::box_key;
use super::*;
use crate::rng::Rng;
use crate::solver::tests::random_view;
use crate::solver::View;

/// What a frontier knows, with each component named by its first number (ids are
/// bookkeeping: a rollback may leave them to be handed out in another order).
#[derive(Debug, PartialEq)]
struct State {
    /// Per cell: what is known, the number's missing mines and unknown neighbours, the
    /// component and the box in it.
    cells: Vec<(Know, i8, u8, u32, u32)>,
    counters: [usize; 4],
    safe: Vec<u32>,
    mines: Vec<u32>,
    settled: Vec<u32>,
    /// The live components, by first number.
    comps: Vec<ComponentState>,
    unread: u32,
}

/// A live component: its numbers and boxes, cells, and whether it is hopeless.
#[derive(Debug, PartialEq)]
struct ComponentState {
    cons: Vec<u32>,
    con_start: Vec<u32>,
    con_boxes: Vec<u32>,
    box_start: Vec<u32>,
    box_mask: Vec<u8>,
    cells: Vec<u32>,
    hopeless: bool,
}

fn state(f: &Frontier) -> State {
    let name = |id: u32| {
        if id == NONE {
            NONE
        } else {
            f.comps[id as usize].cons[0]
        }
    };
    let mut comps: Vec<ComponentState> = f
        .live_components()
        .map(|id| {
            let c = &f.comps[id as usize];
            ComponentState {
                cons: c.cons.clone(),
                con_start: c.con_start.clone(),
                con_boxes: c.con_boxes.clone(),
                box_start: c.box_start.clone(),
                box_mask: c.box_mask.clone(),
                cells: c.cells.clone(),
                hopeless: c.hopeless,
            }
        })
        .collect();
    comps.sort_by(|a, b| a.cons.cmp(&b.cons));
    State {
        cells: f
            .cells
            .iter()
            .map(|c| (c.know, c.need, c.unknown, name(c.comp), c.slot))
            .collect(),
        counters: [f.unknown, f.outside, f.loose_mines, f.known_mines],
        safe: f.safe.cells().to_vec(),
        mines: f.mines.cells().to_vec(),
        settled: f.settled().to_vec(),
        comps,
        unread: f.unread(),
    }
}

/// Reads the cells of `view` not closed into `f` as an analysis does: every change after a
/// checkpoint, the rules, a regrouping. False (rolled back) when the view is inconsistent.
fn read(f: &mut Frontier, view: &View, cells: &[usize]) -> bool {
    f.checkpoint();
    let mut read = || -> Result<(), Inconsistent> {
        for &cell in cells {
            let seen = view.get(cell);
            if seen == Seen::Closed || f.seen[cell] == seen {
                continue;
            }
            f.seen[cell] = seen;
            match seen {
                Seen::Open(number) => f.open(cell, number)?,
                Seen::Flagged => f.flag(cell)?,
                Seen::Closed => unreachable!(),
            }
        }
        f.propagate()
    };
    if read().is_err() {
        f.rollback();
        return false;
    }
    f.rebuild(&mut Vec::new());
    f.commit();
    true
}

/// Some of the changes a what-if makes, at random: a cell opened unread, facts assumed,
/// cells opened with a number or flagged, the rules, and (most times) a regrouping.
fn what_if(f: &mut Frontier, rng: &mut Rng) {
    let unknown: Vec<usize> = (0..f.cells.len())
        .filter(|&c| f.know(c) == Know::Unknown)
        .collect();
    if unknown.is_empty() {
        return;
    }
    let mut picked = unknown.clone();
    rng.shuffle(&mut picked);
    let mut first = true;
    for &cell in picked.iter().take(1 + rng.below(4)) {
        if f.know(cell) != Know::Unknown {
            continue;
        }
        match rng.below(4) {
            0 if first => f.open_unread(cell),
            0 | 1 => f.assume(
                cell,
                if rng.chance(0.5) {
                    Know::Safe
                } else {
                    Know::Mine
                },
            ),
            2 => {
                let _ = f.open(cell, rng.below(9) as u8);
            }
            _ => {
                let _ = f.flag(cell);
            }
        }
        first = false;
    }
    if f.propagate().is_ok() && rng.chance(0.8) {
        f.rebuild(&mut Vec::new());
    }
}

#[test]
fn box_keys_order_as_the_lists_of_numbers_do() {
    // Every variable of small grids with every set of directions around it: the keys
    // compare as the ascending lists of the numbers' cells, padded with NONE, do.
    let mut compared = 0;
    for (rows, cols) in [
        (1, 1),
        (1, 4),
        (3, 1),
        (2, 2),
        (2, 3),
        (3, 4),
        (4, 5),
        (6, 7),
    ] {
        let grid = Grid::new(rows, cols);
        let rings = Rings::new(grid);
        let mut keyed = Vec::new();
        for var in 0..grid.len() {
            let around = rings.directed(var).fold(0u8, |set, (_, d)| set | 1 << d);
            let mut set = around;
            while set != 0 {
                let mut list = [NONE; 8];
                for (i, cell) in rings.in_directions(var, set).enumerate() {
                    list[i] = cell as u32;
                }
                keyed.push((list, box_key(list[0] as usize, set)));
                set = (set - 1) & around;
            }
        }
        keyed.sort_unstable();
        for pair in keyed.windows(2) {
            let ((a, key_a), (b, key_b)) = (pair[0], pair[1]);
            assert_eq!(key_a.cmp(&key_b), a.cmp(&b), "{rows}x{cols}: {a:?} {b:?}");
            compared += 1;
        }
    }
    assert!(compared > 8000, "only {compared} pairs compared");
}

#[test]
fn a_rollback_returns_to_the_checkpoint() {
    let seed = 0xc4ec;
    let mut rng = Rng::new(seed);
    let mut compared = 0;
    for case in 0..3000 {
        let (view, _) = random_view(&mut rng, 12, 12, 40, 0.3);
        let mut f = Frontier::new();
        f.reset(view.grid());
        // Read in two steps, so that the second regroups components of the first.
        let mut cells: Vec<usize> = (0..view.grid().len()).collect();
        rng.shuffle(&mut cells);
        let half = cells.len() / 2;
        if !read(&mut f, &view, &cells[..half]) || !read(&mut f, &view, &cells[half..]) {
            continue;
        }
        for round in 0..3 {
            let before = state(&f);
            f.checkpoint();
            what_if(&mut f, &mut rng);
            f.rollback();
            assert_eq!(
                state(&f),
                before,
                "case {case} round {round} (seed {seed})\n{view:?}"
            );
            compared += 1;
        }
    }
    assert!(compared > 3000, "only {compared} rollbacks compared");
}

#[test]
fn a_rollback_leaves_no_trace_in_what_follows() {
    // A view read in two steps, with what-ifs rolled back between them, is known as if
    // it had been read in the same two steps alone.
    let seed = 0x7ace;
    let mut rng = Rng::new(seed);
    let mut compared = 0;
    for case in 0..2000 {
        let (view, _) = random_view(&mut rng, 12, 12, 40, 0.3);
        let mut cells: Vec<usize> = (0..view.grid().len()).collect();
        rng.shuffle(&mut cells);
        let half = cells.len() / 2;
        let (mut plain, mut probed) = (Frontier::new(), Frontier::new());
        plain.reset(view.grid());
        probed.reset(view.grid());
        if !read(&mut plain, &view, &cells[..half]) {
            continue;
        }
        read(&mut probed, &view, &cells[..half]);
        for _ in 0..3 {
            probed.checkpoint();
            what_if(&mut probed, &mut rng);
            probed.rollback();
        }
        let fits = read(&mut plain, &view, &cells[half..]);
        assert_eq!(read(&mut probed, &view, &cells[half..]), fits);
        assert_eq!(
            state(&probed),
            state(&plain),
            "case {case} (seed {seed})\n{view:?}"
        );
        compared += fits as usize;
    }
    assert!(compared > 1000, "only {compared} frontiers compared");
}

#[test]
fn a_failed_update_is_rolled_back() {
    // "1?" then a 2 where the 1 allows one mine only: the update fails and is undone.
    let mut f = Frontier::new();
    f.reset(Grid::new(2, 2));
    f.checkpoint();
    f.seen[0] = Seen::Open(1);
    f.open(0, 1).unwrap();
    f.propagate().unwrap();
    f.rebuild(&mut Vec::new());
    f.commit();
    let before = state(&f);
    f.checkpoint();
    f.open(1, 0).unwrap();
    f.open(2, 3).unwrap();
    assert!(f.propagate().is_err());
    f.rollback();
    assert_eq!(state(&f), before);
    assert_eq!(f.unknown, 3);
    assert_eq!(f.live_components().count(), 1);
}
