//! The copy check of `grade`: which pairs of a class's submissions are suspiciously alike, how
//! much, and in which lines, as MOSS does it: each source becomes a sequence of normalised
//! tokens ([`tokens`]), so that renamed identifiers, layout and comments do not matter; its
//! k-grams are hashed and winnowed into fingerprints ([`winnow`]), so that reordered functions
//! still match; code of the course's skeleton, or that too much of the class shares, does not
//! count ([`profile`]); two sources' shared fingerprints ([`shared`]), grown into the runs of
//! tokens equal in both ([`runs`]), give a score from the stretches longer than any idiom, and
//! chained, the passages to show side by side ([`passages`]). Before any of that, what a
//! copier rewrites without changing the program is read away ([`canonical`]): loops in one
//! form, without their step; no braces of blocks; no code that does nothing.
//!
//! # Examples
//!
//! ```
//! use minejudge::grade::similarity::{suspicious_pairs, Options, Source};
//!
//! let original = "int f(int n) {\n  int s = 0;\n  for (int i = 0; i < n; i++) s += i * i;\n  \
//!                 return s % 7 == 3 ? s : -s;\n}\n";
//! let copy = "// mine\nint g(int count)\n{\n    int total=0;\n    for(int j=0;j<count;j++)\n        \
//!             total+=j*j;\n    return total%7==3?total:-total;\n}\n";
//! let other = "int f(int n) { return n < 2 ? n : f(n - 1) + f(n - 2); }\n";
//! let class: Vec<Source> = [("ann", original), ("bob", copy), ("cy", other)]
//!     .iter()
//!     .map(|(name, text)| Source { name: name.to_string(), text: text.as_bytes().to_vec() })
//!     .collect();
//! // Programs this small are below the default's 60 tokens shared, in stretches of 50.
//! let options = Options { min_tokens: 30, min_stretch: 30, ..Options::default() };
//! let pairs = suspicious_pairs(&class, &options);
//! assert_eq!(pairs.len(), 1);
//! assert_eq!((pairs[0].a, pairs[0].b), (0, 1));
//! assert!(pairs[0].score > 0.9);
//! // The braces of blocks are not read: the passages end at the last statement.
//! assert_eq!(pairs[0].matches[0].a_lines, 1..=4);
//! assert_eq!(pairs[0].matches[0].b_lines, 2..=7);
//! ```

pub mod canonical;
mod code;
pub mod passages;
pub mod profile;
pub mod runs;
pub mod shared;
mod statements;
pub mod tokens;
pub mod winnow;

use profile::{profiles, Common, Profile};
use std::ops::RangeInclusive;

/// One student's submission.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Source {
    /// Whose it is (the check does not read it; it is for the report).
    pub name: String,
    /// The file's bytes as handed in, in any encoding: only the first
    /// [`Options::max_bytes`] are read.
    pub text: Vec<u8>,
}

/// How the check works and when a pair is suspicious.
#[derive(Clone, Debug, PartialEq)]
pub struct Options {
    /// The noise threshold: tokens in a row that make one k-gram; no shorter run of shared
    /// code counts. At least 1.
    pub k: usize,
    /// Consecutive k-grams one fingerprint is chosen from; any run of at least
    /// `k + window - 1` shared tokens is sure to share a fingerprint. At least 1.
    pub window: usize,
    /// A fingerprint found in more than this fraction of the sources (and in more than
    /// `copy_group`) is the course's or everyone's (the required signature, a common idiom)
    /// and does not count.
    pub common_fraction: f64,
    /// The largest group of students expected to pass one solution around: a fingerprint
    /// found in no more sources than this always counts, whatever `common_fraction` says, so
    /// that in a small class a copy shared by a few is not taken for everyone's idiom.
    pub copy_group: usize,
    /// The course's own code handed to every student (a skeleton, the required signatures):
    /// its k-grams never count. Empty for none; several files may be joined with newlines.
    pub base: Vec<u8>,
    /// The score from which a pair is suspicious.
    pub flag_score: f64,
    /// A suspicious pair shares at least this many tokens of its counted code, in each
    /// source: a few shared lines of a tiny program are not evidence of copying.
    pub min_tokens: usize,
    /// Shared code counts, in the score and in `min_tokens`, only in stretches of at least this
    /// many tokens equal in both sources, in a row but for a statement inserted in one
    /// ([`runs::long_stretches`]): shorter ones are the idioms solutions written apart share,
    /// however much of a short program they make up. 0 counts every shared k-gram.
    pub min_stretch: usize,
    /// Bytes read of each source (and of the base): the work stays bounded whatever is handed in.
    pub max_bytes: usize,
}

impl Default for Options {
    /// A k of 20 tokens is longer than the idioms every student writes (a neighbour loop's
    /// header `for (int a = i - 1; a <= i + 1; a++)` is 16 tokens, a bounds test
    /// `a >= 0 && a < n && b >= 0 && b < m` 15), so independent solutions rarely share one;
    /// a window of 6 makes any 25 tokens in a row (about three statements) count. A flag score
    /// of 0.35 lies between a copy's (about 0.5 at least, however padded) and what solutions
    /// written apart share (their idioms, which a small class has too few sources to find
    /// common); 60 tokens are more than the longest of those idioms (the loop over the board
    /// and its test, 33 tokens) and some. Stretches count from 50 tokens: idioms written back
    /// to back make the longest that independent solutions share (a cell's `{ x = i; y = j;
    /// return; }` and the `rand()` fallback after it, 48 tokens at most), where an edited copy of a
    /// machine of a hundred tokens or more keeps one of 63 at least.
    fn default() -> Options {
        Options {
            k: 20,
            window: 6,
            common_fraction: 0.25,
            copy_group: 4,
            base: Vec::new(),
            flag_score: 0.35,
            min_tokens: 60,
            min_stretch: 50,
            max_bytes: 1 << 20,
        }
    }
}

