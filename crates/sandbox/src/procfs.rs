//! Phase "the watch's eyes": what the run's processes use, read from `/proc`.
//!
//! Without a cgroup that counts it, the judge learns a run's CPU time and
//! resident memory by walking its process tree in `/proc` every tick: the
//! program and its live descendants (the children of every thread: a child
//! forked from a second thread has that thread as its parent), and the
//! orphans that were re-parented to the judge. Each process's `stat` gives its
//! CPU time with what it reaped (`utime + stime + cutime + cstime`), its
//! `statm` its resident pages, and its open descriptors (`fd/`) the pipes
//! and sockets it holds: their buffers are kernel memory that no resident
//! figure shows, so each is charged the most it can hold ([`PIPE_CHARGE`],
//! [`socket_charge`]; the syscall filter keeps both at their defaults).

use crate::{MAX_PROCESSES, sys};
// The parsers of `stat` live in sys.rs, below this module (sys.rs reads
// the judge's own `stat`): procfs imports sys, never the other way.
pub(crate) use crate::sys::{number, stat_fields};
use std::sync::OnceLock;
use std::time::Duration;

/// The process ids in `/proc`.
pub(crate) fn pids() -> impl Iterator<Item = i32> {
    std::fs::read_dir("/proc")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|e| e.file_name().to_str().and_then(|s| s.parse::<i32>().ok()))
}

/// The children of `pid` (all its threads' children), from
/// `/proc/<pid>/task/<tid>/children`; `None` where the kernel has no such file.
pub(crate) fn children_of(pid: i32, all_threads: bool) -> Option<Vec<i32>> {
    let read = |tid: &str| {
        std::fs::read_to_string(format!("/proc/{pid}/task/{tid}/children")).map(|s| {
            s.split_whitespace()
                .filter_map(|p| p.parse().ok())
                .collect::<Vec<i32>>()
        })
    };
    if !all_threads {
        return read(&pid.to_string()).ok();
    }
    let mut out = Vec::new();
    for t in std::fs::read_dir(format!("/proc/{pid}/task"))
        .ok()?
        .flatten()
    {
        match read(&t.file_name().to_string_lossy()) {
            Ok(c) => out.extend(c),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound && t.path().exists() => {
                return None;
            }
            Err(_) => {}
        }
    }
    Some(out)
}

/// What a pipe the run holds open is charged: its default 16 pages, which
/// `F_SETPIPE_SZ` (refused by the syscall filter) would raise.
pub(crate) const PIPE_CHARGE: u64 = 16 * 4096;

/// What a socket the run holds open is charged: twice the kernel's default
/// send buffer (`net.core.wmem_default`, read once; 212992 bytes where it
/// cannot be read), the most a Unix socket's queued data and its overhead
/// take while `SO_SNDBUF` and `SO_RCVBUF` are refused by the syscall filter.
pub(crate) fn socket_charge() -> u64 {
    static CHARGE: OnceLock<u64> = OnceLock::new();
    *CHARGE.get_or_init(|| {
        let default = std::fs::read_to_string("/proc/sys/net/core/wmem_default")
            .ok()
            .and_then(|s| s.trim().parse::<u64>().ok())
            .unwrap_or(212_992);
        2 * default
    })
}

/// The pipes and sockets process `pid` holds open, by inode, added to
/// `pipes` and `sockets` (the caller counts each inode once: one shared by
/// several processes is one buffer).
fn buffers_of(pid: i32, pipes: &mut Vec<u64>, sockets: &mut Vec<u64>) {
    let Ok(fds) = std::fs::read_dir(format!("/proc/{pid}/fd")) else {
        return;
    };
    for fd in fds.flatten() {
        let Ok(target) = std::fs::read_link(fd.path()) else {
            continue;
        };
        let target = target.as_os_str().as_encoded_bytes();
        let inode = |prefix: &[u8], into: &mut Vec<u64>| {
            let n = target.strip_prefix(prefix)?.strip_suffix(b"]")?;
            into.push(std::str::from_utf8(n).ok()?.parse().ok()?);
            Some(())
        };
        if inode(b"pipe:[", pipes).is_none() {
            inode(b"socket:[", sockets);
        }
    }
}

