//! The strong mode's second look at a near-tied guess: each of the best few candidates is
//! played out on boards drawn uniformly among those consistent with the view (`sample.rs`),
//! the default player finishing every game, and the default's guess gives way only to a
//! candidate that wins clearly more of the same boards.
//!
//! The work is counts alone: at most [`CANDIDATES`] x [`BOARDS`] playouts, each a game of the
//! default player (every analysis within its node budget), on boards drawn from a seed made
//! of the view, so that a position always gets the same answer.

use super::sample::Sampler;
use super::view::{Seen, View};
use crate::board::Board;
use crate::rng::Rng;

/// How many candidates are played out, the default's guess among them.
pub(super) const CANDIDATES: usize = 3;
/// How many boards each candidate is played out on (the same boards for all).
pub(super) const BOARDS: usize = 24;
/// A candidate is played out when its score is at least this share of the best score.
const NEAR_TIE: f64 = 0.98;
/// Positions whose components have more vectors of box mine counts than this are left alone.
const MAX_VECTORS: usize = 20_000;
/// Positions with more closed cells than this are left alone (playouts there are long).
const MAX_CLOSED: usize = 120;

/// Who finishes the games: opens `first` on `board`, seen as `view` so far, and plays to the
/// end; whether the game was won.
pub(super) trait PlayOut {
    fn play_out(&mut self, view: &View, board: &Board, first: usize) -> bool;
}

/// The guess to take instead of `chosen` (the default's), among the near-tied `scores`:
/// `chosen` itself unless a candidate wins clearly more playouts.
pub(super) fn second_look(
    view: &View,
    total: usize,
    scores: &[(usize, f64)],
    chosen: usize,
    player: &mut dyn PlayOut,
) -> usize {
    let closed = view.cells().iter().filter(|&&s| s == Seen::Closed).count();
    if closed > MAX_CLOSED {
        return chosen;
    }
    let best = scores.iter().map(|s| s.1).fold(f64::NEG_INFINITY, f64::max);
    let mut near: Vec<(usize, f64)> = scores
        .iter()
        .filter(|s| s.0 != chosen && s.1 >= NEAR_TIE * best)
        .cloned()
        .collect();
    if near.is_empty() {
        return chosen;
    }
    // Highest scores first, ties by cell, so that the order is the position's alone.
    near.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    let mut cells = vec![chosen];
    cells.extend(near.iter().take(CANDIDATES - 1).map(|s| s.0));
    let Some(sampler) = Sampler::new(view, total, MAX_VECTORS) else {
        return chosen;
    };
    let mut rng = Rng::new(seed_of(view));
    let mut mines = Vec::new();
    // Per candidate: boards it won that `chosen` lost, and the other way round.
    let mut ahead = vec![(0u32, 0u32); cells.len()];
    for _ in 0..BOARDS {
        sampler.draw(&mut rng, &mut mines);
        let board = Board::from_mines(view.grid(), mines.iter().cloned());
        let base = player.play_out(view, &board, chosen);
        for (i, &cell) in cells.iter().enumerate().skip(1) {
            let won = player.play_out(view, &board, cell);
            ahead[i].0 += (won && !base) as u32;
            ahead[i].1 += (!won && base) as u32;
        }
    }
    clear_winner(&cells, &ahead).unwrap_or(chosen)
}

/// The candidate whose lead over the default's guess is clearest, if clear: its boards won
/// and lost against the guess's differ by more than [`MARGIN`] sign-test deviations.
fn clear_winner(cells: &[usize], ahead: &[(u32, u32)]) -> Option<usize> {
    let lead = |&(w, l): &(u32, u32)| (w as f64 - l as f64) / ((w + l) as f64).sqrt().max(1.0);
    let i = (1..cells.len()).max_by(|&a, &b| lead(&ahead[a]).total_cmp(&lead(&ahead[b])))?;
    (lead(&ahead[i]) > MARGIN).then_some(cells[i])
}

/// How many sign-test deviations a candidate's lead must exceed.
const MARGIN: f64 = 1.0;

/// A seed from what the view shows (FNV-1a over its cells).
fn seed_of(view: &View) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for seen in view.cells() {
        let byte = match *seen {
            Seen::Closed => 9,
            Seen::Flagged => 10,
            Seen::Open(n) => n,
        };
        h = (h ^ byte as u64).wrapping_mul(0x0100_0000_01b3);
    }
    h
}
