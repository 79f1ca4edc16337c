//! Phase "the verdict's inputs": which limit, if any, stopped a finished run.
//!
//! The watch may already have stopped it (wall, CPU, output, sampled
//! memory). Otherwise the exact figures decide: CPU time over the limit, or
//! `SIGXCPU` (the `RLIMIT_CPU` backstop), is a CPU limit; memory is over the
//! limit when a cgroup says the run hit it and the run failed, or (without a
//! cgroup) when the peak is over the limit, or (with or without one) the run
//! failed with standard error naming a failed allocation.

use crate::{Exit, Limit, Limits};
use std::time::Duration;

/// What is known of a finished run.
pub(crate) struct Finished<'a> {
    /// The limit the watch stopped it for.
    pub stopped: Option<Limit>,
    /// Its output went over the cap.
    pub over: bool,
    pub exit: Exit,
    pub cpu: Duration,
    /// Peak memory, bytes.
    pub memory: u64,
    /// Whether its memory cgroup was hit (`None`: no cgroup).
    pub cgroup_hit: Option<bool>,
    pub stderr: &'a [u8],
}

/// The limit that stopped the run, if any (see the module docs).
pub(crate) fn limit(run: &Finished, limits: &Limits) -> Option<Limit> {
    if run.over {
        return Some(Limit::Output);
    }
    if run.stopped.is_some() {
        return run.stopped;
    }
    let failed = run.exit != Exit::Code(0);
    if run.cpu > limits.cpu || run.exit == Exit::Signal(libc::SIGXCPU) {
        return Some(Limit::Cpu);
    }
    // A failed run whose standard error names a failed allocation is over
    // the limit with a cgroup too: a runtime that caps its heap at the limit
    // (the JVM's -Xmx, Node's --max-old-space-size) refuses an allocation
    // beyond it before the cgroup is hit, as it does without one.
    let refused = failed && names_failed_allocation(run.stderr);
    let memory = match run.cgroup_hit {
        Some(hit) => (failed && hit) || refused,
        None => run.memory > limits.memory || refused,
    };
    memory.then_some(Limit::Memory)
}

/// Whether standard error names a failed allocation (the runtimes' messages:
/// Python, C++, Go and others, Java, `perror`, Rust).
pub(crate) fn names_failed_allocation(stderr: &[u8]) -> bool {
    let tail = String::from_utf8_lossy(stderr).to_ascii_lowercase();
    [
        "memoryerror",
        "bad_alloc",
        "out of memory",
        "outofmemoryerror",
        "cannot allocate memory",
        "memory allocation of",
    ]
    .iter()
    .any(|m| tail.contains(m))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> Limits {
        Limits::default()
            .with_wall(Duration::from_secs(2))
            .with_cpu(Duration::from_secs(1))
            .with_output(1 << 20)
            .with_disk(1 << 20)
    }

    fn run(exit: Exit, cpu_ms: u64, memory: u64, hit: Option<bool>, stderr: &[u8]) -> Finished<'_> {
        Finished {
            stopped: None,
            over: false,
            exit,
            cpu: Duration::from_millis(cpu_ms),
            memory,
            cgroup_hit: hit,
            stderr,
        }
    }

    #[test]
    fn cpu_is_exact_and_sigxcpu_is_cpu() {
        let l = limits();
        assert_eq!(limit(&run(Exit::Code(0), 1000, 0, None, b""), &l), None);
        assert_eq!(
            limit(&run(Exit::Code(0), 1001, 0, None, b""), &l),
            Some(Limit::Cpu)
        );
        let xcpu = run(Exit::Signal(libc::SIGXCPU), 900, 0, None, b"");
        assert_eq!(limit(&xcpu, &l), Some(Limit::Cpu));
    }

    #[test]
    fn a_cgroup_hit_is_memory_only_when_the_run_failed() {
        let l = limits();
        // The kernel reclaimed at the limit but the program finished well.
        assert_eq!(
            limit(&run(Exit::Code(0), 1, 300 << 20, Some(true), b""), &l),
            None
        );
        let killed = run(Exit::Signal(libc::SIGKILL), 1, 256 << 20, Some(true), b"");
        assert_eq!(limit(&killed, &l), Some(Limit::Memory));
        let plain_crash = run(Exit::Signal(libc::SIGSEGV), 1, 1 << 20, Some(false), b"");
        assert_eq!(limit(&plain_crash, &l), None);
        // The JVM refused a heap beyond -Xmx (the limit) before the cgroup
        // was hit: over the limit, as without a cgroup.
        let jvm = b"Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space";
        let heap = run(Exit::Code(1), 1, 40 << 20, Some(false), jvm);
        assert_eq!(limit(&heap, &l), Some(Limit::Memory));
        let fine = run(Exit::Code(0), 1, 40 << 20, Some(false), jvm);
        assert_eq!(limit(&fine, &l), None);
    }

    #[test]
    fn without_a_cgroup_the_peak_or_a_named_allocation_failure_is_memory() {
        let l = limits();
        assert_eq!(
            limit(&run(Exit::Code(0), 1, (256 << 20) + 1, None, b""), &l),
            Some(Limit::Memory)
        );
        assert_eq!(
            limit(&run(Exit::Code(0), 1, 256 << 20, None, b""), &l),
            None
        );
        let py = run(
            Exit::Code(1),
            1,
            10 << 20,
            None,
            b"Traceback...\nMemoryError\n",
        );
        assert_eq!(limit(&py, &l), Some(Limit::Memory));
        // The same words from a program that succeeded are its business.
        let fine = run(Exit::Code(0), 1, 10 << 20, None, b"std::bad_alloc");
        assert_eq!(limit(&fine, &l), None);
        let other = run(Exit::Code(1), 1, 10 << 20, None, b"index out of range");
        assert_eq!(limit(&other, &l), None);
    }

    #[test]
    fn output_over_the_cap_comes_first_then_what_the_watch_saw() {
        let l = limits();
        let mut r = run(Exit::Signal(libc::SIGKILL), 5000, 0, None, b"");
        r.stopped = Some(Limit::Wall);
        assert_eq!(limit(&r, &l), Some(Limit::Wall));
        r.over = true;
        assert_eq!(limit(&r, &l), Some(Limit::Output));
    }

    #[test]
    fn every_runtimes_allocation_message_is_recognised() {
        for m in [
            "MemoryError",
            "terminate called after throwing an instance of 'std::bad_alloc'",
            "fatal error: runtime: out of memory",
            "Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space",
            "mmap: Cannot allocate memory",
            "memory allocation of 1073741824 bytes failed",
        ] {
            assert!(names_failed_allocation(m.as_bytes()), "{m}");
        }
        assert!(!names_failed_allocation(b"Segmentation fault"));
    }
}
