//! The fuzzer shared by `tests/fuzz.rs` (a few seconds in `cargo test`) and
//! `examples/fuzz.rs` (as long as asked): seeded mutations of golden inputs and `gen` outputs,
//! run in-process through each binary's `solve`, with every panic, wrong error line or silent
//! success caught and shrunk to a small input.

use minejudge::io::output::Output;
use minejudge::io::runner::{try_lines, Solve};
use minejudge::io::scanner::{is_space, parse_int};
use minejudge::judges::{self, Judge};
use minejudge::judges::{Knobs, Size};
use minejudge::rng::Rng;
use std::cell::Cell;
use std::panic::{self, AssertUnwindSafe};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// One binary under test.
pub struct Target {
    pub judge: &'static Judge,
    pub solve: Solve,
}

/// Every judge with its `solve`, from the registry.
pub fn targets() -> Vec<Target> {
    judges::ALL
        .into_iter()
        .map(|judge| Target {
            judge,
            solve: judge.solve(),
        })
        .collect()
}

/// What the fuzzer found wrong with one input.
pub struct Failure {
    pub binary: &'static str,
    pub seed: u64,
    pub problem: String,
    /// The smallest input found that still fails the same way.
    pub input: Vec<u8>,
}

impl Failure {
    pub fn describe(&self) -> String {
        format!(
            "{}: {} (input seed {}); shrunk input ({} bytes): {:?}",
            self.binary,
            self.problem,
            self.seed,
            self.input.len(),
            String::from_utf8_lossy(&self.input)
        )
    }
}

/// Inputs to mutate for `judge`: its golden inputs, then `gen` outputs of small and medium size.
pub fn corpus(judge: &'static Judge, gen_inputs: u64) -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("testdata")
        .join(judge.name());
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .filter_map(|entry| Some(entry.ok()?.path()))
                .filter(|path| path.extension().is_some_and(|e| e == "in"))
                .collect()
        })
        .unwrap_or_default();
    paths.sort();
    let mut inputs: Vec<Vec<u8>> = paths
        .iter()
        .filter_map(|path| std::fs::read(path).ok())
        .collect();
    for seed in 0..gen_inputs {
        let size = if seed % 8 == 7 {
            Size::Medium
        } else {
            Size::Small
        };
        let knobs = Knobs {
            // Medium sizes with few operations: mutation is what matters, not length.
            ops: (size == Size::Medium).then_some(30),
            ..Knobs::default()
        };
        inputs.push(judge.generate(seed, size, &knobs));
    }
    inputs
}

/// Tokens worth inserting: every keyword and alphabet of the five formats, and edge numbers.
const TOKENS: &[&[u8]] = &[
    b"Flag",
    b"Sweep",
    b"DSweep",
    b"Quit",
    b"0",
    b"1",
    b"2",
    b"3",
    b"-1",
    b"-0",
    b"+1",
    b"1000",
    b"1001",
    b"*",
    b".",
    b"X",
    b"M",
    b"0 0",
    b"[",
    b"]",
    b",",
    b"\"E\"",
    b"\"M\"",
    b"\"B\"",
    b"\"X\"",
    b"\"9\"",
    b"[[\"E\"]]",
    b"[0,0]",
    b"[]",
    b"[[]]",
    b"\"\"",
    b"E",
];

/// Numbers to put in place of a number: limits of the formats and of the integer types.
const HUGE: &[&[u8]] = &[
    b"0",
    b"-1",
    b"1000",
    b"1001",
    b"65536",
    b"1000000",
    b"10000000",
    b"10000001",
    b"2147483648",
    b"4294967296",
    b"1000000000",
    b"9223372036854775807",
    b"9223372036854775808",
    b"-9223372036854775808",
    b"18446744073709551616",
    b"99999999999999999999999999",
];

/// Bytes worth inserting: separators, alphabets, and bytes no format allows.
const BYTES: &[u8] = b" \t\r\n\x0b\x0c\0\xff\xfe\xc3\x80-+*.XME[],\"0123456789";

