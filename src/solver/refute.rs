//! Proofs about a component too large to enumerate: the contradictions a number and its
//! neighbouring numbers show between them, and bounds on the component's mine count.
//!
//! The estimate (`approximate.rs`) looks at one box's numbers at a time, so a contradiction
//! spread over three numbers that share no box (a 4 between two 1s, each 1 taking at most one
//! of the 4's cells) goes unseen, and the exact enumeration may run out of budget long before
//! it reaches it. Here each number is checked with every number that shares a cell with it:
//! the mines of its boxes must give it exactly what it needs and leave each neighbour a count
//! its other boxes can make up. That is a relaxation (the neighbours' other cells are taken
//! apart, as if shared with nobody), so a number it finds unsatisfiable is a proof that no
//! arrangement fits. The bounds each check finds on the mines of a box tighten those of the
//! next, to a fixpoint (cheap propagation: each box's bounds only narrow).
//!
//! The component's mine count is then bounded by packing numbers with no box in common: each
//! packed number's boxes hold exactly its need, every other box between its bounds.

use super::component::Component;
use super::frontier::Frontier;
use super::index::NONE;
use super::scratch::is_large;

/// The buffers of [`Refuter::run`].
#[derive(Debug, Default)]
pub(super) struct Refuter {
    /// Per box: the fewest and most mines it can hold, as proven so far.
    lo: Vec<u8>,
    hi: Vec<u8>,
    /// Per number: the sums of its boxes' bounds, and whether it waits in `queue`.
    sum_lo: Vec<i32>,
    sum_hi: Vec<i32>,
    queued: Vec<bool>,
    queue: Vec<u32>,
    /// Per number: its index among the checked number's neighbours, or `NONE`.
    local: Vec<u32>,
    /// The checked number's neighbours (itself first), and per neighbour the range its share
    /// of the checked number's boxes must fall in, and that share so far.
    near: Vec<u32>,
    low: Vec<i32>,
    high: Vec<i32>,
    share: Vec<i32>,
    /// The checked number's boxes (at most 8): the neighbours (indices into `near`) each
    /// touches, the counts tried, and the fewest and most mines some solution puts in each.
    own_near: [[u32; 8]; 8],
    own_links: [u8; 8],
    seen_lo: Vec<u8>,
    seen_hi: Vec<u8>,
    counts: Vec<u8>,
    /// Set when the solutions found so far give every box its whole range: the search stops.
    covered: bool,
    /// Per box: whether a packed number holds it.
    used: Vec<bool>,
    order: Vec<(i32, u32)>,
}

/// Bounds on the mines of a component, proven.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct MineBounds {
    pub lo: usize,
    pub hi: usize,
}

impl Refuter {
    /// Gives its buffers back when one component made them large.
    pub(super) fn release_large(&mut self) {
        if is_large(&self.lo) || is_large(&self.sum_lo) {
            *self = Refuter::default();
        }
    }

    /// Checks every number of `comp` (needs read from `cells`) against its neighbours, to a
    /// fixpoint. `Err(i)` when number `i` (an index into `comp.cons`) can be given what it
    /// needs by no arrangement; else bounds on the component's mines (the lower above the
    /// upper proves that no arrangement fits either).
    ///
    /// # Complexity
    /// Each check enumerates the counts of one number's boxes (at most 8 cells: at most 70
    /// solutions, each 64 steps); a number is checked again only when a box it touches
    /// narrowed, at most 8 times per box. O(numbers + boxes) memory, O(numbers log numbers)
    /// for the packing.
    pub(super) fn run(&mut self, f: &Frontier, comp: &Component) -> Result<MineBounds, usize> {
        let (boxes, numbers) = (comp.boxes(), comp.cons.len());
        self.lo.clear();
        self.lo.resize(boxes, 0);
        self.hi.clear();
        self.hi.extend((0..boxes).map(|b| comp.box_size(b) as u8));
        self.sum_lo.clear();
        self.sum_lo.resize(numbers, 0);
        self.sum_hi.clear();
        self.sum_hi.extend((0..numbers).map(|i| {
            comp.boxes_of(i)
                .iter()
                .map(|&b| comp.box_size(b as usize) as i32)
                .sum::<i32>()
        }));
        self.local.clear();
        self.local.resize(numbers, NONE);
        self.queued.clear();
        self.queued.resize(numbers, true);
        self.queue.clear();
        self.queue.extend((0..numbers as u32).rev());
        while let Some(i) = self.queue.pop() {
            let i = i as usize;
            self.queued[i] = false;
            if !self.check(f, comp, i) {
                return Err(i);
            }
        }
        Ok(self.bounds(f, comp))
    }

