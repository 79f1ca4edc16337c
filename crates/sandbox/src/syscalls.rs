//! Phase "syscall filter": the system calls a program gets `EPERM` for.
//!
//! A seccomp filter is a small program the kernel runs on every system call
//! of the process and its descendants; nothing can remove it. Ours allows
//! everything but what a solution never needs and an attacker would use
//! (the list follows isolate, Docker's default profile and systemd's
//! `@system-service` complement):
//!
//! * sockets: `socket` of every family (a named Unix socket of the host, a
//!   terminal multiplexer's or a system service's, would be a way out that
//!   Landlock does not check), `socketpair` of any family but `AF_UNIX`
//!   (Java's NIO makes one at start);
//! * memory outside the accounts: `memfd_create` (shared memory that no
//!   mapping needs to hold), `fcntl(F_SETPIPE_SZ)` and `setsockopt` of
//!   `SO_SNDBUF`, `SO_RCVBUF` (and their `FORCE` forms), so that pipes and
//!   sockets keep their default buffers, which the judge charges to the run
//!   where no memory cgroup counts them (`procfs.rs`);
//! * watching files: `inotify_add_watch`, `fanotify_mark`;
//! * other processes' limits and scheduling: `prlimit64`, `setpriority`,
//!   `sched_setaffinity`, `sched_setparam`, `sched_setattr` for any process
//!   but the caller's own (a pid or `who` of 0); `sched_setscheduler` of
//!   another process or thread is answered 0 and not done (Mono sets every
//!   thread's policy by its thread id, and prints a warning on standard
//!   output, the answer's stream, when refused);
//! * kernel objects that outlive the run: the keyrings (`add_key`,
//!   `request_key`, `keyctl`), System V IPC (`shm*`, `msg*`, `sem*`) and POSIX
//!   message queues (`mq_*`);
//! * the terminal: `ioctl` `TIOCSTI` (typing into it) and `TIOCLINUX`;
//! * namespaces and mounts: `mount`, `umount2`, `pivot_root`, `chroot`,
//!   `unshare`, `setns`, the new mount API, and `clone` with a namespace flag;
//! * other processes and the kernel: `ptrace`, `process_vm_readv`/`writev`,
//!   `pidfd_getfd`, `kcmp`, `bpf`, `perf_event_open`, `userfaultfd`,
//!   `io_uring_*`, modules, `kexec_*`, `reboot`, `swapon`/`swapoff`, `acct`,
//!   `quotactl`, `syslog`, handles (`open_by_handle_at`), `fanotify_init`,
//!   clocks and host names.
//!
//! Each is answered `EPERM`, not a kill, so a runtime that probes (the JVM, a
//! Python import) gets an error and goes on. `clone3` is answered `ENOSYS`: its
//! flags lie in memory the filter cannot read, and `ENOSYS` makes the C
//! library fall back to `clone`, whose flags it can (as container runtimes do).
//!
//! The filter is compiled once, in the judge, as one program that finds the
//! call's rule by binary search (`bpf.rs`: the kernel emulates a filter for
//! every system call number when it is installed, so its shape is a cost of
//! every run); the program's process only installs it
//! (`seccomp(SECCOMP_SET_MODE_FILTER)`, see `sys.rs`). The tests compile the
//! same rules with seccompiler, one rule after another, and check that both
//! programs give the same answer to every call.

use crate::bpf::{Rule, Test};
use seccompiler::BpfProgram;
use std::sync::OnceLock;

