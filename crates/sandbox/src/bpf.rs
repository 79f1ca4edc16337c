//! A seccomp filter as a binary search over system call numbers.
//!
//! When a filter is installed, the kernel runs it in an emulator for every
//! system call number of every architecture the process could use
//! (`seccomp_cache_prepare`, under a spinlock) to learn which numbers it
//! always allows; those then skip the filter. A filter that tests the rules
//! one after another, as `seccompiler` emits them, makes that emulation cost
//! the number of system calls times the number of rules: with the 70 rules
//! of the filter's former deny list it was a tenth of the CPU time of a
//! strict run, and the allow list's rules one after another take up to 318
//! instructions a call. Here the number is found by binary search (`jge` on
//! a pivot, then at most three `jeq`), so the emulation and every call a
//! program makes pass at most 20 instructions (`syscalls.rs` counts them).
//!
//! The program answers exactly as the rules say (`syscalls.rs` checks it
//! against seccompiler's compilation of the same rules, instruction by
//! instruction in a BPF interpreter, for every system call number), except
//! that it also answers `ENOSYS` to every number with bit 30 set: the x32
//! ABI's numbers, which a kernel built with x32 would otherwise take for
//! x86-64 calls that the rules never see.

use seccompiler::{BpfProgram, sock_filter};

/// A condition on one argument of a call. An argument is its low 32 bits
/// (every argument tested is an `int`, or flags below bit 32 that the
/// kernel reads as such), at offset `16 + 8 × i` of `struct seccomp_data` on
/// a little-endian machine.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Check {
    /// Argument `.0` is `.1`.
    Is(u8, u32),
    /// Argument `.0` is one of `.1`.
    OneOf(u8, &'static [u32]),
    /// Argument `.0` has no bit of `.1`.
    NoneOf(u8, u32),
}

/// What a call's rule answers.
#[derive(Clone, Copy, Debug)]
pub(crate) enum Test {
    /// Allowed whatever its arguments.
    Allow,
    /// Refused (`errno`) whatever its arguments.
    Refuse,
    /// Allowed when every check holds; else `errno`.
    AllowIf(&'static [Check]),
    /// Allowed when argument `.0` is one of `.1`; `errno` 0 (answered as
    /// done, and not done) when it is one of `.2`; else `errno`.
    Pick(u8, &'static [u32], &'static [u32]),
}

/// System call `nr`'s rule: `test`, with `errno` where it refuses. A number
/// without a rule gets the program's default `errno`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Rule {
    pub nr: u32,
    pub test: Test,
    pub errno: u32,
}

const LD_ABS: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
const RET: u16 = 0x06; // BPF_RET | BPF_K
const JA: u16 = 0x05; // BPF_JMP | BPF_JA
const JEQ: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGE: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const JSET: u16 = 0x45; // BPF_JMP | BPF_JSET | BPF_K

/// `struct seccomp_data`: `nr` at 0, `arch` at 4, `args` from 16.
const NR: u32 = 0;
const ARCH: u32 = 4;

/// The x32 ABI's bit in system call numbers (`__X32_SYSCALL_BIT`).
pub(crate) const X32_BIT: u32 = 0x4000_0000;

fn op(code: u16, k: u32) -> sock_filter {
    jump(code, k, 0, 0)
}

fn jump(code: u16, k: u32, jt: u8, jf: u8) -> sock_filter {
    sock_filter { code, jt, jf, k }
}

fn errno(e: u32) -> sock_filter {
    op(RET, libc::SECCOMP_RET_ERRNO | (e & 0xffff))
}

fn allow() -> sock_filter {
    op(RET, libc::SECCOMP_RET_ALLOW)
}

/// A jump offset, which classic BPF keeps in 8 bits.
fn short(n: usize) -> u8 {
    u8::try_from(n).expect("a rule's block is short")
}