    /// Checks number `i` with its neighbours; narrows its boxes' bounds to what some solution
    /// gives them (queueing the numbers of each box narrowed). False when no solution exists.
    fn check(&mut self, f: &Frontier, comp: &Component, i: usize) -> bool {
        let own = comp.boxes_of(i);
        self.near.clear();
        self.near.push(i as u32);
        self.local[i] = 0;
        for (t, &b) in own.iter().enumerate() {
            self.own_links[t] = 0;
            for j in f.numbers_of(comp, b as usize) {
                if self.local[j] == NONE {
                    self.local[j] = self.near.len() as u32;
                    self.near.push(j as u32);
                }
                self.own_near[t][self.own_links[t] as usize] = self.local[j];
                self.own_links[t] += 1;
            }
        }
        let near = self.near.len();
        // What a neighbour's other boxes can hold bounds its share of i's boxes.
        self.low.clear();
        self.low.resize(near, 0);
        self.high.clear();
        self.high.resize(near, 0);
        for (t, &b) in own.iter().enumerate() {
            let b = b as usize;
            for &at in &self.own_near[t][..self.own_links[t] as usize] {
                let at = at as usize;
                self.low[at] += self.hi[b] as i32;
                self.high[at] += self.lo[b] as i32;
            }
        }
        for at in 0..near {
            let j = self.near[at] as usize;
            let need = f.cells[comp.cons[j] as usize].need as i32;
            // Here low and high hold the sums of i's boxes' upper and lower bounds.
            let (inner_hi, inner_lo) = (self.low[at], self.high[at]);
            self.low[at] = need - (self.sum_hi[j] - inner_hi);
            self.high[at] = need - (self.sum_lo[j] - inner_lo);
        }
        self.share.clear();
        self.share.resize(near, 0);
        self.counts.clear();
        self.counts.resize(own.len(), 0);
        self.seen_lo.clear();
        self.seen_lo.resize(own.len(), u8::MAX);
        self.seen_hi.clear();
        self.seen_hi.resize(own.len(), 0);
        self.covered = false;
        let found = self.solutions(own, 0);
        for &j in &self.near {
            self.local[j as usize] = NONE;
        }
        if !found {
            return false;
        }
        for (t, &b) in own.iter().enumerate() {
            let b = b as usize;
            let (lo, hi) = (self.seen_lo[t], self.seen_hi[t]);
            if (lo, hi) == (self.lo[b], self.hi[b]) {
                continue;
            }
            let (up, down) = ((lo - self.lo[b]) as i32, (self.hi[b] - hi) as i32);
            self.lo[b] = lo;
            self.hi[b] = hi;
            for j in f.numbers_of(comp, b) {
                self.sum_lo[j] += up;
                self.sum_hi[j] -= down;
                // Number i's own check would find nothing new: its neighbours' other boxes
                // did not change.
                if j != i && !self.queued[j] {
                    self.queued[j] = true;
                    self.queue.push(j as u32);
                }
            }
        }
        true
    }

    /// Gives box `own[t]` each count its bounds allow, then the next; at the end, keeps the
    /// counts if every neighbour's share fits. Whether some solution was found.
    fn solutions(&mut self, own: &[u32], t: usize) -> bool {
        if t == own.len() {
            if (0..self.near.len()).any(|at| self.share[at] < self.low[at]) {
                return false;
            }
            let mut covered = true;
            for (u, &c) in self.counts.iter().enumerate() {
                self.seen_lo[u] = self.seen_lo[u].min(c);
                self.seen_hi[u] = self.seen_hi[u].max(c);
                let b = own[u] as usize;
                covered &= (self.seen_lo[u], self.seen_hi[u]) == (self.lo[b], self.hi[b]);
            }
            // Every box has shown its whole range: no solution left can narrow anything.
            self.covered = covered;
            return true;
        }
        let b = own[t] as usize;
        let links = self.own_links[t] as usize;
        let mut found = false;
        for c in self.lo[b]..=self.hi[b] {
            self.counts[t] = c;
            let mut over = false;
            for k in 0..links {
                let at = self.own_near[t][k] as usize;
                self.share[at] += c as i32;
                over |= self.share[at] > self.high[at];
            }
            if !over {
                found |= self.solutions(own, t + 1);
            }
            if self.covered {
                for k in 0..links {
                    self.share[self.own_near[t][k] as usize] -= c as i32;
                }
                break;
            }
            for k in 0..links {
                self.share[self.own_near[t][k] as usize] -= c as i32;
            }
            if over {
                // More mines only make it worse.
                break;
            }
        }
        found
    }

