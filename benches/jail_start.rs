//! `cargo bench --bench jail_start`: what one contained start costs. Starts `/bin/true` 300
//! times under each policy (the user's own code: a PID namespace; someone else's: the whole
//! jail) and prints the wall time and CPU time (ours and the children's, kernel included) per
//! start, against the last run.

#[path = "common/baseline.rs"]
mod baseline;
#[path = "common/cpu.rs"]
mod cpu;

use baseline::Baseline;
use minejudge::exec::child::{self, Ending, Limits};
use minejudge::sandbox::{self, Policy};
use std::time::{Duration, Instant};

const STARTS: u32 = 300;

fn main() {
    let mut baseline = Baseline::load("jail_start");
    for (name, policy) in [
        ("own code", Policy::OwnCode),
        ("someone else's", Policy::Untrusted { processes: 1 }),
    ] {
        let limits = Limits {
            cpu: Duration::from_secs(5),
            wall: Duration::from_secs(15),
            memory: Some(256 << 20),
            stack: None,
            output: 1 << 10,
            policy,
        };
        let command = ["/bin/true".to_string()];
        // The isolation's probe is made once, outside the measure.
        let _ = sandbox::isolation(policy);
        let cpu = cpu::process_and_children_seconds();
        let started = Instant::now();
        for _ in 0..STARTS {
            let run = child::run(&command, b"", &limits).expect("true starts");
            assert_eq!(run.ending, Ending::Exited(0));
        }
        let wall = started.elapsed().as_secs_f64() * 1e3 / f64::from(STARTS);
        let cpu = (cpu::process_and_children_seconds() - cpu) * 1e3 / f64::from(STARTS);
        println!("{name}: {wall:.2} ms a start, {cpu:.2} ms of CPU ({STARTS} starts)");
        println!("  {}", baseline.compare(&name.replace(' ', "_"), wall));
        println!("  isolation: {}", sandbox::describe(policy));
    }
    baseline.save();
}
