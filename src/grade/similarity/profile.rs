//! What the copy check keeps of each source of a class: its tokens' lines and codes and its
//! fingerprints, without the code that may not count: k-grams of the base (the course's own
//! skeleton, as MOSS's `-b`), and fingerprints found in too many of the class's sources (the
//! required signature, the idioms everyone writes, as MOSS's `-m`).

use super::tokens::{tokenize, Token};
use super::winnow::{kgram_hashes, winnow, Fingerprint};
use std::collections::{HashMap, HashSet};
use std::ops::{Range, RangeInclusive};

/// One source, fingerprinted.
#[derive(Clone, Debug)]
pub struct Profile {
    /// The k-gram length its fingerprints were taken with.
    k: usize,
    /// Each token's line.
    lines: Vec<usize>,
    /// Each token's [`Kind::code`](super::tokens::Kind::code), or [`NOT_COUNTED`].
    codes: Vec<u16>,
    /// Each token's [`Kind::code`](super::tokens::Kind::code), counted or not.
    kinds: Vec<u16>,
    /// Its fingerprints that count, sorted by hash, then position.
    fingerprints: Vec<Fingerprint>,
    /// `counted_before[i]`: tokens before token `i` that count (outside base and common code).
    counted_before: Vec<usize>,
}

/// The code of a token that does not count (it is in base or common code): it matches nothing.
pub const NOT_COUNTED: u16 = u16::MAX;

/// When a fingerprint is too common to count.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Common {
    /// Found in more than this fraction of the sources...
    pub fraction: f64,
    /// ...and in more than this many.
    pub group: usize,
}

/// The fingerprints of each of `texts`, taken with `k` and `window` (see [`super::winnow`]),
/// without the k-grams of `base` and without the fingerprints that are `common`.
///
/// # Complexity
/// O(bytes of the texts and the base), expected (hash sets).
pub fn profiles(
    texts: &[&[u8]],
    base: &[u8],
    k: usize,
    window: usize,
    common: Common,
) -> Vec<Profile> {
    let k = k.max(1);
    let base_hashes: HashSet<u64> = kgram_hashes(&codes(&tokenize(base)), k)
        .into_iter()
        .collect();
    let hashed: Vec<(Vec<Token>, Vec<u64>)> = texts
        .iter()
        .map(|text| {
            let tokens = tokenize(text);
            let hashes = kgram_hashes(&codes(&tokens), k);
            (tokens, hashes)
        })
        .collect();
    let fingerprints: Vec<Vec<Fingerprint>> = hashed
        .iter()
        .map(|(_, hashes)| winnow(hashes, window))
        .collect();
    let mut sources_with: HashMap<u64, usize> = HashMap::new();
    for own in &fingerprints {
        let distinct: HashSet<u64> = own.iter().map(|f| f.hash).collect();
        for hash in distinct {
            *sources_with.entry(hash).or_insert(0) += 1;
        }
    }
    let most_sources = ((common.fraction * texts.len() as f64).floor() as usize).max(common.group);
    let ignored = |hash: u64| {
        base_hashes.contains(&hash) || sources_with.get(&hash).is_some_and(|&n| n > most_sources)
    };
    hashed
        .into_iter()
        .zip(fingerprints)
        .map(|((tokens, hashes), fingerprints)| {
            Profile::new(k, &tokens, &hashes, fingerprints, &ignored)
        })
        .collect()
}

/// The numbers the tokens hash as.
fn codes(tokens: &[Token]) -> Vec<u64> {
    tokens.iter().map(|token| token.kind.code()).collect()
}

impl Profile {
    /// A source's profile from its tokens, its k-gram hashes and its fingerprints: the tokens
    /// of ignored k-grams stop counting, and ignored fingerprints are dropped.
    fn new(
        k: usize,
        tokens: &[Token],
        hashes: &[u64],
        mut fingerprints: Vec<Fingerprint>,
        ignored: &dyn Fn(u64) -> bool,
    ) -> Profile {
        let mut counted_before = Vec::with_capacity(tokens.len() + 1);
        counted_before.push(0);
        let mut codes = Vec::with_capacity(tokens.len());
        // Tokens before this one are in an ignored k-gram.
        let mut ignored_until = 0;
        for (index, token) in tokens.iter().enumerate() {
            if hashes.get(index).is_some_and(|&hash| ignored(hash)) {
                ignored_until = index + k;
            }
            let counts = index >= ignored_until;
            counted_before.push(counted_before[index] + counts as usize);
            codes.push(if counts {
                token.kind.code() as u16
            } else {
                NOT_COUNTED
            });
        }
        fingerprints.retain(|f| !ignored(f.hash));
        fingerprints.sort_unstable();
        Profile {
            k,
            lines: tokens.iter().map(|token| token.line).collect(),
            codes,
            kinds: tokens
                .iter()
                .map(|token| token.kind.code() as u16)
                .collect(),
            fingerprints,
            counted_before,
        }
    }

    /// Its fingerprints that count, sorted by hash, then position.
    pub fn fingerprints(&self) -> &[Fingerprint] {
        &self.fingerprints
    }