/// Applies 1 to 4 random mutations to `input`.
pub fn mutate(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    let mut data = input.to_vec();
    for _ in 0..1 + rng.below(4) {
        mutate_once(rng, &mut data);
    }
    data
}

fn mutate_once(rng: &mut Rng, data: &mut Vec<u8>) {
    let at = |rng: &mut Rng, data: &Vec<u8>| rng.below(data.len() + 1);
    match rng.below(17) {
        0 if !data.is_empty() => {
            let i = rng.below(data.len());
            data[i] ^= 1 << rng.below(8);
        }
        1 if !data.is_empty() => {
            let i = rng.below(data.len());
            let len = (1 + rng.below(8)).min(data.len() - i);
            data.drain(i..i + len);
        }
        2 if !data.is_empty() => {
            let i = rng.below(data.len());
            let len = (1 + rng.below(16)).min(data.len() - i);
            let copy = data[i..i + len].to_vec();
            let to = at(rng, data);
            data.splice(to..to, copy);
        }
        3 => {
            let to = at(rng, data);
            data.insert(to, BYTES[rng.below(BYTES.len())]);
        }
        4 => {
            let to = at(rng, data);
            let mut token = vec![b' '];
            token.extend_from_slice(TOKENS[rng.below(TOKENS.len())]);
            token.push(if rng.chance(0.5) { b' ' } else { b'\n' });
            data.splice(to..to, token);
        }
        5 => {
            if let Some((start, end)) = random_span(rng, data, |b| b.is_ascii_whitespace()) {
                data.drain(start..end);
            }
        }
        6 => {
            if let Some((start, end)) = random_span(rng, data, |b| b == b'\n') {
                let mut copy = data[start..end].to_vec();
                copy.push(b'\n');
                // Now and then the same line many times: repeated clicks, operations after
                // the end of a game.
                let times = if rng.chance(0.3) {
                    2 + rng.below(50)
                } else {
                    1
                };
                let copies: Vec<u8> = copy.repeat(times);
                data.splice(start..start, copies);
            }
        }
        7 => {
            if let Some((start, end)) = random_span(rng, data, |b| b == b'\n') {
                let end = (end + 1).min(data.len());
                data.drain(start..end);
            }
        }
        8 => {
            let len = rng.below(data.len() + 1);
            data.truncate(len);
        }
        9 => {
            if let Some((start, end)) = random_span(rng, data, |b| !b.is_ascii_digit()) {
                let huge = HUGE[rng.below(HUGE.len())];
                data.splice(start..end, huge.iter().copied());
            }
        }
        10 => *data = with_crlf(data),
        11 => {
            for byte in data.iter_mut() {
                if *byte == b' ' && rng.chance(0.3) {
                    *byte = b'\t';
                }
            }
        }
        12 => {
            let positions: Vec<usize> = (0..data.len()).filter(|&i| data[i] == b'\n').collect();
            if !positions.is_empty() {
                let i = positions[rng.below(positions.len())];
                data.splice(i..i, b"  \t ".iter().copied());
            }
        }
        13 => {
            while data.last().is_some_and(|b| b.is_ascii_whitespace()) {
                data.pop();
            }
        }
        14 => {
            let to = at(rng, data);
            let junk: &[u8] = [
                &b"\0"[..],
                b"\xff",
                b"\xc3\x28",
                b"\xe2\x82",
                b"\xef\xbb\xbf",
            ][rng.below(5)];
            data.splice(to..to, junk.iter().copied());
        }
        15 => {
            if let Some((start, end)) = random_span(rng, data, |b| !b.is_ascii_digit()) {
                let value = parse_int(&data[start..end]).unwrap_or(0);
                let near = value.saturating_add(rng.range(-2, 2));
                data.splice(start..end, near.to_string().into_bytes());
            }
        }
        _ => {
            let a = random_span(rng, data, |b| b == b'\n');
            let b = random_span(rng, data, |b| b == b'\n');
            if let (Some(a), Some(b)) = (a, b) {
                let (first, second) = if a.0 < b.0 { (a, b) } else { (b, a) };
                if first.1 <= second.0 {
                    let mut swapped = data[..first.0].to_vec();
                    swapped.extend_from_slice(&data[second.0..second.1]);
                    swapped.extend_from_slice(&data[first.1..second.0]);
                    swapped.extend_from_slice(&data[first.0..first.1]);
                    swapped.extend_from_slice(&data[second.1..]);
                    *data = swapped;
                }
            }
        }
    }
}

