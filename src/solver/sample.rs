//! Complete boards drawn exactly uniformly among those consistent with a view and a known mine
//! total: what a playout needs to stand for the board the player cannot see.
//!
//! Every arrangement of mines that fits the numbers and the total is equally likely. The
//! frontier (closed cells next to numbers) is cut into boxes (cells that touch the same
//! numbers) and independent components; each component's box mine counts are enumerated once,
//! each vector weighted by the product of C(box size, box mines) (the ways to place them). A
//! draw then takes the components' mine counts jointly (a walk back through the running
//! products of their weights by count, times C(cells off the frontier, mines left for them)),
//! a vector of each component's counts with that total by its weight, and the mines inside
//! boxes and off the frontier uniformly. The work is bounded by counts given to
//! [`Sampler::new`], never by time: past them there is no sampler.

use super::view::{Seen, View};
use crate::board::Grid;
use crate::rng::Rng;
use std::collections::HashMap;

/// Draws complete boards consistent with one view and mine total ([`Sampler::new`]).
///
/// # Examples
/// ```
/// use minejudge::board::Grid;
/// use minejudge::rng::Rng;
/// use minejudge::solver::{Sampler, Seen, View};
/// // "1??" with one mine: the mine is cell 1 in every consistent board.
/// let mut view = View::new(Grid::new(1, 3));
/// view.set(0, Seen::Open(1));
/// let sampler = Sampler::new(&view, 1, 1000).unwrap();
/// let mut mines = Vec::new();
/// sampler.draw(&mut Rng::new(7), &mut mines);
/// assert_eq!(mines, vec![1]);
/// ```
#[derive(Clone, Debug)]
pub struct Sampler {
    /// Flagged cells, taken as mines.
    flags: Vec<usize>,
    /// Closed cells next to no number, and how many mines they hold between them at most.
    off: Vec<usize>,
    /// Mines left once the flags are counted.
    left: usize,
    parts: Vec<Part>,
    /// `reach[i][s]`: the weight of the first `i` parts holding `s` mines (scaled per row).
    reach: Vec<Vec<f64>>,
    /// The weight of the parts holding `s` mines times the ways to place the rest off the
    /// frontier, cumulated over `s` (its last entry is the total).
    by_total: Vec<f64>,
}

/// One component of the frontier: its boxes and every vector of box mine counts.
#[derive(Clone, Debug)]
struct Part {
    boxes: Vec<Vec<usize>>,
    /// Vector `a`: `counts[a * boxes.len()..][..boxes.len()]`.
    counts: Vec<u8>,
    /// Per vector: its mines and its weight, the product of C(size, mines) over the boxes.
    mines: Vec<usize>,
    weight: Vec<f64>,
    /// Per mine count: the summed weight of the vectors with it.
    by_count: Vec<f64>,
}

/// A number with closed cells around it, during the enumeration: mines still to place, and
/// cells still unassigned around it.
#[derive(Clone, Copy, Debug)]
struct Need {
    mines: i32,
    room: i32,
}

impl Sampler {
    /// A sampler for `view` with `total` mines in all (flags count as mines), or `None` when
    /// no board fits, or when a component has more than `max_vectors` vectors of box mine
    /// counts (or its enumeration more than 64 times as many nodes): the bound on the work.
    ///
    /// # Complexity
    /// O(cells + nodes of the enumerations + parts x mines^2).
    pub fn new(view: &View, total: usize, max_vectors: usize) -> Option<Sampler> {
        let grid = view.grid();
        let cells = view.cells();
        let flags: Vec<usize> = (0..grid.len())
            .filter(|&c| cells[c] == Seen::Flagged)
            .collect();
        let left = total.checked_sub(flags.len())?;
        let (boxes, numbers) = boxes_of(grid, cells)?;
        let mut parts = Vec::new();
        for (part_boxes, part_numbers) in components(&boxes, &numbers) {
            parts.push(enumerate(part_boxes, &part_numbers, max_vectors)?);
        }
        let off: Vec<usize> = (0..grid.len())
            .filter(|&c| cells[c] == Seen::Closed && !next_to_number(grid, cells, c))
            .collect();
        let mut sampler = Sampler {
            flags,
            off,
            left,
            parts,
            reach: Vec::new(),
            by_total: Vec::new(),
        };
        sampler.combine()?;
        Some(sampler)
    }