/// Two sources that share code.
#[derive(Clone, Debug, PartialEq)]
pub struct Pair {
    /// The first source's index.
    pub a: usize,
    /// The second source's index (above `a`).
    pub b: usize,
    /// How alike they are, from 0 (nothing shared) to 1: the mean of `a_share` and `b_share`,
    /// so that a whole copy scores at least about 0.5 however much is added to it.
    pub score: f64,
    /// The fraction of the first source's counted code (outside base and common code) that
    /// lies in stretches the second has too, of [`Options::min_stretch`] tokens at least.
    pub a_share: f64,
    /// The fraction of the second source's counted code that lies in stretches the first has
    /// too.
    pub b_share: f64,
    /// Counted tokens in shared stretches of [`Options::min_stretch`] at least, the fewer of the two
    /// sources'.
    pub shared_tokens: usize,
    /// Distinct fingerprints they share.
    pub shared: usize,
    /// The passages they share, longest first.
    pub matches: Vec<Match>,
}

/// A passage of one source and the passage of the other that it matches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Match {
    /// Its lines in the first source, from 1.
    pub a_lines: RangeInclusive<usize>,
    /// Its lines in the second source, from 1.
    pub b_lines: RangeInclusive<usize>,
}

impl Pair {
    /// Whether `options` call this pair suspicious: its score reaches
    /// [`Options::flag_score`] and it shares at least [`Options::min_tokens`].
    pub fn is_suspicious(&self, options: &Options) -> bool {
        self.score >= options.flag_score && self.shared_tokens >= options.min_tokens
    }
}

/// The suspicious pairs of `sources` ([`Pair::is_suspicious`]), highest score first.
///
/// # Complexity
/// O(bytes) to fingerprint the class, then O(fingerprints of both) for each pair of sources.
pub fn suspicious_pairs(sources: &[Source], options: &Options) -> Vec<Pair> {
    let mut pairs = compare(sources, options);
    pairs.retain(|pair| pair.is_suspicious(options));
    pairs
}

/// Every pair of `sources` that shares a fingerprint, highest score first (then by index):
/// the whole table, for a report that shows the unflagged too.
pub fn compare(sources: &[Source], options: &Options) -> Vec<Pair> {
    let head = |text: &[u8]| text.len().min(options.max_bytes);
    let texts: Vec<&[u8]> = sources
        .iter()
        .map(|source| &source.text[..head(&source.text)])
        .collect();
    let base = &options.base[..head(&options.base)];
    let common = Common {
        fraction: options.common_fraction,
        group: options.copy_group,
    };
    let class = profiles(&texts, base, options.k, options.window, common);
    let mut pairs = Vec::new();
    for a in 0..class.len() {
        for b in a + 1..class.len() {
            pairs.extend(compare_two(a, b, &class[a], &class[b], options));
        }
    }
    pairs.sort_by(|x, y| {
        y.score
            .total_cmp(&x.score)
            .then((x.a, x.b).cmp(&(y.a, y.b)))
    });
    pairs
}

/// Tokens a copier may change between two runs of a copied stretch (`i++` for `++i`, a
/// constant): a stretch steps over that in one source while it steps over an inserted
/// statement or more in the other.
const SLACK: usize = 4;

/// The pair of sources `a` and `b`, if they share a fingerprint.
fn compare_two(
    a: usize,
    b: usize,
    first: &Profile,
    second: &Profile,
    options: &Options,
) -> Option<Pair> {
    let both = shared::shared(first.fingerprints(), second.fingerprints());
    if both.hashes == 0 {
        return None;
    }
    let k = options.k.max(1);
    // Far enough to step over a statement or two inserted into a copied passage.
    let reach = 2 * (k + options.window.max(1));
    // Runs go on through base and common code, which a copy keeps with the rest, but only
    // the tokens that count make a stretch long enough, and the score.
    let found = runs::runs(&both.pairs, k, first.kinds(), second.kinds());
    let count: (runs::Count, runs::Count) = (&|tokens| first.counted_in(tokens), &|tokens| {
        second.counted_in(tokens)
    });
    let limits = (SLACK, reach, options.min_stretch);
    let kinds = (first.kinds(), second.kinds());
    let long = runs::long_stretches_counted(&found, limits, count, kinds);
    let covered = (
        runs::covered_counted(
            long.iter().map(|run| run.a..run.a + run.len).collect(),
            count.0,
        ),
        runs::covered_counted(
            long.iter().map(|run| run.b..run.b + run.len).collect(),
            count.1,
        ),
    );
    let counted = (first.counted_tokens(), second.counted_tokens());
    let fraction = |part: usize, whole: usize| {
        if whole == 0 {
            0.0
        } else {
            part as f64 / whole as f64
        }
    };
    let matches = passages::passages(&both.pairs, k, reach, first.codes(), second.codes())
        .into_iter()
        .map(|passage| Match {
            a_lines: first.lines_of(passage.a),
            b_lines: second.lines_of(passage.b),
        })
        .collect();
    let shares = (
        fraction(covered.0, counted.0),
        fraction(covered.1, counted.1),
    );
    Some(Pair {
        a,
        b,
        score: (shares.0 + shares.1) / 2.0,
        a_share: shares.0,
        b_share: shares.1,
        shared_tokens: covered.0.min(covered.1),
        shared: both.hashes,
        matches,
    })
}