/// A random non-empty run of bytes that are not `separator`, as `(start, end)`.
fn random_span(
    rng: &mut Rng,
    data: &[u8],
    separator: impl Fn(u8) -> bool,
) -> Option<(usize, usize)> {
    let starts: Vec<usize> = (0..data.len())
        .filter(|&i| !separator(data[i]) && (i == 0 || separator(data[i - 1])))
        .collect();
    if starts.is_empty() {
        return None;
    }
    let start = starts[rng.below(starts.len())];
    let len = data[start..]
        .iter()
        .position(|&b| separator(b))
        .unwrap_or(data.len() - start);
    Some((start, start + len))
}

/// Whether a run of `solve` on `input` may end with `Ok` and print nothing: inputs that hold no
/// question (no pair, no click, the `0 0` line first).
fn may_be_silent(judge: &'static Judge, input: &[u8]) -> bool {
    let mut tokens = input
        .split(|&b| is_space(b))
        .filter(|token| !token.is_empty());
    match judge.name() {
        "update-board" => tokens.next().is_none(),
        // `n m k l`: no click; or every click only on cells already open, impossible for the
        // first one, so l = 0 it is.
        "jlu-panel" => tokens.nth(3).and_then(parse_int) == Some(0),
        "inexperienced-player" => {
            tokens.next().and_then(parse_int) == Some(0)
                && tokens.next().and_then(parse_int) == Some(0)
        }
        _ => false,
    }
}

/// The number of lines of `input`, whose lines end at `\n`, `\r\n` or a lone `\r`: a final
/// line without an end counts.
fn line_count(input: &[u8]) -> usize {
    let ends = (0..input.len())
        .filter(|&i| input[i] == b'\n' || (input[i] == b'\r' && input.get(i + 1) != Some(&b'\n')))
        .count();
    ends + usize::from(input.last().is_some_and(|&b| b != b'\n' && b != b'\r'))
}

/// Runs `solve` on `input`; what is wrong with the run, if anything.
pub fn check(target: &Target, input: &[u8]) -> Option<String> {
    check_counted(target, input).0
}

/// [`check`], and whether `solve` accepted the input.
fn check_counted(target: &Target, input: &[u8]) -> (Option<String>, bool) {
    let mut out = Output::in_memory();
    let result = panic::catch_unwind(AssertUnwindSafe(|| (target.solve)(input, &mut out)));
    let accepted = matches!(result, Ok(Ok(())));
    let problem = match result {
        Err(payload) => {
            let message = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Some(format!("panic: {message}"))
        }
        Ok(Ok(())) if out.is_empty() && !may_be_silent(target.judge, input) => {
            Some("Ok with no output".into())
        }
        Ok(Ok(())) => None,
        Ok(Err(err)) => {
            let last = line_count(input) + 1;
            if err.line < 1 || err.line > last {
                Some(format!("bad error line: {} outside 1..={last}", err.line))
            } else if err.message.is_empty() || err.message.contains('\n') {
                Some(format!("error message not one line: {:?}", err.message))
            } else {
                None
            }
        }
    };
    (problem, accepted)
}

/// The output, or the error line, of one run (a panic counts as an error on line 0).
fn outcome(target: &Target, input: &[u8]) -> (Vec<u8>, Option<usize>) {
    let mut out = Output::in_memory();
    let result = panic::catch_unwind(AssertUnwindSafe(|| (target.solve)(input, &mut out)));
    let line = match result {
        Ok(Ok(())) => None,
        Ok(Err(err)) => Some(err.line),
        Err(_) => Some(0),
    };
    (out.into_bytes(), line)
}