    /// The running products of the parts' weights by count, and the law of their total.
    fn combine(&mut self) -> Option<()> {
        let mut row = vec![1.0];
        self.reach.push(row.clone());
        for part in &self.parts {
            let mut next = vec![0.0; row.len() + part.by_count.len() - 1];
            for (s, &a) in row.iter().enumerate() {
                for (k, &b) in part.by_count.iter().enumerate() {
                    next[s + k] += a * b;
                }
            }
            let top = next.iter().cloned().fold(0.0, f64::max);
            if top <= 0.0 {
                return None;
            }
            next.iter_mut().for_each(|x| *x /= top);
            self.reach.push(next.clone());
            row = next;
        }
        let n = self.off.len();
        let ln: Vec<Option<f64>> = (0..row.len())
            .map(|s| {
                let rest = self.left.checked_sub(s)?;
                (rest <= n && row[s] > 0.0).then(|| ln_binomial(n, rest) + row[s].ln())
            })
            .collect();
        let top = ln
            .iter()
            .flatten()
            .cloned()
            .fold(f64::NEG_INFINITY, f64::max);
        if top == f64::NEG_INFINITY {
            return None;
        }
        let mut sum = 0.0;
        self.by_total = ln
            .iter()
            .map(|w| {
                sum += w.map_or(0.0, |w| (w - top).exp());
                sum
            })
            .collect();
        Some(())
    }

    /// Draws one board: its mines (flags included, in no particular order) into `mines`.
    pub fn draw(&self, rng: &mut Rng, mines: &mut Vec<usize>) {
        mines.clear();
        mines.extend_from_slice(&self.flags);
        let mut s = pick(&self.by_total, rng);
        let off_mines = self.left - s;
        let mut scratch = Vec::new();
        for (i, part) in self.parts.iter().enumerate().rev() {
            let before = &self.reach[i];
            let lo = s.saturating_sub(before.len() - 1);
            let hi = s.min(part.by_count.len() - 1);
            let mut cumulative = Vec::with_capacity(hi + 1 - lo);
            let mut sum = 0.0;
            for k in lo..=hi {
                sum += before[s - k] * part.by_count[k];
                cumulative.push(sum);
            }
            let k = lo + pick(&cumulative, rng);
            part.place(k, rng, mines, &mut scratch);
            s -= k;
        }
        scratch.clear();
        scratch.extend_from_slice(&self.off);
        rng.choose_front(&mut scratch, off_mines);
        mines.extend_from_slice(&scratch[..off_mines]);
    }
}

impl Part {
    /// Places `k` mines: a vector with `k` by its weight, then each box's mines uniformly.
    fn place(&self, k: usize, rng: &mut Rng, mines: &mut Vec<usize>, scratch: &mut Vec<usize>) {
        let mut threshold = rng.unit() * self.by_count[k];
        let n = self.boxes.len();
        let mut chosen = None;
        for (a, (&m, &w)) in self.mines.iter().zip(&self.weight).enumerate() {
            if m == k {
                chosen = Some(a);
                threshold -= w;
                if threshold < 0.0 {
                    break;
                }
            }
        }
        let a = chosen.expect("a vector with the count drawn");
        for (b, cells) in self.boxes.iter().enumerate() {
            let m = self.counts[a * n + b] as usize;
            scratch.clear();
            scratch.extend_from_slice(cells);
            rng.choose_front(scratch, m);
            mines.extend_from_slice(&scratch[..m]);
        }
    }
}

/// An index drawn with chances proportional to the steps of `cumulative` (ascending, last > 0).
fn pick(cumulative: &[f64], rng: &mut Rng) -> usize {
    let total = *cumulative.last().expect("something to pick");
    let threshold = rng.unit() * total;
    let i = cumulative.partition_point(|&c| c <= threshold);
    i.min(cumulative.len() - 1)
}

