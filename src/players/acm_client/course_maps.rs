//! The ACM class 2024 course's batch maps: its `GenerateMap` replayed from a batch file's
//! `rows cols mines`, `seed` and `min_dist`, map for map as its local `TestBatch()` plays them.
//!
//! The course seeds one `std::mt19937_64` with the seed and draws every map of the batch from
//! it in turn, each through `Random(lo, hi)`, a `std::uniform_int_distribution<int>`:
//! `row0 = Random(1, rows - 2)`, `col0 = Random(1, cols - 2)`; the free list is every cell,
//! row-major, farther than `min_dist` (Manhattan) from `(row0, col0)`; each mine is
//! `free[Random(0, len - 1)]`, erased from the list with the rest kept in order.

use crate::players::acm_client::mt19937::Mt19937_64;

/// The maps of one batch.
pub const BATCH_MAPS: usize = 50;

/// One generated map.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseMap {
    /// The map's rows.
    pub rows: usize,
    /// The map's columns.
    pub cols: usize,
    /// Row-major, `true` for a mine.
    pub mine: Vec<bool>,
    /// The first click `(row0, col0)`, which the course's harness makes for the player.
    pub first: (usize, usize),
}

/// The [`BATCH_MAPS`] maps of the batch `rows cols mines` / `seed` / `min_dist`, in order,
/// generated one at a time as the iterator is advanced.
///
/// # Panics
/// If `rows` or `cols` is below 3 (the first click could not be drawn), if `rows * cols`
/// exceeds `i32::MAX` (the course counts cells in an `int`), or if `mines` exceeds the cells
/// farther than `min_dist` from some first click (the C++ then has undefined behaviour).
/// Callers check these first.
///
/// # Complexity
/// O(`rows` * `cols` + `mines` * log(`rows` * `cols`)) time and O(`rows` * `cols`) memory per
/// map: about 0.2 s for 900000 mines on 1000x1000.
///
/// # Examples
/// ```
/// use minejudge::players::acm_client::course_maps::batch;
/// let first = batch(10, 10, 9, 19260817, 2).next().unwrap();
/// assert_eq!(first.first, (3, 1));
/// assert!(first.mine[6 * 10]);
/// ```
pub fn batch(
    rows: usize,
    cols: usize,
    mines: usize,
    seed: u64,
    min_dist: usize,
) -> impl Iterator<Item = CourseMap> {
    let mut engine = Mt19937_64::new(seed);
    (0..BATCH_MAPS).map(move |_| {
        let (first, mine_cells) = draw(&mut engine, rows, cols, mines, min_dist);
        let mut mine = vec![false; rows * cols];
        for cell in mine_cells {
            mine[cell] = true;
        }
        CourseMap {
            rows,
            cols,
            mine,
            first,
        }
    })
}

/// Appends `map` as the course's `GenerateMap` prints it: `rows  cols` (two spaces), the rows
/// of `X` (mine) and `.`, then `row0 col0`, each line ending in `\n`. This is also a
/// single-game input of `acm-client` and the course's `advanced.cpp`.
pub fn push_map(out: &mut Vec<u8>, map: &CourseMap) {
    out.extend_from_slice(format!("{}  {}\n", map.rows, map.cols).as_bytes());
    for row in map.mine.chunks(map.cols) {
        out.extend(row.iter().map(|&mine| if mine { b'X' } else { b'.' }));
        out.push(b'\n');
    }
    out.extend_from_slice(format!("{} {}\n", map.first.0, map.first.1).as_bytes());
}

/// One map's draws from `engine`: the first click, and the mines' cells in the order placed.
fn draw(
    engine: &mut Mt19937_64,
    rows: usize,
    cols: usize,
    mines: usize,
    min_dist: usize,
) -> ((usize, usize), Vec<usize>) {
    assert!(
        rows >= 3 && cols >= 3,
        "a {rows}x{cols} map has no first click"
    );
    assert!(
        rows.checked_mul(cols)
            .is_some_and(|cells| cells <= i32::MAX as usize),
        "a {rows}x{cols} map has more cells than an int counts"
    );
    let row0 = engine.uniform_int(1, rows as i32 - 2) as usize;
    let col0 = engine.uniform_int(1, cols as i32 - 2) as usize;
    let mut free = FreeList::new(
        (0..rows * cols)
            .filter(|&cell| (cell / cols).abs_diff(row0) + (cell % cols).abs_diff(col0) > min_dist)
            .collect(),
    );
    assert!(
        mines <= free.len,
        "{mines} mines on {} free cells",
        free.len
    );
    let placed = (0..mines)
        .map(|_| {
            let last = free.len as i32 - 1;
            free.remove(engine.uniform_int(0, last) as usize)
        })
        .collect();
    ((row0, col0), placed)
}

/// The course's free list, a `std::vector` from which each mine is erased so that the cells
/// after it keep their order, as a Fenwick tree of which cells are left: `remove` finds the
/// `k`th cell left in O(log n) instead of shifting the rest, so a 1000x1000 batch stays fast.
struct FreeList {
    cells: Vec<usize>,
    /// 1-based Fenwick tree: `tree[i]` counts the cells left among `cells[i - lowbit(i)..i]`
    /// (`u32` halves the memory the descent walks; `draw` keeps the cells below 2^31).
    tree: Vec<u32>,
    len: usize,
}