/// `input` with its whitespace respelled the ways a valid file may spell it: LF, CRLF or
/// CR-only line ends, tabs or several spaces between tokens, trailing spaces, no final newline.
/// An input holding a lone `\r` keeps its line ends as they are, since respelling the `\n`
/// after such a `\r` would join two line ends into one.
pub fn respell(rng: &mut Rng, input: &[u8]) -> Vec<u8> {
    let is_crlf = |i: usize| input[i] == b'\r' && input.get(i + 1) == Some(&b'\n');
    let lone_cr = (0..input.len()).any(|i| input[i] == b'\r' && !is_crlf(i));
    let line_end: &[u8] = [&b"\n"[..], b"\r\n", b"\r"][rng.below(3)];
    let mut out = Vec::with_capacity(input.len() * 2);
    for (i, &byte) in input.iter().enumerate() {
        match byte {
            // A CRLF is one line end, respelled whole.
            b'\r' if !lone_cr && is_crlf(i) => {}
            b'\n' if !lone_cr => {
                if rng.chance(0.2) {
                    out.extend_from_slice(b" \t ");
                }
                out.extend_from_slice(line_end);
            }
            b' ' => out.extend_from_slice([&b" "[..], b"\t", b"   ", b" \t"][rng.below(4)]),
            _ => out.push(byte),
        }
    }
    if rng.chance(0.3) {
        while out.last().is_some_and(|&b| b == b'\n' || b == b'\r') {
            out.pop();
        }
    }
    out
}

/// What is wrong, if anything, with how `solve` treats variants of `input` that must give the
/// same answers: `input` respelled (see [`respell`]) gives the same output and error line, and
/// `input` cut after any line gives a prefix of its output (every answer decided before the
/// cut is kept, and nothing else is printed), and when the lines before the cut decide the
/// answer (see [`try_lines`]), the whole input gives that answer.
pub fn check_variants(target: &Target, rng: &mut Rng, input: &[u8]) -> Option<(String, Vec<u8>)> {
    let (full, full_line) = outcome(target, input);
    let respelled = respell(rng, input);
    let (out, line) = outcome(target, &respelled);
    if out != full || line != full_line {
        let problem = format!(
            "respelled: output or status differs (error lines {full_line:?} then {line:?}) from {:?}",
            String::from_utf8_lossy(input)
        );
        return Some((problem, respelled));
    }
    let ends: Vec<usize> = (0..input.len()).filter(|&i| input[i] == b'\n').collect();
    if !ends.is_empty() {
        let cut = &input[..ends[rng.below(ends.len())] + 1];
        let (out, _) = outcome(target, cut);
        if !full.starts_with(&out) {
            let problem = format!(
                "cut: output is not a prefix of the whole input's output {:?}",
                String::from_utf8_lossy(&full)
            );
            return Some((problem, cut.to_vec()));
        }
        // A judge that answers the lines before the cut without reading past them (as `run`
        // then stops reading) must give that answer whatever follows.
        let mut lines = cut.to_vec();
        let tried = panic::catch_unwind(AssertUnwindSafe(|| try_lines(target.solve, &mut lines)));
        if let Ok((answer, true)) = tried {
            if full_line.is_some() || answer != full {
                let problem = format!(
                    "decided: the lines before the cut were answered as if the rest did not \
                     matter, but the whole input gives {:?} (error line {full_line:?})",
                    String::from_utf8_lossy(&full)
                );
                return Some((problem, input.to_vec()));
            }
        }
    }
    None
}

/// The problem's kind (the text before its first `:`), so that shrinking keeps the same
/// failure, not any failure.
fn kind(problem: &str) -> &str {
    problem.split(':').next().unwrap_or(problem)
}

/// Deletes lines, then ever smaller runs of bytes, while `input` still fails the same way.
pub fn shrink(target: &Target, input: &[u8], problem: &str) -> Vec<u8> {
    let fails =
        |candidate: &[u8]| check(target, candidate).is_some_and(|p| kind(&p) == kind(problem));
    let mut best = input.to_vec();
    let mut tries = 0;
    let mut chunk = best.len().max(1);
    while chunk >= 1 && tries < 20_000 {
        let mut at = 0;
        let mut shrunk = false;
        while at < best.len() && tries < 20_000 {
            let end = (at + chunk).min(best.len());
            let mut candidate = best[..at].to_vec();
            candidate.extend_from_slice(&best[end..]);
            tries += 1;
            if fails(&candidate) {
                best = candidate;
                shrunk = true;
            } else {
                at += chunk;
            }
        }
        if !shrunk {
            chunk /= 2;
        }
    }
    best
}

