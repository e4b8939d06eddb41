//! The passages two sources share: their matching fingerprints chained into runs that go
//! forward in both sources at once, so that a function moved elsewhere is a passage of its
//! own, and a statement inserted into a copied passage does not cut it in two; then grown over
//! the equal tokens at either end, which winnowing leaves unselected.

use super::profile::NOT_COUNTED;
use std::ops::Range;

/// A stretch of tokens of one source that matches a stretch of the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Passage {
    /// Its tokens in the first source.
    pub a: Range<usize>,
    /// Its tokens in the second.
    pub b: Range<usize>,
    /// The matching fingerprints it was chained from.
    pub fingerprints: usize,
}

/// The most passages kept for a pair: the longest, which are what a reader looks at.
pub const MOST_PASSAGES: usize = 50;

/// A run of matching fingerprints being chained.
struct Chain {
    first: (usize, usize),
    last: (usize, usize),
    fingerprints: usize,
}

/// The passages of `pairs` (positions of the same k-gram in each source, sorted), longest first:
/// a pair joins the chain that it follows within `reach` tokens in both sources, the one it
/// keeps most in step with; each chain is grown over the tokens equal in both just before and
/// after it (by `a_codes` and `b_codes`, the sources' token codes, where [`NOT_COUNTED`]
/// matches nothing); a passage mostly inside a longer one, in either source, is a repeat of it
/// (code repeated in one file matches each copy of itself) and is dropped. At most
/// [`MOST_PASSAGES`].
///
/// # Complexity
/// O(pairs x chains open at once), a chain closing `reach` tokens after its last pair; then
/// O(tokens) for growing each chain.
///
/// # Examples
///
/// ```
/// use minejudge::grade::similarity::passages::passages;
///
/// // One function at 0 in a and at 100 in b, another at 50 in a and at 0 in b.
/// let pairs = [(0, 100), (4, 104), (8, 108), (50, 0), (53, 3)];
/// let found = passages(&pairs, 5, 10, &[], &[]);
/// assert_eq!(found[0].a, 0..13);
/// assert_eq!(found[0].b, 100..113);
/// assert_eq!(found[1].a, 50..58);
/// assert_eq!(found[1].b, 0..8);
/// ```
pub fn passages(
    pairs: &[(usize, usize)],
    k: usize,
    reach: usize,
    a_codes: &[u16],
    b_codes: &[u16],
) -> Vec<Passage> {
    let mut found: Vec<Passage> = chains(pairs, reach)
        .into_iter()
        .map(|chain| {
            let mut passage = Passage {
                a: chain.first.0..chain.last.0 + k,
                b: chain.first.1..chain.last.1 + k,
                fingerprints: chain.fingerprints,
            };
            grow(&mut passage, a_codes, b_codes);
            passage
        })
        .collect();
    found.sort_by_key(|p| {
        (
            std::cmp::Reverse(p.a.len() + p.b.len()),
            p.a.start,
            p.b.start,
        )
    });
    let mut kept: Vec<Passage> = Vec::new();
    for passage in found {
        if kept.len() == MOST_PASSAGES {
            break;
        }
        let repeats = kept.iter().any(|longer| {
            mostly_inside(&passage.a, &longer.a) || mostly_inside(&passage.b, &longer.b)
        });
        if !repeats {
            kept.push(passage);
        }
    }
    kept
}

/// `pairs` chained: see [`passages`].
fn chains(pairs: &[(usize, usize)], reach: usize) -> Vec<Chain> {
    let mut open: Vec<Chain> = Vec::new();
    let mut closed: Vec<Chain> = Vec::new();
    for &(a, b) in pairs {
        let mut index = 0;
        while index < open.len() {
            if open[index].last.0 + reach < a {
                closed.push(open.swap_remove(index));
            } else {
                index += 1;
            }
        }
        let follows = |chain: &Chain| {
            let (last_a, last_b) = chain.last;
            last_a < a && last_b < b && b - last_b <= reach
        };
        let out_of_step = |chain: &Chain| (a - chain.last.0).abs_diff(b - chain.last.1);
        let best = open
            .iter_mut()
            .filter(|chain| follows(chain))
            .min_by_key(|chain| (out_of_step(chain), chain.first));
        match best {
            Some(chain) => {
                chain.last = (a, b);
                chain.fingerprints += 1;
            }
            None => open.push(Chain {
                first: (a, b),
                last: (a, b),
                fingerprints: 1,
            }),
        }
    }
    closed.append(&mut open);
    closed
}

/// `passage` grown back and forth over the tokens that are equal (and counted) in both sources.
fn grow(passage: &mut Passage, a_codes: &[u16], b_codes: &[u16]) {
    let same = |i: usize, j: usize| match (a_codes.get(i), b_codes.get(j)) {
        (Some(&x), Some(&y)) => x == y && x != NOT_COUNTED,
        _ => false,
    };
    while passage.a.start > 0
        && passage.b.start > 0
        && same(passage.a.start - 1, passage.b.start - 1)
    {
        passage.a.start -= 1;
        passage.b.start -= 1;
    }
    while same(passage.a.end, passage.b.end) {
        passage.a.end += 1;
        passage.b.end += 1;
    }
}

/// Whether more than half of `inner` lies in `outer`.
fn mostly_inside(inner: &Range<usize>, outer: &Range<usize>) -> bool {
    let overlap = inner
        .end
        .min(outer.end)
        .saturating_sub(inner.start.max(outer.start));
    2 * overlap > inner.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_insertion_within_reach_keeps_one_passage() {
        // b has 12 tokens inserted after a's token 20.
        let pairs: Vec<(usize, usize)> = (0..60)
            .step_by(4)
            .map(|a| (a, if a < 20 { a } else { a + 12 }))
            .collect();
        let one = passages(&pairs, 5, 20, &[], &[]);
        assert_eq!(one.len(), 1);
        assert_eq!((one[0].a.clone(), one[0].b.clone()), (0..61, 0..73));
        assert_eq!(one[0].fingerprints, 15);
        let two = passages(&pairs, 5, 10, &[], &[]);
        assert_eq!(two.len(), 2, "beyond reach: {two:?}");
    }

    #[test]
    fn repeated_code_is_one_passage() {
        // The same 3 k-grams twice in a row in both sources: 4 pairs of each.
        let mut pairs = Vec::new();
        for (x, y) in [(0, 0), (0, 30), (30, 0), (30, 30)] {
            for step in 0..3 {
                pairs.push((x + 4 * step, y + 4 * step));
            }
        }
        pairs.sort();
        let found = passages(&pairs, 5, 30, &[], &[]);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].a.clone(), found[0].b.clone()), (0..43, 0..43));
    }

    #[test]
    fn a_passage_grows_over_equal_counted_tokens() {
        let a = [9, 1, 2, 3, 4, 5, 6, 7, 8];
        let b = [NOT_COUNTED, 1, 2, 3, 4, 5, 6, 7, 0];
        let found = passages(&[(3, 3)], 2, 5, &a, &b);
        assert_eq!((found[0].a.clone(), found[0].b.clone()), (1..8, 1..8));
        let b_uncounted = [NOT_COUNTED; 9];
        let found = passages(&[(3, 3)], 2, 5, &b_uncounted, &b_uncounted);
        assert_eq!(found[0].a, 3..5, "tokens that do not count match nothing");
    }

    #[test]
    fn nothing_shared_no_passage() {
        assert_eq!(passages(&[], 5, 10, &[], &[]), []);
    }
}