/// The system calls answered `EPERM` whatever their arguments.
const DENIED: &[libc::c_long] = &[
    libc::SYS_socket,
    libc::SYS_memfd_create,
    libc::SYS_inotify_add_watch,
    libc::SYS_fanotify_mark,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_keyctl,
    libc::SYS_shmget,
    libc::SYS_shmat,
    libc::SYS_shmctl,
    libc::SYS_msgget,
    libc::SYS_msgsnd,
    libc::SYS_msgrcv,
    libc::SYS_msgctl,
    libc::SYS_semget,
    libc::SYS_semop,
    libc::SYS_semtimedop,
    libc::SYS_semctl,
    libc::SYS_mq_open,
    libc::SYS_mq_unlink,
    libc::SYS_mq_timedsend,
    libc::SYS_mq_timedreceive,
    libc::SYS_mq_notify,
    libc::SYS_mq_getsetattr,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_move_mount,
    libc::SYS_open_tree,
    libc::SYS_mount_setattr,
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_pidfd_getfd,
    libc::SYS_kcmp,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_userfaultfd,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_reboot,
    libc::SYS_swapon,
    libc::SYS_swapoff,
    libc::SYS_acct,
    libc::SYS_quotactl,
    libc::SYS_syslog,
    libc::SYS_open_by_handle_at,
    libc::SYS_name_to_handle_at,
    libc::SYS_fanotify_init,
    libc::SYS_settimeofday,
    libc::SYS_clock_settime,
    libc::SYS_clock_adjtime,
    libc::SYS_adjtimex,
    libc::SYS_sethostname,
    libc::SYS_setdomainname,
    libc::SYS_vhangup,
    libc::SYS_personality,
];

/// The calls that may name another process, and which argument does: each is
/// allowed only for the caller itself (that argument 0).
const SELF_ONLY: &[(libc::c_long, u8)] = &[
    (libc::SYS_prlimit64, 0),
    (libc::SYS_setpriority, 1),
    (libc::SYS_sched_setaffinity, 0),
    (libc::SYS_sched_setparam, 0),
    (libc::SYS_sched_setattr, 0),
];

/// `fcntl` commands refused: growing a pipe's buffer.
const FCNTL_DENIED: &[u32] = &[libc::F_SETPIPE_SZ as u32];

/// Socket options refused (`setsockopt`'s third argument; a run has Unix
/// sockets only, whose options all lie at `SOL_SOCKET`): growing a buffer.
const SOCKOPT_DENIED: &[u32] = &[
    libc::SO_SNDBUF as u32,
    libc::SO_RCVBUF as u32,
    libc::SO_SNDBUFFORCE as u32,
    libc::SO_RCVBUFFORCE as u32,
];

/// `clone` flags that make a namespace (all below bit 32).
const NAMESPACE_FLAGS: &[u32] = &[
    libc::CLONE_NEWNS as u32,
    libc::CLONE_NEWUTS as u32,
    libc::CLONE_NEWIPC as u32,
    libc::CLONE_NEWUSER as u32,
    libc::CLONE_NEWPID as u32,
    libc::CLONE_NEWNET as u32,
    libc::CLONE_NEWCGROUP as u32,
];

/// Terminal ioctls: typing into the terminal, and the Linux console's
/// (`ioctl`'s request is an `unsigned int`).
const TERMINAL_IOCTLS: &[u32] = &[libc::TIOCSTI as u32, libc::TIOCLINUX as u32];

/// The rules of the filter, one per system call number.
fn rules() -> Vec<Rule> {
    let eperm = libc::EPERM as u32;
    let rule = |nr: libc::c_long, test: Test, errno: u32| Rule {
        nr: nr as u32,
        test,
        errno,
    };
    let mut v: Vec<Rule> = DENIED
        .iter()
        .map(|&nr| rule(nr, Test::Always, eperm))
        .chain(
            SELF_ONLY
                .iter()
                .map(|&(nr, arg)| rule(nr, Test::ArgIsNot(arg, 0), eperm)),
        )
        .collect();
    v.extend([
        rule(libc::SYS_fcntl, Test::ArgIsOneOf(1, FCNTL_DENIED), eperm),
        rule(
            libc::SYS_setsockopt,
            Test::ArgIsOneOf(2, SOCKOPT_DENIED),
            eperm,
        ),
        rule(
            libc::SYS_socketpair,
            Test::ArgIsNot(0, libc::AF_UNIX as u32),
            eperm,
        ),
        rule(
            libc::SYS_clone,
            Test::ArgHasAnyOf(0, NAMESPACE_FLAGS.iter().fold(0, |a, &f| a | f)),
            eperm,
        ),
        rule(libc::SYS_ioctl, Test::ArgIsOneOf(1, TERMINAL_IOCTLS), eperm),
        rule(libc::SYS_clone3, Test::Always, libc::ENOSYS as u32),
        // Another process's (or thread's) policy: answered as done, and not
        // done. Mono sets each thread's by the thread's id, and prints a
        // warning on standard output (the answer's stream) when refused.
        rule(libc::SYS_sched_setscheduler, Test::ArgIsNot(0, 0), 0),
    ]);
    v
}