    /// The component's mine bounds: every box between its bounds, improved by packing numbers
    /// with no box in common (each holds exactly its need).
    fn bounds(&mut self, f: &Frontier, comp: &Component) -> MineBounds {
        let boxes = comp.boxes();
        let mut lo: i64 = self.lo.iter().map(|&x| x as i64).sum();
        let mut hi: i64 = self.hi.iter().map(|&x| x as i64).sum();
        for lower in [true, false] {
            self.order.clear();
            for i in 0..comp.cons.len() {
                let need = f.cells[comp.cons[i] as usize].need as i32;
                let gain = if lower {
                    need - self.sum_lo[i]
                } else {
                    self.sum_hi[i] - need
                };
                if gain > 0 {
                    self.order.push((-gain, i as u32));
                }
            }
            self.order.sort_unstable();
            self.used.clear();
            self.used.resize(boxes, false);
            for &(gain, i) in &self.order {
                let own = comp.boxes_of(i as usize);
                if own.iter().any(|&b| self.used[b as usize]) {
                    continue;
                }
                for &b in own {
                    self.used[b as usize] = true;
                }
                if lower {
                    lo -= gain as i64;
                } else {
                    hi += gain as i64;
                }
            }
        }
        MineBounds {
            lo: lo.max(0) as usize,
            hi: hi.max(0) as usize,
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::board::Grid;
    use crate::rng::Rng;
    use crate::solver::tests::{fitting, view};
    use crate::solver::{Decision, Inconsistent, Mines, Seen, Solver, Verdict, View};

    /// A small random view: numbers from a random layout, sometimes one of them off by one
    /// (often a contradiction), sometimes a flag; now and then a 1 ? 4 ? 1 over a closed row
    /// (a contradiction among three numbers that share no box) put in.
    fn random_panel(rng: &mut Rng) -> View {
        let (rows, cols) = (2 + rng.below(3), 3 + rng.below(4));
        let grid = Grid::new(rows, cols);
        let mines: Vec<bool> = (0..grid.len()).map(|_| rng.chance(0.3)).collect();
        let mut view = View::new(grid);
        for c in 0..grid.len() {
            if !mines[c] && rng.chance(0.45) {
                let n = grid.neighbours(c).filter(|&x| mines[x]).count() as u8;
                view.set(c, Seen::Open(n));
            } else if mines[c] && rng.chance(0.1) {
                view.set(c, Seen::Flagged);
            }
        }
        if rng.chance(0.3) {
            let numbers: Vec<usize> = (0..grid.len())
                .filter(|&c| matches!(view.get(c), Seen::Open(_)))
                .collect();
            if !numbers.is_empty() {
                let c = numbers[rng.below(numbers.len())];
                if let Seen::Open(n) = view.get(c) {
                    let off = if n == 0 || rng.chance(0.5) {
                        n + 1
                    } else {
                        n - 1
                    };
                    view.set(c, Seen::Open(off.min(8)));
                }
            }
        }
        if cols >= 5 && rng.chance(0.2) {
            let at = rng.below(cols - 4);
            for (j, seen) in [1, 9, 4, 9, 1].into_iter().enumerate() {
                let cell = grid.index(0, at + j);
                view.set(
                    cell,
                    if seen == 9 {
                        Seen::Closed
                    } else {
                        Seen::Open(seen)
                    },
                );
                view.set(grid.index(1, at + j), Seen::Closed);
            }
        }
        view
    }

    #[test]
    fn the_verdict_never_contradicts_a_brute_force() {
        let seed = 33_001;
        let mut rng = Rng::new(seed);
        let mut tally = [0usize; 3];
        for case in 0..6000 {
            let v = random_panel(&mut rng);
            let closed = v.cells().iter().filter(|&&s| s == Seen::Closed).count();
            let flags = v.cells().iter().filter(|&&s| s == Seen::Flagged).count();
            let mines = if rng.chance(0.5) {
                Mines::Known(flags + rng.below(closed + 1))
            } else {
                Mines::Density(0.2)
            };
            let fits = match mines {
                Mines::Known(k) => !fitting(&v, k).is_empty(),
                Mines::Density(_) => (flags..=flags + closed).any(|k| !fitting(&v, k).is_empty()),
            };
            let budget = [1, 2, 3, 5, 10, 40, 0][rng.below(7)];
            let verdict = Solver::with_budget(budget).verdict(&v, mines);
            let what = || format!("seed {seed} case {case}, budget {budget}, {mines:?}: {v:?}");
            match verdict {
                Verdict::Consistent => assert!(fits, "called consistent: {}", what()),
                Verdict::Inconsistent(_) => assert!(!fits, "called inconsistent: {}", what()),
                Verdict::Unproven => assert!(budget != 0, "unproven at full budget: {}", what()),
            }
            tally[match verdict {
                Verdict::Consistent => 0,
                Verdict::Inconsistent(_) => 1,
                Verdict::Unproven => 2,
            }] += 1;
        }
        println!(
            "consistent {}, inconsistent {}, unproven {}",
            tally[0], tally[1], tally[2]
        );
        assert!(tally.iter().all(|&n| n > 300), "{tally:?}");
    }

    #[test]
    fn three_numbers_that_share_no_box_are_refuted_whatever_the_budget() {
        // The 4 needs four of its five closed cells, the 1s leave it three at most; the 2s
        // make one component that no small budget enumerates, and no box touches all three
        // numbers (the estimate looks at one box's numbers at a time).
        let rows = ["2?2?2?2?2?2?1?4?1?2?2", "?????????????????????"];
        for budget in [1, 3, 10, 100, 0] {
            let verdict = Solver::with_budget(budget).verdict(&view(&rows), Mines::Density(0.2));
            // A number is named: the check found it, not only the count's bounds.
            let named = matches!(
                verdict,
                Verdict::Inconsistent(Inconsistent { cell: Some(_) })
            );
            assert!(named, "budget {budget}: {verdict:?}");
        }
        // With a 3 the same view is consistent: proven with the full budget, unproven with a
        // tiny one.
        let v = view(&["2?2?2?2?2?2?1?3?1?2?2", "?????????????????????"]);
        assert_eq!(
            Solver::new().verdict(&v, Mines::Density(0.2)),
            Verdict::Consistent
        );
        assert_eq!(
            Solver::with_budget(3).verdict(&v, Mines::Density(0.2)),
            Verdict::Unproven
        );
    }

    #[test]
    fn a_total_beyond_the_packed_bounds_is_refuted() {
        // Each 2 sees the three columns around it above and below: 2s at columns 1, 4, 7, 10
        // and 13 see every closed cell, no two the same: the row holds exactly 10 mines.
        let v = view(&["???????????????", "222222222222222", "???????????????"]);
        let mut tiny = Solver::with_budget(3);
        for k in [0, 5, 9, 11, 20, 30] {
            let verdict = tiny.verdict(&v, Mines::Known(k));
            assert!(
                matches!(verdict, Verdict::Inconsistent(_)),
                "k {k}: {verdict:?}"
            );
        }
        assert!(!matches!(
            tiny.verdict(&v, Mines::Known(10)),
            Verdict::Inconsistent(_)
        ));
        assert_eq!(
            Solver::new().verdict(&v, Mines::Known(10)),
            Verdict::Consistent
        );
    }

    #[test]
    fn games_on_a_tiny_budget_are_never_refuted() {
        // Whole games, the analysis kept from move to move with components estimated: a real
        // game is never called inconsistent, and is called consistent only with every
        // component enumerated (debug builds also recount the estimated ones each move).
        use crate::board::{Board, Cover, FlagsInCascade};
        use crate::moves::Move;
        use crate::solver::Style;
        let seed = 33_003;
        let (mut proven, mut unproven) = (0, 0);
        for game in 0..40u64 {
            let mut rng = Rng::new(seed + game);
            let grid = Grid::new(12, 20);
            let board = Board::from_mines(grid, rng.deal(grid.len(), 45, &[0]));
            let (mut cover, mut view) = (Cover::new(&board), View::new(grid));
            let mut solver = Solver::with_budget(20 + 200 * (game % 3));
            let mut cell = 0;
            while !board.is_mine(cell) {
                view.reveal(
                    &board,
                    &mut cover,
                    cell,
                    FlagsInCascade::Kept,
                    &mut Vec::new(),
                );
                if cover.safe_closed() == 0 {
                    break;
                }
                let decision = solver
                    .next_move(&view, Mines::Known(45), Style::CLICKS)
                    .unwrap_or_else(|e| panic!("seed {seed} game {game}: {e}"));
                if solver.proven_consistent() {
                    proven += 1;
                } else {
                    unproven += 1;
                    assert!(solver.approximations() > 0, "seed {seed} game {game}");
                }
                let Some(Decision {
                    action: Move::Open(next),
                    ..
                }) = decision
                else {
                    panic!("seed {seed} game {game}: {decision:?}");
                };
                cell = next;
            }
        }
        assert!(
            proven > 100 && unproven > 20,
            "{proven} proven, {unproven} unproven"
        );
    }
}