/// How many distinct inodes `v` holds (sorted in place: a run may hold
/// thousands, and the watch counts them every tick).
fn distinct(v: &mut [u64]) -> u64 {
    v.sort_unstable();
    (v.len() - v.windows(2).filter(|w| w[0] == w[1]).count()) as u64
}

/// What the run's processes use now, from `/proc` (see [`tree_usage`]).
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Usage {
    /// CPU time of the processes and of what they reaped.
    pub(crate) cpu: Duration,
    /// Resident memory of the processes below the judge's own copies, and
    /// what the pipes and sockets they hold are charged, bytes.
    pub(crate) resident: u64,
}

/// The usage of `pid`, of the `orphans` of its run (descendants that
/// outlived their parents and were re-parented to the judge), and of their
/// live descendants: the CPU time of each, with
/// what it reaped (`utime + stime + cutime + cstime`), and the resident
/// memory (`/proc/<pid>/statm`) of those at depth `skip` or below, with the
/// charge of the pipes and sockets they hold open (with `memory`: the judge
/// enforces the memory limit itself; else only the CPU time is wanted). The levels
/// above are the judge's own forks (the keeper and, with namespaces, init):
/// copies of the judge whose pages are the judge's, not the program's.
pub(crate) fn tree_usage(pid: i32, skip: usize, orphans: &[i32], memory: bool) -> Usage {
    static TICKS: OnceLock<u64> = OnceLock::new();
    static PAGE: OnceLock<u64> = OnceLock::new();
    let hz = *TICKS.get_or_init(|| sys::sysconf(libc::_SC_CLK_TCK));
    let page = *PAGE.get_or_init(|| sys::sysconf(libc::_SC_PAGESIZE));
    let mut todo = vec![(pid, 0)];
    todo.extend(orphans.iter().map(|&o| (o, skip)));
    let mut ticks: u64 = 0;
    let mut pages: u64 = 0;
    let (mut pipes, mut sockets) = (Vec::new(), Vec::new());
    let mut seen = 0;
    while let Some((p, depth)) = todo.pop() {
        seen += 1;
        if seen > 4 * MAX_PROCESSES as usize {
            break;
        }
        if let Some(f) = stat_fields(p) {
            ticks += (11..15)
                .filter_map(|i| number(f.get(i)))
                .map(|t| t.max(0) as u64)
                .sum::<u64>();
        }
        if depth >= skip {
            pages += std::fs::read_to_string(format!("/proc/{p}/statm"))
                .ok()
                .and_then(|s| s.split_whitespace().nth(1)?.parse::<u64>().ok())
                .unwrap_or(0);
            if memory {
                buffers_of(p, &mut pipes, &mut sockets);
            }
        }
        // The children of every thread: a child forked from a second thread
        // has that thread, not the process, as its parent.
        todo.extend(
            children_of(p, true)
                .unwrap_or_default()
                .into_iter()
                .map(|c| (c, depth + 1)),
        );
    }
    Usage {
        cpu: Duration::from_nanos(ticks.saturating_mul(1_000_000_000) / hz),
        resident: pages
            .saturating_mul(page)
            .saturating_add(distinct(&mut pipes) * PIPE_CHARGE)
            .saturating_add(distinct(&mut sockets) * socket_charge()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `distinct` counts what a set keeps of the same inodes.
    #[test]
    fn distinct_counts_each_inode_once() {
        for v in [
            vec![],
            vec![7],
            vec![3, 3, 3],
            vec![5, 1, 5, 2, 1, 9, 9, 9, 4],
        ] {
            let set: std::collections::BTreeSet<u64> = v.iter().copied().collect();
            let mut v = v;
            assert_eq!(distinct(&mut v), set.len() as u64, "{v:?}");
        }
    }
}