/// The audit value of the architecture the judge was built for
/// (`AUDIT_ARCH_*`), where the filter knows it.
fn audit_arch() -> Option<u32> {
    match std::env::consts::ARCH {
        "x86_64" => Some(0xC000_003E),
        "aarch64" => Some(0xC000_00B7),
        "riscv64" => Some(0xC000_00F3),
        _ => None,
    }
}

/// The filter of every run (`EPERM` for the list, `ENOSYS` for `clone3`),
/// compiled once; `None` on an architecture it does not know (the layer is
/// then missing, and the report says so).
pub fn filter() -> Option<&'static BpfProgram> {
    static FILTER: OnceLock<Option<BpfProgram>> = OnceLock::new();
    FILTER
        .get_or_init(|| {
            // The arguments' low halves lie first only on little-endian machines.
            let arch = audit_arch().filter(|_| cfg!(target_endian = "little"))?;
            Some(crate::bpf::program(arch, &rules()))
        })
        .as_ref()
}

/// What the syscall layer enforces here, for the judge's report.
#[must_use]
pub fn describe() -> &'static str {
    if filter().is_some() {
        "seccomp filter (no sockets but Unix pairs, keys, IPC, mounts, ptrace, TIOCSTI, memfd, inotify, other processes' limits)"
    } else {
        "no seccomp filter (unknown architecture)"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bpf::X32_BIT;
    use seccompiler::{
        SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
        SeccompRule, TargetArch,
    };
    use std::collections::BTreeMap;

    /// The same rules compiled by seccompiler, one after another: an `EPERM`
    /// filter and a `clone3` one (the reference the search is checked
    /// against).
    fn compile() -> Result<[BpfProgram; 3], seccompiler::BackendError> {
        let arch = TargetArch::try_from(std::env::consts::ARCH)?;
        let cond = |arg: u8, op: SeccompCmpOp, value: u64| {
            SeccompCondition::new(arg, SeccompCmpArgLen::Dword, op, value)
        };
        let one = |c: SeccompCondition| SeccompRule::new(vec![c]);
        let mut rules: BTreeMap<i64, Vec<SeccompRule>> =
            DENIED.iter().map(|&s| (s, vec![])).collect();
        for &(nr, arg) in SELF_ONLY {
            rules.insert(nr, vec![one(cond(arg, SeccompCmpOp::Ne, 0)?)?]);
        }
        rules.insert(
            libc::SYS_fcntl,
            vec![one(cond(1, SeccompCmpOp::Eq, libc::F_SETPIPE_SZ as u64)?)?],
        );
        rules.insert(
            libc::SYS_setsockopt,
            SOCKOPT_DENIED
                .iter()
                .map(|&o| one(cond(2, SeccompCmpOp::Eq, u64::from(o))?))
                .collect::<Result<_, _>>()?,
        );
        let not_unix = one(cond(0, SeccompCmpOp::Ne, libc::AF_UNIX as u64)?)?;
        rules.insert(libc::SYS_socketpair, vec![not_unix]);
        let masked = |arg: u8, bit: u64| {
            one(SeccompCondition::new(
                arg,
                SeccompCmpArgLen::Qword,
                SeccompCmpOp::MaskedEq(bit),
                bit,
            )?)
        };
        rules.insert(
            libc::SYS_clone,
            NAMESPACE_FLAGS
                .iter()
                .map(|&f| masked(0, u64::from(f)))
                .collect::<Result<_, _>>()?,
        );
        rules.insert(
            libc::SYS_ioctl,
            TERMINAL_IOCTLS
                .iter()
                .map(|&r| one(cond(1, SeccompCmpOp::Eq, u64::from(r))?))
                .collect::<Result<_, _>>()?,
        );
        let eperm = SeccompFilter::new(
            rules,
            SeccompAction::Allow,
            SeccompAction::Errno(libc::EPERM as u32),
            arch,
        )?;
        let enosys = SeccompFilter::new(
            BTreeMap::from([(libc::SYS_clone3, vec![])]),
            SeccompAction::Allow,
            SeccompAction::Errno(libc::ENOSYS as u32),
            arch,
        )?;
        let done = SeccompFilter::new(
            BTreeMap::from([(
                libc::SYS_sched_setscheduler,
                vec![one(cond(0, SeccompCmpOp::Ne, 0)?)?],
            )]),
            SeccompAction::Allow,
            SeccompAction::Errno(0),
            arch,
        )?;
        Ok([eperm.try_into()?, enosys.try_into()?, done.try_into()?])
    }

    /// What a classic BPF seccomp program answers for system call `nr` with
    /// arguments `args` from architecture `arch`, and how many instructions
    /// it ran: an interpreter of the instructions seccompiler and `bpf.rs`
    /// emit, written from the kernel's `Documentation/networking/filter.rst`
    /// (an independent reading).
    fn run(program: &BpfProgram, arch: u32, nr: u32, args: [u64; 6]) -> (u32, usize) {
        // struct seccomp_data { int nr; u32 arch; u64 ip; u64 args[6]; }
        let word = |off: u32| -> u32 {
            match off {
                0 => nr,
                4 => arch,
                8 | 12 => 0,
                _ => {
                    let i = ((off - 16) / 8) as usize;
                    let v = args[i];
                    if (off - 16).is_multiple_of(8) {
                        v as u32
                    } else {
                        (v >> 32) as u32
                    }
                }
            }
        };
        let (mut a, mut pc, mut steps) = (0u32, 0usize, 0);
        loop {
            let ins = &program[pc];
            pc += 1;
            steps += 1;
            match ins.code {
                0x20 => a = word(ins.k),       // LD W ABS
                0x54 => a &= ins.k,            // ALU AND K
                0x06 => return (ins.k, steps), // RET K
                0x05 => pc += ins.k as usize,  // JA
                0x15 | 0x25 | 0x35 | 0x45 => {
                    let taken = match ins.code {
                        0x15 => a == ins.k,  // JEQ
                        0x25 => a > ins.k,   // JGT
                        0x35 => a >= ins.k,  // JGE
                        _ => a & ins.k != 0, // JSET
                    };
                    pc += usize::from(if taken { ins.jt } else { ins.jf });
                }
                c => panic!("instruction {c:#x} not interpreted"),
            }
        }
    }

    fn native() -> u32 {
        audit_arch().expect("a known architecture")
    }

    fn answer(program: &BpfProgram, nr: u32, args: [u64; 6]) -> u32 {
        run(program, native(), nr, args).0
    }

    /// The kernel's answer for two installed filters: the one of higher
    /// precedence (a smaller action value; `ERRNO` before `ALLOW`).
    fn both(first: u32, second: u32) -> u32 {
        let action = |r: u32| r & 0xffff_0000;
        if action(second) <= action(first) {
            second
        } else {
            first
        }
    }

    const ARG_VALUES: [u64; 11] = [
        0,
        libc::F_SETPIPE_SZ as u64,
        libc::SO_SNDBUF as u64,
        1,
        libc::AF_UNIX as u64,
        libc::AF_INET as u64,
        libc::CLONE_NEWNET as u64,
        libc::CLONE_NEWUSER as u64 | 0x11,
        libc::SIGCHLD as u64 | libc::CLONE_VM as u64,
        libc::TIOCSTI,
        0xffff_ffff_0000_0001,
    ];

    #[test]
    fn the_search_answers_as_seccompilers_rules_do() {
        let [first, second, third] = compile().unwrap();
        let search = filter().expect("a filter");
        let mut denied = 0;
        for nr in 0..1024u32 {
            for &v in &ARG_VALUES {
                for args in [[v, v, 0, 0, 0, 0], [v, 0, 0, 0, 0, 0], [0, v, v, v, v, v]] {
                    let expected = both(
                        both(answer(&first, nr, args), answer(&second, nr, args)),
                        answer(&third, nr, args),
                    );
                    assert_eq!(
                        answer(search, nr, args),
                        expected,
                        "syscall {nr}, arguments {args:x?}"
                    );
                    denied += usize::from(expected != libc::SECCOMP_RET_ALLOW);
                }
            }
        }
        // Both kinds of answer were seen, from both filters.
        assert!(denied > DENIED.len() * ARG_VALUES.len());
        let eperm = libc::SECCOMP_RET_ERRNO | libc::EPERM as u32;
        let enosys = libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32;
        let socket = libc::SYS_socket as u32;
        let inet = [libc::AF_INET as u64, 0, 0, 0, 0, 0];
        let unix = [libc::AF_UNIX as u64, 0, 0, 0, 0, 0];
        assert_eq!(answer(search, libc::SYS_clone3 as u32, [0; 6]), enosys);
        assert_eq!(answer(search, socket, inet), eperm);
        assert_eq!(answer(search, socket, unix), eperm);
        let socketpair = libc::SYS_socketpair as u32;
        assert_eq!(answer(search, socketpair, unix), libc::SECCOMP_RET_ALLOW);
        assert_eq!(answer(search, socketpair, inet), eperm);
        // Another process's limits are refused, the caller's own allowed.
        let prlimit = libc::SYS_prlimit64 as u32;
        assert_eq!(
            answer(search, prlimit, [0, 7, 0, 0, 0, 0]),
            libc::SECCOMP_RET_ALLOW
        );
        assert_eq!(answer(search, prlimit, [1, 7, 0, 0, 0, 0]), eperm);
        let fcntl = libc::SYS_fcntl as u32;
        let setpipe = [3, libc::F_SETPIPE_SZ as u64, 1 << 20, 0, 0, 0];
        assert_eq!(answer(search, fcntl, setpipe), eperm);
        let getfl = [3, libc::F_GETFL as u64, 0, 0, 0, 0];
        assert_eq!(answer(search, fcntl, getfl), libc::SECCOMP_RET_ALLOW);
        // Threads (`clone` without a namespace flag) are allowed.
        let thread = [(libc::CLONE_VM | libc::CLONE_THREAD) as u64, 0, 0, 0, 0, 0];
        assert_eq!(
            answer(search, libc::SYS_clone as u32, thread),
            libc::SECCOMP_RET_ALLOW
        );
    }

    /// Numbers with the x32 bit get `ENOSYS` (seccompiler's rules would let
    /// x32's `socket` through on a kernel built with x32), and another
    /// architecture's calls kill, as seccompiler's do.
    #[test]
    fn x32_numbers_and_other_architectures_are_refused() {
        let search = filter().expect("a filter");
        let enosys = libc::SECCOMP_RET_ERRNO | libc::ENOSYS as u32;
        for nr in [0, libc::SYS_socket as u32, 512, 0x3fff_ffff] {
            assert_eq!(answer(search, X32_BIT | nr, [2, 1, 0, 0, 0, 0]), enosys);
        }
        let i386 = 0x4000_0003;
        for program in [search, &compile().unwrap()[0]] {
            assert_eq!(
                run(program, i386, 1, [0; 6]).0,
                libc::SECCOMP_RET_KILL_PROCESS
            );
        }
    }

    /// The point of the search: every call passes a few instructions, where
    /// the rules one after another take a hundred and more for an allowed
    /// call (the kernel's emulation at install pays that for every number).
    #[test]
    fn every_call_passes_few_instructions() {
        let [first, _, _] = compile().unwrap();
        let search = filter().expect("a filter");
        let steps = |p: &BpfProgram, nr: u32| run(p, native(), nr, [0; 6]).1;
        let most = (0..1024).map(|nr| steps(search, nr)).max().unwrap();
        let linear = (0..1024).map(|nr| steps(&first, nr)).max().unwrap();
        assert!(most <= 20, "{most} instructions");
        assert!(linear >= 5 * most, "{linear} against {most}");
    }
}
