//! Every complete arrangement of mines over some unknown cells that fits the numbers next to
//! them, by backtracking over the cells in order (each cell one bit of a `u128`).

use crate::solver::frontier::{Frontier, Know};
use crate::solver::view::Seen;

/// At most this many unknown cells (one bit each).
pub(in crate::solver) const MAX_CELLS: usize = 128;

/// Each of `cells`' neighbours among them (bit i is `cells[i]`, unknown cells ascending), and
/// every arrangement of mines over them (of `left` mines when given) that fits the numbers
/// next to them: `None` when such a number has an unknown cell outside `cells`, or past
/// [`MAX_CELLS`] cells, `most` arrangements or `limit` nodes (added to `work`).
///
/// # Complexity
/// At most `limit` nodes.
pub(in crate::solver) fn arrangements(
    frontier: &Frontier,
    cells: &[u32],
    left: Option<usize>,
    most: usize,
    limit: u64,
    work: &mut u64,
) -> Option<(Vec<u128>, Vec<u128>)> {
    if cells.len() > MAX_CELLS {
        return None;
    }
    let bit_of = |cell: usize| cells.binary_search(&(cell as u32)).ok();
    let around: Vec<u128> = cells
        .iter()
        .map(|&c| {
            frontier
                .around(c as usize)
                .filter_map(bit_of)
                .fold(0u128, |m, b| m | 1 << b)
        })
        .collect();
    // The numbers next to unknown cells: their unknown cells and the mines they still need.
    let mut numbers: Vec<(u32, u128, u32)> = Vec::new();
    for &c in cells {
        for next in frontier.around(c as usize) {
            if let Seen::Open(shown) = frontier.seen[next] {
                if numbers.iter().any(|x| x.0 == next as u32) {
                    continue;
                }
                let mut mask = 0u128;
                let mut known = 0;
                for x in frontier.around(next) {
                    match frontier.know(x) {
                        Know::Mine | Know::Flag => known += 1,
                        // Outside `cells`: the numbers are not theirs alone.
                        Know::Unknown => mask |= 1 << bit_of(x)?,
                        _ => {}
                    }
                }
                let need = (shown as u32).checked_sub(known)?;
                numbers.push((next as u32, mask, need));
            }
        }
    }
    let mut by_cell: Vec<Vec<usize>> = vec![Vec::new(); cells.len()];
    for (j, &(_, mask, _)) in numbers.iter().enumerate() {
        for (b, list) in by_cell.iter_mut().enumerate() {
            if mask >> b & 1 == 1 {
                list.push(j);
            }
        }
    }
    let mut search = ArrangementSearch {
        by_cell: &by_cell,
        still: numbers
            .iter()
            .map(|x| [x.2 as i32, x.1.count_ones() as i32])
            .collect(),
        count: cells.len(),
        left,
        most,
        found: Vec::new(),
        work: 0,
        limit,
    };
    let complete = search.place(0, 0, 0);
    *work += search.work;
    let found = search.found;
    complete.then_some((around, found))
}

/// The enumeration of complete arrangements by backtracking over the cells in order.
struct ArrangementSearch<'a> {
    by_cell: &'a [Vec<usize>],
    /// Per number: the mines it still needs, and its cells not placed yet.
    still: Vec<[i32; 2]>,
    count: usize,
    /// The mines to place, when the total counts.
    left: Option<usize>,
    /// The most arrangements wanted.
    most: usize,
    found: Vec<u128>,
    work: u64,
    limit: u64,
}

impl ArrangementSearch<'_> {
    /// Places the cells from `at` on, `mines` placed in `mask` so far; false when a limit was
    /// reached.
    fn place(&mut self, at: usize, mask: u128, mines: usize) -> bool {
        self.work += 1;
        if self.work > self.limit {
            return false;
        }
        if at == self.count {
            if self.left.map_or(true, |left| mines == left) {
                if self.found.len() == self.most {
                    return false;
                }
                self.found.push(mask);
            }
            return true;
        }
        let unplaced = self.count - at;
        if let Some(left) = self.left {
            if mines > left || mines + unplaced < left {
                return true;
            }
        }
        let by_cell = self.by_cell;
        let numbers = &by_cell[at];
        for mine in [0, 1] {
            let fits = numbers.iter().all(|&j| {
                let [need, open] = self.still[j];
                need >= mine && need - mine < open
            });
            if !fits {
                continue;
            }
            for &j in numbers {
                self.still[j][0] -= mine;
                self.still[j][1] -= 1;
            }
            if !self.place(at + 1, mask | (mine as u128) << at, mines + mine as usize) {
                return false;
            }
            for &j in numbers {
                self.still[j][0] += mine;
                self.still[j][1] += 1;
            }
        }
        true
    }
}
