//! Peak memory and CPU time of a benchmarked binary, measured by GNU time.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

/// Peak resident memory of one run of `exe` on `input`, from GNU time's `%M` (KiB); `None`
/// where `/usr/bin/time` is missing.
pub fn peak_kib(exe: &Path, input: &Path) -> Option<u64> {
    cpu_and_peak(exe, input).map(|(_, kib)| kib)
}

/// CPU time (user + system, seconds) and peak resident memory (KiB) of one run of `exe` on
/// `input`, from GNU time's `%U %S %M`; `None` where `/usr/bin/time` is missing.
pub fn cpu_and_peak(exe: &Path, input: &Path) -> Option<(f64, u64)> {
    let output = Command::new("/usr/bin/time")
        .args(["-f", "%U %S %M"])
        .arg(exe)
        .stdin(fs::File::open(input).ok()?)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .ok()?;
    let text = String::from_utf8_lossy(&output.stderr);
    let mut fields = text.lines().last()?.split_whitespace();
    let user: f64 = fields.next()?.parse().ok()?;
    let system: f64 = fields.next()?.parse().ok()?;
    let kib = fields.next()?.parse().ok()?;
    Some((user + system, kib))
}