/// The program for `rules` (any order, one per number) on the architecture
/// whose audit value is `arch`, answering `default` to every number without
/// a rule: another architecture's calls (the 32-bit `int 0x80` ones on
/// x86-64) kill the process, as seccompiler's do.
pub(crate) fn program(arch: u32, rules: &[Rule], default: u32) -> BpfProgram {
    let mut sorted = rules.to_vec();
    sorted.sort_by_key(|r| r.nr);
    let mut p = vec![
        op(LD_ABS, ARCH),
        jump(JEQ, arch, 1, 0),
        op(RET, libc::SECCOMP_RET_KILL_PROCESS),
        op(LD_ABS, NR),
        jump(JGE, X32_BIT, 0, 1),
        errno(libc::ENOSYS as u32),
    ];
    p.extend(search(&sorted, default));
    p
}

/// The binary search over `rules` (sorted), with the number in the
/// accumulator.
fn search(rules: &[Rule], default: u32) -> Vec<sock_filter> {
    if rules.len() <= 3 {
        return leaf(rules, default);
    }
    let mid = rules.len() / 2;
    let (left, right) = (
        search(&rules[..mid], default),
        search(&rules[mid..], default),
    );
    let pivot = rules[mid].nr;
    let mut p = match u8::try_from(left.len()) {
        // Number ≥ pivot: over the left half.
        Ok(n) => vec![jump(JGE, pivot, n, 0)],
        Err(_) => vec![
            jump(JGE, pivot, 0, 1),
            op(JA, u32::try_from(left.len()).expect("a short program")),
        ],
    };
    p.extend(left);
    p.extend(right);
    p
}

/// At most three rules, tested in turn; a number none names gets `default`.
fn leaf(rules: &[Rule], default: u32) -> Vec<sock_filter> {
    let mut p = Vec::new();
    for r in rules {
        let block = action(r);
        p.push(jump(JEQ, r.nr, 0, short(block.len())));
        p.extend(block);
    }
    p.push(errno(default));
    p
}

fn arg(i: u8) -> sock_filter {
    op(LD_ABS, 16 + 8 * u32::from(i))
}

/// The instructions that answer system call `r.nr` (the accumulator is
/// reloaded: the number is not needed again).
fn action(r: &Rule) -> Vec<sock_filter> {
    match r.test {
        Test::Allow => vec![allow()],
        Test::Refuse => vec![errno(r.errno)],
        Test::AllowIf(checks) => {
            // Built from the end: each check falls through to the next when
            // it holds and jumps to the errno when it does not.
            let mut p = vec![allow(), errno(r.errno)];
            for c in checks.iter().rev() {
                let mut block = check(*c, p.len() - 1);
                block.extend(p);
                p = block;
            }
            p
        }
        Test::Pick(i, allowed, done) => {
            // Equal to an allowed value: to the `allow`; to a done one: to
            // the `errno(0)`; neither: the errno.
            let n = allowed.len() + done.len();
            let mut p = vec![arg(i)];
            for (j, &v) in allowed.iter().enumerate() {
                p.push(jump(JEQ, v, short(n - j), 0));
            }
            for (j, &v) in done.iter().enumerate() {
                p.push(jump(JEQ, v, short(done.len() - j + 1), 0));
            }
            p.extend([errno(r.errno), allow(), errno(0)]);
            p
        }
    }
}

/// The instructions of `c`, falling through when it holds and jumping
/// `to_errno` instructions past their end when it does not.
fn check(c: Check, to_errno: usize) -> Vec<sock_filter> {
    match c {
        Check::Is(i, v) => vec![arg(i), jump(JEQ, v, 0, short(to_errno))],
        Check::NoneOf(i, mask) => vec![arg(i), jump(JSET, mask, short(to_errno), 0)],
        Check::OneOf(i, values) => {
            let mut p = vec![arg(i)];
            let n = values.len();
            for (j, &v) in values.iter().enumerate() {
                // Equal: past the other tests; the last one unequal: out.
                let fail = if j + 1 == n { short(to_errno) } else { 0 };
                p.push(jump(JEQ, v, short(n - 1 - j), fail));
            }
            p
        }
    }
}
