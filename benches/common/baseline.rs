//! A benchmark's figures from its last run, kept in `target/bench/<name>.baseline`, and the
//! change of this run against them. Each bench includes this file as a module.

use std::fs;
use std::path::PathBuf;

/// The last run's milliseconds per case, and this run's as they come.
pub struct Baseline {
    path: PathBuf,
    previous: String,
    current: String,
}

impl Baseline {
    /// The baseline of the bench `name` (empty on a first run).
    pub fn load(name: &str) -> Baseline {
        let dir = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/target/bench"));
        fs::create_dir_all(&dir).expect("target/bench");
        let path = dir.join(format!("{name}.baseline"));
        let previous = fs::read_to_string(&path).unwrap_or_default();
        Baseline {
            path,
            previous,
            current: String::new(),
        }
    }

    /// Records this run's time for `case` (a key without spaces) and says how it compares.
    pub fn compare(&mut self, case: &str, now_ms: f64) -> String {
        self.compare_in(case, now_ms, "ms")
    }

    /// Records this run's figure for `case` (a key without spaces), in `unit`, and says how
    /// it compares.
    #[allow(dead_code)] // Not every bench keeps figures other than times.
    pub fn compare_in(&mut self, case: &str, now: f64, unit: &str) -> String {
        self.current += &format!("{case} {now:.3}\n");
        let before = self
            .previous
            .lines()
            .filter_map(|line| line.split_once(' '))
            .find(|(key, _)| *key == case)
            .and_then(|(_, figure)| figure.parse::<f64>().ok());
        match before {
            Some(before) => format!(
                "against the last run's baseline: {before:.1} {unit} -> {now:.1} {unit} ({:+.1}%)",
                (now / before - 1.0) * 100.0
            ),
            None => "no baseline yet: this run becomes it".to_string(),
        }
    }

    /// Keeps this run's figures as the next run's baseline.
    pub fn save(self) {
        fs::write(&self.path, self.current).expect("write the baseline");
    }
}
