//! Peak memory of a benchmarked binary, measured by GNU time.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

/// Peak resident memory of one run of `exe` on `input`, from GNU time's `%M` (KiB); `None`
/// where `/usr/bin/time` is missing.
pub fn peak_kib(exe: &Path, input: &Path) -> Option<u64> {
    let output = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(exe)
        .stdin(fs::File::open(input).ok()?)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .ok()?;
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .last()?
        .trim()
        .parse()
        .ok()
}