thread_local! {
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// Runs `body` with panic messages of this thread silenced (other threads' panics still print),
/// then puts the panic hook back.
pub fn quietly<T>(body: impl FnOnce() -> T) -> T {
    let previous = Arc::new(panic::take_hook());
    let inner = Arc::clone(&previous);
    panic::set_hook(Box::new(move |info| {
        if !QUIET.with(Cell::get) {
            inner(info);
        }
    }));
    QUIET.with(|quiet| quiet.set(true));
    let result = body();
    QUIET.with(|quiet| quiet.set(false));
    drop(panic::take_hook());
    panic::set_hook(Box::new(move |info| previous(info)));
    result
}

/// What a fuzzing run did.
pub struct Report {
    /// Inputs tried, per binary (in the order of the targets).
    pub tried: Vec<(&'static str, u64)>,
    pub failures: Vec<Failure>,
    /// Of those, the inputs `solve` accepted whole (the rest were refused as bad input).
    pub accepted: Vec<u64>,
    /// The slowest single input, per binary, and its time.
    pub slowest: Vec<Duration>,
}

/// Fuzzes every target in turn, `rounds` inputs at a time, until `until` returns true or a
/// failure is found (at most one failure per binary is kept).
pub fn fuzz(targets: &[Target], seed: u64, mut until: impl FnMut(u64) -> bool) -> Report {
    let corpora: Vec<Vec<Vec<u8>>> = targets.iter().map(|t| corpus(t.judge, 40)).collect();
    let mut report = Report {
        tried: targets.iter().map(|t| (t.judge.name(), 0)).collect(),
        failures: Vec::new(),
        accepted: vec![0; targets.len()],
        slowest: vec![Duration::ZERO; targets.len()],
    };
    let mut round = 0u64;
    quietly(|| {
        while !until(round) {
            for (index, target) in targets.iter().enumerate() {
                if report
                    .failures
                    .iter()
                    .any(|f| f.binary == target.judge.name())
                {
                    continue;
                }
                let input_seed = seed
                    .wrapping_mul(0x1000_0000_01b3)
                    .wrapping_add(round * 8 + index as u64);
                let mut rng = Rng::new(input_seed);
                // Now and then another binary's input: formats are close enough to confuse.
                let corpus = if rng.chance(0.1) {
                    &corpora[rng.below(corpora.len())]
                } else {
                    &corpora[index]
                };
                let original = &corpus[rng.below(corpus.len())];
                if rng.chance(0.1) {
                    report.tried[index].1 += 1;
                    let base = if rng.chance(0.5) {
                        original.clone()
                    } else {
                        mutate(&mut rng, original)
                    };
                    if let Some((problem, input)) = check_variants(target, &mut rng, &base) {
                        report.failures.push(Failure {
                            binary: target.judge.name(),
                            seed: input_seed,
                            problem,
                            input,
                        });
                    }
                    continue;
                }
                let input = mutate(&mut rng, original);
                let started = Instant::now();
                let (problem, accepted) = check_counted(target, &input);
                report.accepted[index] += u64::from(accepted);
                let elapsed = started.elapsed();
                report.slowest[index] = report.slowest[index].max(elapsed);
                report.tried[index].1 += 1;
                // Time is reported (`slowest`), never a failure: a busy machine would make
                // it flake.
                if let Some(problem) = problem {
                    let input = shrink(target, &input, &problem);
                    report.failures.push(Failure {
                        binary: target.judge.name(),
                        seed: input_seed,
                        problem,
                        input,
                    });
                }
            }
            round += 1;
        }
    });
    report
}

/// `data` with every line end written CRLF.
pub fn with_crlf(data: &[u8]) -> Vec<u8> {
    data.iter()
        .flat_map(|&b| {
            if b == b'\n' {
                vec![b'\r', b'\n']
            } else {
                vec![b]
            }
        })
        .collect()
}