fn ln_binomial(n: usize, k: usize) -> f64 {
    (0..k).map(|i| ((n - i) as f64 / (k - i) as f64).ln()).sum()
}

fn binomial(n: usize, k: usize) -> f64 {
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (k - i) as f64)
}

fn next_to_number(grid: Grid, cells: &[Seen], c: usize) -> bool {
    grid.neighbours(c)
        .any(|n| matches!(cells[n], Seen::Open(_)))
}

/// The frontier's boxes (each with the numbers it touches, ascending) and each number's mines
/// still to place; `None` when a number has more flags, or fewer closed cells, than it says.
type Boxes = Vec<(Vec<usize>, Vec<usize>)>;

fn boxes_of(grid: Grid, cells: &[Seen]) -> Option<(Boxes, HashMap<usize, i32>)> {
    let mut numbers = HashMap::new();
    for c in 0..grid.len() {
        let Seen::Open(n) = cells[c] else { continue };
        let flagged = grid
            .neighbours(c)
            .filter(|&x| cells[x] == Seen::Flagged)
            .count();
        let closed = grid
            .neighbours(c)
            .filter(|&x| cells[x] == Seen::Closed)
            .count();
        let need = n as i32 - flagged as i32;
        if need < 0 || need > closed as i32 {
            return None;
        }
        if closed > 0 {
            numbers.insert(c, need);
        }
    }
    let mut by_key: HashMap<Vec<usize>, usize> = HashMap::new();
    let mut boxes: Boxes = Vec::new();
    for (c, &seen) in cells.iter().enumerate() {
        if seen != Seen::Closed {
            continue;
        }
        let key: Vec<usize> = grid
            .neighbours(c)
            .filter(|x| numbers.contains_key(x))
            .collect();
        if key.is_empty() {
            continue;
        }
        let next = boxes.len();
        let b = *by_key.entry(key.clone()).or_insert(next);
        if b == next {
            boxes.push((Vec::new(), key));
        }
        boxes[b].0.push(c);
    }
    Some((boxes, numbers))
}

/// The boxes split into independent components, each with its numbers' mines still to place.
fn components(boxes: &Boxes, numbers: &HashMap<usize, i32>) -> Vec<(Boxes, Vec<(usize, i32)>)> {
    let mut part_of_box = vec![usize::MAX; boxes.len()];
    let mut boxes_of_number: HashMap<usize, Vec<usize>> = HashMap::new();
    for (b, (_, key)) in boxes.iter().enumerate() {
        for &n in key {
            boxes_of_number.entry(n).or_default().push(b);
        }
    }
    let mut out = Vec::new();
    for start in 0..boxes.len() {
        if part_of_box[start] != usize::MAX {
            continue;
        }
        // Breadth first, so that numbers are complete early in the enumeration.
        let id = out.len();
        let mut order = vec![start];
        part_of_box[start] = id;
        let mut i = 0;
        while i < order.len() {
            for n in &boxes[order[i]].1 {
                for &b in &boxes_of_number[n] {
                    if part_of_box[b] == usize::MAX {
                        part_of_box[b] = id;
                        order.push(b);
                    }
                }
            }
            i += 1;
        }
        let mut nums: Vec<usize> = order.iter().flat_map(|&b| boxes[b].1.clone()).collect();
        nums.sort_unstable();
        nums.dedup();
        let part_boxes = order.iter().map(|&b| boxes[b].clone()).collect();
        out.push((part_boxes, nums.iter().map(|n| (*n, numbers[n])).collect()));
    }
    out
}

