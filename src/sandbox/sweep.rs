//! The process-group isolation's last step: after a run, every child of ours that is not a
//! live run of ours but carries a contained program's marker left its group (a `setsid()`
//! or a double fork) and came back to us as its subreaper: it is killed and reaped, and so on
//! down what it had started, until none is left.

use crate::sandbox::sys;

/// The marker in every contained program's environment, by which a sweep knows ours.
pub(crate) const MARKER: &str = "MINEJUDGE_CONTAINED";

/// Kills and reaps every process that escaped a contained run's group and is now our child.
/// Children of ours without the marker (a compiler we started) are left alone.
pub fn sweep() {
    let me = sys::pid();
    // Each round kills the escapees now ours; what they had started becomes ours next round.
    for _ in 0..64 {
        let escaped: Vec<u32> = children_of(me)
            .into_iter()
            .filter(|&pid| !sys::tracked(pid))
            .filter(|&pid| {
                std::fs::read(format!("/proc/{pid}/environ")).is_ok_and(|env| marked(&env))
            })
            .collect();
        if escaped.is_empty() {
            return;
        }
        for &pid in &escaped {
            sys::kill_process(pid);
        }
        for &pid in &escaped {
            let _ = sys::reap(pid);
        }
    }
}

/// The processes whose parent is `parent`, from `/proc` (empty where there is none).
fn children_of(parent: u32) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    entries
        .filter_map(|entry| entry.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|&pid| parent_of(pid) == Some(parent))
        .collect()
}

/// The parent of `pid`: the fourth field of `/proc/PID/stat`, after the name in parentheses.
fn parent_of(pid: u32) -> Option<u32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    stat.rsplit_once(')')?
        .1
        .split_whitespace()
        .nth(1)?
        .parse()
        .ok()
}

/// Whether an environment (`/proc/PID/environ`) holds the marker.
fn marked(environment: &[u8]) -> bool {
    let marker = format!("{MARKER}=1");
    environment
        .split(|&b| b == 0)
        .any(|entry| entry == marker.as_bytes())
}
