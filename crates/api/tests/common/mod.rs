//! What the tests that stop runs share: this process's CPU time over a stretch of wall time,
//! which tells a stopped solver thread (none) from one still running (all of a core).

use std::time::Duration;

/// This process's CPU time (user and system, every thread) over the next `time` (Linux).
pub fn cpu_over(time: Duration) -> Duration {
    let ticks = || {
        let stat = std::fs::read_to_string("/proc/self/stat").expect("/proc/self/stat");
        // The fields after the command name, which is in parentheses and may hold spaces;
        // utime and stime are the 12th and 13th of them, in ticks of 10 ms.
        let rest = &stat[stat.rfind(')').expect("a command name") + 2..];
        let fields: Vec<&str> = rest.split_whitespace().collect();
        fields[11].parse::<u64>().unwrap() + fields[12].parse::<u64>().unwrap()
    };
    let before = ticks();
    std::thread::sleep(time);
    Duration::from_millis((ticks() - before) * 10)
}