impl FreeList {
    fn new(cells: Vec<usize>) -> FreeList {
        let len = cells.len();
        let mut tree = vec![1; len + 1];
        tree[0] = 0;
        for i in 1..=len {
            let parent = i + (i & i.wrapping_neg());
            if parent <= len {
                tree[parent] += tree[i];
            }
        }
        FreeList { cells, tree, len }
    }

    /// Removes and returns the cell at position `k` of those left, as `vector::erase` would.
    fn remove(&mut self, k: usize) -> usize {
        assert!(k < self.len, "position {k} of {}", self.len);
        // Descend to the last prefix of `cells` holding at most `k` cells left; the next
        // index is the one.
        let size = self.cells.len();
        let (mut at, mut before) = (0, 0);
        let mut step = 1 << size.ilog2();
        while step > 0 {
            if at + step <= size && before + self.tree[at + step] as usize <= k {
                at += step;
                before += self.tree[at] as usize;
            }
            step >>= 1;
        }
        let mut i = at + 1;
        while i <= size {
            self.tree[i] -= 1;
            i += i & i.wrapping_neg();
        }
        self.len -= 1;
        self.cells[at]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worked_example_batch1_map1() {
        // batch1.in: 10 10 9 / 19260817 / 2. The first three outputs give row0 = 3, col0 = 1
        // and the first mine: free[48] of the 88 free cells, which is (6, 0).
        let mut engine = Mt19937_64::new(19_260_817);
        let (first, placed) = draw(&mut engine, 10, 10, 9, 2);
        assert_eq!(first, (3, 1));
        let free = (0..100)
            .filter(|&cell: &usize| (cell / 10).abs_diff(3) + (cell % 10).abs_diff(1) > 2)
            .count();
        assert_eq!(free, 88);
        assert_eq!(placed.len(), 9);
        assert_eq!(placed[0], 6 * 10);

        let maps: Vec<CourseMap> = batch(10, 10, 9, 19_260_817, 2).collect();
        assert_eq!(maps.len(), BATCH_MAPS);
        assert_eq!(maps[0].first, (3, 1));
        assert!(maps[0].mine[60]);
        assert_eq!(maps[0].mine.iter().filter(|&&m| m).count(), 9);
    }

    #[test]
    fn maps_follow_the_batch_rules() {
        for (rows, cols, mines, seed, min_dist) in [
            (10, 10, 18, 1_019_260_817, 2),
            (20, 20, 84, u64::MAX, 3),
            (3, 7, 12, 0, 1),
            (30, 30, 200, 1 << 63, 5),
        ] {
            let maps: Vec<CourseMap> = batch(rows, cols, mines, seed, min_dist).collect();
            assert_eq!(maps.len(), BATCH_MAPS);
            for map in &maps {
                let (row0, col0) = map.first;
                assert!((1..rows - 1).contains(&row0) && (1..cols - 1).contains(&col0));
                assert_eq!(map.mine.len(), rows * cols);
                assert_eq!(map.mine.iter().filter(|&&m| m).count(), mines);
                for (cell, &mine) in map.mine.iter().enumerate() {
                    let dist = (cell / cols).abs_diff(row0) + (cell % cols).abs_diff(col0);
                    assert!(
                        !mine || dist > min_dist,
                        "seed {seed}: mine {cell} too near"
                    );
                }
            }
            assert_ne!(
                maps[0], maps[1],
                "seed {seed}: the engine runs on between maps"
            );
        }
    }

    #[test]
    fn one_engine_for_the_whole_batch() {
        // Map 2 starts where map 1's draws end: two first-click draws plus one per mine.
        let maps: Vec<CourseMap> = batch(10, 10, 9, 19_260_817, 2).collect();
        let mut engine = Mt19937_64::new(19_260_817);
        for _ in 0..2 + 9 {
            engine.next_u64();
        }
        let (first, _) = draw(&mut engine, 10, 10, 9, 2);
        assert_eq!(maps[1].first, first);
    }

    #[test]
    fn free_list_removes_like_vector_erase() {
        let mut rng = crate::rng::Rng::new(0xe7a5e);
        for size in 0..40 {
            let cells: Vec<usize> = (0..size).map(|i| 3 * i + 1).collect();
            let mut vector = cells.clone();
            let mut free = FreeList::new(cells);
            while !vector.is_empty() {
                let k = rng.below(vector.len());
                assert_eq!(free.remove(k), vector.remove(k), "size {size}, k {k}");
                assert_eq!(free.len, vector.len());
            }
        }
    }

    #[test]
    fn printed_as_generate_map_prints_it() {
        let map = CourseMap {
            rows: 3,
            cols: 4,
            mine: vec![
                true, false, false, false, //
                false, false, false, true, //
                false, false, true, true,
            ],
            first: (1, 2),
        };
        let mut out = b"before\n".to_vec();
        push_map(&mut out, &map);
        assert_eq!(out, b"before\n3  4\nX...\n...X\n..XX\n1 2\n");
    }
}