/// Every vector of box mine counts of one component that fits its numbers; `None` past
/// `max_vectors` vectors or 64 times as many nodes.
fn enumerate(boxes: Boxes, numbers: &[(usize, i32)], max_vectors: usize) -> Option<Part> {
    let slot = |n: usize| numbers.binary_search_by_key(&n, |x| x.0).expect("a number");
    let links: Vec<Vec<usize>> = boxes
        .iter()
        .map(|(_, key)| key.iter().map(|&n| slot(n)).collect())
        .collect();
    let mut need: Vec<Need> = numbers
        .iter()
        .map(|&(_, m)| Need { mines: m, room: 0 })
        .collect();
    for ((cells, _), l) in boxes.iter().zip(&links) {
        for &i in l {
            need[i].room += cells.len() as i32;
        }
    }
    let sizes: Vec<usize> = boxes.iter().map(|b| b.0.len()).collect();
    let mut walk = Walk {
        sizes: &sizes,
        links: &links,
        need,
        current: vec![0; sizes.len()],
        found: Vec::new(),
        nodes: 0,
        max_vectors,
    };
    walk.go(0)?;
    let n = sizes.len();
    let mines: Vec<usize> = walk
        .found
        .chunks(n.max(1))
        .take(walk.found.len() / n.max(1))
        .map(|v| v.iter().map(|&m| m as usize).sum())
        .collect();
    let weight: Vec<f64> = walk
        .found
        .chunks(n.max(1))
        .take(mines.len())
        .map(|v| {
            v.iter()
                .zip(&sizes)
                .map(|(&m, &s)| binomial(s, m as usize))
                .product()
        })
        .collect();
    let most = mines.iter().cloned().max()?;
    let mut by_count = vec![0.0; most + 1];
    for (&m, &w) in mines.iter().zip(&weight) {
        by_count[m] += w;
    }
    Some(Part {
        boxes: boxes.into_iter().map(|b| b.0).collect(),
        counts: walk.found,
        mines,
        weight,
        by_count,
    })
}

/// The backtracking of [`enumerate`].
struct Walk<'a> {
    sizes: &'a [usize],
    links: &'a [Vec<usize>],
    need: Vec<Need>,
    current: Vec<u8>,
    found: Vec<u8>,
    nodes: usize,
    max_vectors: usize,
}