    /// Each token's code ([`Kind::code`](super::tokens::Kind::code), which fits in 16 bits),
    /// or [`NOT_COUNTED`].
    pub fn codes(&self) -> &[u16] {
        &self.codes
    }

    /// Each token's code, counted or not: a copied stretch goes on through code of the base
    /// or the class's idioms, though those tokens do not count.
    pub fn kinds(&self) -> &[u16] {
        &self.kinds
    }

    /// How many of its tokens count.
    pub fn counted_tokens(&self) -> usize {
        self.counted_before[self.lines.len()]
    }

    /// How many tokens that count lie in the k-grams starting at `starts` (sorted).
    pub fn counted_under(&self, starts: &[usize]) -> usize {
        let mut total = 0;
        let mut covered: Option<Range<usize>> = None;
        for &start in starts {
            let end = (start + self.k).min(self.lines.len());
            covered = match covered {
                Some(run) if start <= run.end => Some(run.start..run.end.max(end)),
                Some(run) => {
                    total += self.counted_in(run);
                    Some(start..end)
                }
                None => Some(start..end),
            };
        }
        total + covered.map_or(0, |run| self.counted_in(run))
    }

    /// How many tokens that count lie in `tokens`.
    pub fn counted_in(&self, tokens: Range<usize>) -> usize {
        self.counted_before[tokens.end] - self.counted_before[tokens.start]
    }

    /// The lines from the first of `tokens` to the last (a non-empty range of its tokens).
    pub fn lines_of(&self, tokens: Range<usize>) -> RangeInclusive<usize> {
        self.lines[tokens.start]..=self.lines[tokens.end - 1]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn common(fraction: f64) -> Common {
        Common { fraction, group: 2 }
    }

    #[test]
    fn base_and_common_code_does_not_count() {
        let signature = "void machine(int GamePanel[30][30], int n, int m, int &x, int &y)\n";
        let bodies = [
            "{ x = rand() % n; y = rand() % m; }",
            "{ for (int i = 0; i < n; i++) if (GamePanel[i][0] == -1) { x = i; y = 0; } }",
            "{ static int calls = 0; calls++; x = calls % n; y = calls / n % m; }",
        ];
        let texts: Vec<String> = bodies.iter().map(|b| format!("{signature}{b}")).collect();
        let texts: Vec<&[u8]> = texts.iter().map(|t| t.as_bytes()).collect();
        let signature_tokens = tokenize(signature.as_bytes()).len();
        let counted = |profiles: &[Profile]| -> Vec<usize> {
            profiles.iter().map(Profile::counted_tokens).collect()
        };
        let all: Vec<usize> = texts.iter().map(|t| tokenize(t).len()).collect();
        let nothing_common = profiles(&texts, b"", 8, 4, common(1.0));
        assert_eq!(counted(&nothing_common), all);
        let with_base = profiles(&texts, signature.as_bytes(), 8, 4, common(1.0));
        let expected: Vec<usize> = all.iter().map(|total| total - signature_tokens).collect();
        assert_eq!(
            counted(&with_base),
            expected,
            "every k-gram of the base is out"
        );
        assert_eq!(with_base[0].codes()[signature_tokens - 1], NOT_COUNTED);
        assert_ne!(with_base[0].codes()[signature_tokens], NOT_COUNTED);
        // Common code is what the class's fingerprints share: the signature and the `{` after
        // it, give or take a window at either end.
        for (own, total) in profiles(&texts, b"", 8, 4, common(0.5)).iter().zip(&all) {
            let counted = own.counted_tokens();
            assert!(
                counted + signature_tokens + 1 >= *total,
                "{counted} of {total}"
            );
            assert!(
                counted + signature_tokens <= total + 2 * 4,
                "{counted} of {total}"
            );
        }
    }

    #[test]
    fn a_group_is_never_common() {
        let text: &[u8] = b"int f(int a) { return a * a + 1; }";
        let group = Common {
            fraction: 0.0,
            group: 3,
        };
        let three = profiles(&[text; 3], b"", 4, 1, group);
        assert_eq!(three[0].counted_tokens(), tokenize(text).len());
        let four = profiles(&[text; 4], b"", 4, 1, group);
        assert_eq!(four[0].counted_tokens(), 0);
        assert!(four[0].fingerprints().is_empty());
        let half = Common {
            fraction: 0.5,
            group: 3,
        };
        assert_eq!(profiles(&[text; 8], b"", 4, 1, half)[0].counted_tokens(), 0);
        let other: &[u8] = b"int g;";
        let four_of_eight = [text, text, text, text, other, other, other, other];
        let counted = profiles(&four_of_eight, b"", 4, 1, half)[0].counted_tokens();
        assert!(counted > 0, "4 of 8 is not more than half");
    }

    #[test]
    fn counted_under_merges_overlapping_kgrams() {
        let text: &[u8] = b"a b c d e f g h i j";
        let profile = &profiles(&[text], b"", 3, 1, common(1.0))[0];
        assert_eq!(profile.counted_under(&[]), 0);
        assert_eq!(profile.counted_under(&[0, 1, 2]), 5);
        assert_eq!(profile.counted_under(&[0, 5, 7]), 3 + 5);
        assert_eq!(profile.lines_of(2..5), 1..=1);
    }
}
