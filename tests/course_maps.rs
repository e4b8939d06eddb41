//! `course_maps::batch` against a plain transcription of the course's `GenerateMap` (a
//! `Vec::remove` free list), on random batches.

use minejudge::players::acm_client::course_maps::{self, CourseMap};
use minejudge::players::acm_client::mt19937::Mt19937_64;
use minejudge::rng::Rng;

/// The course's generator, line for line: one engine, `Random` per draw, `vector::erase`.
fn generate_map(
    engine: &mut Mt19937_64,
    rows: usize,
    cols: usize,
    mines: usize,
    min_dist: usize,
) -> CourseMap {
    let row0 = engine.uniform_int(1, rows as i32 - 2) as usize;
    let col0 = engine.uniform_int(1, cols as i32 - 2) as usize;
    let mut free = Vec::new();
    for row in 0..rows {
        for col in 0..cols {
            if row.abs_diff(row0) + col.abs_diff(col0) > min_dist {
                free.push((row, col));
            }
        }
    }
    let mut mine = vec![false; rows * cols];
    for _ in 0..mines {
        let pos = engine.uniform_int(0, free.len() as i32 - 1) as usize;
        let (row, col) = free.remove(pos);
        mine[row * cols + col] = true;
    }
    CourseMap {
        rows,
        cols,
        mine,
        first: (row0, col0),
    }
}

#[test]
fn batches_match_the_plain_generator() {
    let seed = 0xc0_0a5e;
    println!("course_maps seed {seed}");
    let mut rng = Rng::new(seed);
    for case in 0..200 {
        let rows = 3 + rng.below(28);
        let cols = 3 + rng.below(28);
        let min_dist = rng.below(5);
        // Enough free cells wherever the first click falls: at most 2d(d+1)+1 are cleared.
        let cleared = 2 * min_dist * (min_dist + 1) + 1;
        let mines = rng.below((rows * cols).saturating_sub(cleared) + 1);
        let batch_seed = rng.next_u64();
        let mut engine = Mt19937_64::new(batch_seed);
        let expected: Vec<CourseMap> = (0..course_maps::BATCH_MAPS)
            .map(|_| generate_map(&mut engine, rows, cols, mines, min_dist))
            .collect();
        let actual: Vec<CourseMap> =
            course_maps::batch(rows, cols, mines, batch_seed, min_dist).collect();
        assert!(
            actual == expected,
            "seed {seed} case {case}: batch {rows} {cols} {mines} / {batch_seed} / {min_dist}"
        );
    }
}