impl Walk<'_> {
    /// Assigns boxes `b..`; `None` when a bound is passed.
    fn go(&mut self, b: usize) -> Option<()> {
        self.nodes += 1;
        if self.nodes > self.max_vectors.saturating_mul(64) {
            return None;
        }
        if b == self.sizes.len() {
            if self.found.len() / self.sizes.len().max(1) >= self.max_vectors {
                return None;
            }
            self.found.extend_from_slice(&self.current);
            return Some(());
        }
        let size = self.sizes[b] as i32;
        for m in 0..=size {
            let fits = self.links[b].iter().all(|&i| {
                let need = self.need[i];
                need.mines - m >= 0 && need.mines - m <= need.room - size
            });
            if !fits {
                continue;
            }
            for &i in &self.links[b] {
                self.need[i].mines -= m;
                self.need[i].room -= size;
            }
            self.current[b] = m as u8;
            let result = self.go(b + 1);
            for &i in &self.links[b] {
                self.need[i].mines += m;
                self.need[i].room += size;
            }
            result?;
        }
        Some(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Cover, FlagsInCascade};

    /// A view of a `rows` x `cols` board with `mines` mines from `seed`: the first click's
    /// cascade, up to three more safe cells, and at times a mine flagged.
    fn random_view(rows: usize, cols: usize, mines: usize, seed: u64) -> View {
        let grid = Grid::new(rows, cols);
        let mut rng = Rng::new(seed);
        let board = Board::from_mines(grid, rng.deal(grid.len(), mines, &[0]));
        let mut cover = Cover::new(&board);
        let mut view = View::new(grid);
        let mut opened = Vec::new();
        view.reveal(&board, &mut cover, 0, FlagsInCascade::Cleared, &mut opened);
        for _ in 0..rng.below(4) {
            let cell = rng.below(grid.len());
            if !board.is_mine(cell) && !cover.is_open(cell) {
                view.reveal(
                    &board,
                    &mut cover,
                    cell,
                    FlagsInCascade::Cleared,
                    &mut opened,
                );
            }
        }
        if rng.chance(0.3) {
            let mine = (0..grid.len()).find(|&c| board.is_mine(c)).unwrap();
            view.set(mine, Seen::Flagged);
        }
        view
    }

    /// Whether `mines` (sorted) fit every number of `view`, and hold its flags.
    fn fits(view: &View, mines: &[usize]) -> bool {
        let grid = view.grid();
        let is_mine = |c: usize| mines.binary_search(&c).is_ok();
        (0..grid.len()).all(|c| match view.get(c) {
            Seen::Open(n) => {
                !is_mine(c) && grid.neighbours(c).filter(|&x| is_mine(x)).count() == n as usize
            }
            Seen::Flagged => is_mine(c),
            Seen::Closed => true,
        })
    }

    /// Every board consistent with `view` and `total` mines, each as its sorted mines.
    fn brute_force(view: &View, total: usize) -> Vec<Vec<usize>> {
        let flags: Vec<usize> = (0..view.grid().len())
            .filter(|&c| view.get(c) == Seen::Flagged)
            .collect();
        let closed: Vec<usize> = (0..view.grid().len())
            .filter(|&c| view.get(c) == Seen::Closed)
            .collect();
        let mut all = Vec::new();
        let mut pick = Vec::new();
        fn walk(
            closed: &[usize],
            r: usize,
            from: usize,
            pick: &mut Vec<usize>,
            out: &mut Vec<Vec<usize>>,
        ) {
            if pick.len() == r {
                out.push(pick.clone());
                return;
            }
            for i in from..closed.len() {
                if closed.len() - i < r - pick.len() {
                    break;
                }
                pick.push(closed[i]);
                walk(closed, r, i + 1, pick, out);
                pick.pop();
            }
        }
        let mut subsets = Vec::new();
        walk(&closed, total - flags.len(), 0, &mut pick, &mut subsets);
        for subset in subsets {
            let mut mines: Vec<usize> = subset.iter().chain(&flags).cloned().collect();
            mines.sort_unstable();
            if fits(view, &mines) {
                all.push(mines);
            }
        }
        all
    }

    #[test]
    fn draws_fit_and_each_cell_is_a_mine_as_often_as_in_the_brute_force() {
        let draws = 4000;
        for (rows, cols, mines) in [(5, 5, 5), (5, 6, 6), (4, 6, 7)] {
            for seed in 0..12u64 {
                let view = random_view(rows, cols, mines, seed);
                let at = format!("{rows}x{cols}/{mines} seed {seed}\n{view:?}");
                let all = brute_force(&view, mines);
                let sampler = Sampler::new(&view, mines, 100_000).expect(&at);
                let mut hits = vec![0usize; rows * cols];
                let mut rng = Rng::new(seed ^ 0x5eed);
                let mut drawn = Vec::new();
                for _ in 0..draws {
                    sampler.draw(&mut rng, &mut drawn);
                    drawn.sort_unstable();
                    assert_eq!(drawn.len(), mines, "{at}");
                    assert!(fits(&view, &drawn), "{at}: {drawn:?}");
                    drawn.iter().for_each(|&c| hits[c] += 1);
                }
                for (c, &h) in hits.iter().enumerate() {
                    let p = all.iter().filter(|m| m.contains(&c)).count() as f64 / all.len() as f64;
                    let sd = (p * (1.0 - p) / draws as f64).sqrt();
                    let f = h as f64 / draws as f64;
                    assert!(
                        (f - p).abs() <= 6.0 * sd + 1e-9,
                        "{at}: cell {c} {f} against {p}"
                    );
                }
            }
        }
    }

    #[test]
    fn few_boards_are_drawn_as_often_as_each_other() {
        let draws = 20_000;
        let mut tried = 0;
        for seed in 0..200u64 {
            let view = random_view(5, 5, 6, seed);
            let all = brute_force(&view, 6);
            if all.len() < 3 || all.len() > 40 {
                continue;
            }
            tried += 1;
            let sampler = Sampler::new(&view, 6, 1000).unwrap();
            let mut counts = vec![0usize; all.len()];
            let mut rng = Rng::new(seed);
            let mut drawn = Vec::new();
            for _ in 0..draws {
                sampler.draw(&mut rng, &mut drawn);
                drawn.sort_unstable();
                counts[all
                    .iter()
                    .position(|m| *m == drawn)
                    .expect("a consistent board")] += 1;
            }
            let expected = draws as f64 / all.len() as f64;
            let chi2: f64 = counts
                .iter()
                .map(|&c| (c as f64 - expected).powi(2) / expected)
                .sum();
            let df = (all.len() - 1) as f64;
            // Far beyond the 1e-6 tail for these degrees of freedom.
            let bound = df + 8.0 * (2.0 * df).sqrt() + 12.0;
            assert!(
                chi2 < bound,
                "seed {seed}: chi-square {chi2} over {} boards\n{view:?}",
                all.len()
            );
            if tried == 10 {
                break;
            }
        }
        assert!(tried >= 5, "only {tried} small positions among the seeds");
    }

    #[test]
    fn on_expert_each_cell_is_a_mine_as_often_as_the_solver_says() {
        use crate::solver::{Mines, Solver};
        let (grid, total, seed, draws) = (Grid::new(16, 30), 99, 21, 2000);
        let mut solver = Solver::new();
        let mut checked = 0;
        for game in 0..4u64 {
            let mut rng = Rng::new(crate::rng::game_seed(seed, game));
            let board = Board::from_mines(grid, rng.deal(grid.len(), total, &[0]));
            let (mut cover, mut view, mut opened) = (Cover::new(&board), View::new(grid), vec![]);
            view.reveal(&board, &mut cover, 0, FlagsInCascade::Cleared, &mut opened);
            while cover.safe_closed() > 0 {
                let approximations = solver.approximations();
                solver.analyse(&view, Mines::Known(total)).unwrap();
                let cell = match solver.certain_safe().first() {
                    Some(&cell) => cell as usize,
                    None => solver.best_guess().unwrap().0,
                };
                let exact = solver.approximations() == approximations && solver.proven_consistent();
                if solver.certain_safe().is_empty() && exact {
                    let at = format!("seed {seed} game {game}\n{view:?}");
                    let sampler = Sampler::new(&view, total, 20_000).expect(&at);
                    let mut hits = vec![0usize; grid.len()];
                    let mut mines = Vec::new();
                    for _ in 0..draws {
                        sampler.draw(&mut rng, &mut mines);
                        mines.iter().for_each(|&c| hits[c] += 1);
                    }
                    for (c, p) in solver.probabilities().into_iter().enumerate() {
                        let sd = (p * (1.0 - p) / draws as f64).sqrt();
                        let f = hits[c] as f64 / draws as f64;
                        assert!(
                            (f - p).abs() <= 6.0 * sd + 1e-6,
                            "{at}: cell {c} {f} against {p}"
                        );
                    }
                    checked += 1;
                }
                if board.is_mine(cell) {
                    break;
                }
                view.reveal(
                    &board,
                    &mut cover,
                    cell,
                    FlagsInCascade::Cleared,
                    &mut opened,
                );
            }
        }
        assert!(checked >= 5, "seed {seed}: only {checked} guesses checked");
    }

    #[test]
    fn no_sampler_past_its_bound_or_without_a_board() {
        let mut view = View::new(Grid::new(1, 3));
        view.set(0, Seen::Open(1));
        assert!(Sampler::new(&view, 0, 1000).is_none(), "a 1 with no mine");
        assert!(
            Sampler::new(&view, 3, 1000).is_none(),
            "the 1 with two mines"
        );
        let view = random_view(6, 6, 8, 3);
        let all = brute_force(&view, 8);
        assert!(all.len() > 1);
        assert!(
            Sampler::new(&view, 8, 1).map_or(true, |s| s.parts.iter().all(|p| p.mines.len() <= 1))
        );
    }
}
