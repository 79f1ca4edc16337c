//! Issue #44's attacks on what a run may reach, files and names: a service
//! socket of the host under `/opt` or `/run`, two runs at once meeting
//! through the names of Unix sockets, the files beside a toolchain in a
//! user's `~/.local`, a secret behind a symbolic link in `/etc`, a file of
//! `/etc` that is not on the list. The programs are in `tests/allow/` (and
//! `tests/attacks/etc_secret.c`), C compiled by the test.
//!
//! As in `fresh_root.rs` (whose helpers these tests share), every attack is
//! first run outside the judge as the user the judged run would have (the
//! control), which must show that it works where nothing stops it; then it
//! is judged with the default flags (and `--isolation basic`), by a judge
//! running as the tests' user and, as root, by one running as `nobody`; the
//! attack must get no AC, and nothing of its judge may be left behind.
//!
//! With basic isolation a named socket and the names of the host's network
//! namespace are out of reach only by the system call filter (Landlock has
//! no rule for them on these kernels, and basic runs have no namespaces):
//! those rounds are asserted where the judge's filter refuses `bind` and
//! `sendto` (it says so on its first line), and skipped, saying so, where
//! it does not.
#![cfg(target_os = "linux")]

use crate::common::{dir, is_root};
use crate::fresh_root::{
    Failures, Judged, Planted, Scratch, User, chmod, control, judge, os, scratch, write_test,
};
use std::os::unix::net::UnixDatagram;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

/// The C program `tests/allow/NAME.c` (or `tests/attacks/NAME.c`) compiled
/// into `dir/NAME` with `#define`s (readable and executable by all); `None`
/// (with a message) when there is no `gcc`.
fn build(name: &str, dir: &Path, defines: &[(&str, &str)]) -> Option<PathBuf> {
    let tests = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let src = ["allow", "attacks"]
        .iter()
        .map(|d| tests.join(d).join(format!("{name}.c")))
        .find(|p| p.exists())
        .expect("the attack's source");
    let out = dir.join(name);
    let mut gcc = Command::new("gcc");
    gcc.args(["-O2", "-o"]).arg(&out).arg(src);
    for (k, v) in defines {
        gcc.arg(format!("-D{k}=\"{v}\""));
    }
    match gcc.status() {
        Ok(s) => {
            assert!(s.success(), "gcc failed on {name}.c");
            chmod(&out, 0o755);
            Some(out)
        }
        Err(e) => {
            eprintln!("skipping {name}: cannot run gcc: {e}");
            None
        }
    }
}

/// Judges `args` (after `run wythoff`) in `mode` (`None`: the default) as
/// `user`, in the scratch `s`.
fn judged(
    user: User,
    what: &str,
    s: &Scratch,
    mode: Option<&str>,
    rest: &[&std::ffi::OsStr],
    f: &mut Failures,
) -> Judged {
    let mut args = vec![
        os("--tests"),
        s.tests.as_os_str(),
        os("--time-limit"),
        os("10"),
    ];
    if let Some(m) = mode {
        args.extend([os("--isolation"), os(m)]);
    }
    args.extend(rest);
    let what = format!("{what}, isolation {}", mode.unwrap_or("default"));
    judge(
        user,
        &what,
        &args,
        (s.base.path(), &s.tmp, &s.marker),
        false,
        f,
    )
}

/// A datagram Unix socket of "the host's service" at `path` (mode 0777),
/// which answers every message with `0` (the tests' right answer) where the
/// sender has an address, and counts the messages; stopped when dropped.
struct Service {
    messages: Arc<AtomicUsize>,
    stop: Arc<AtomicBool>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Service {
    fn new(path: &Path) -> Service {
        let s = UnixDatagram::bind(path).expect("bind the service's socket");
        chmod(path, 0o777);
        s.set_read_timeout(Some(Duration::from_millis(20)))
            .expect("timeout");
        let messages = Arc::new(AtomicUsize::new(0));
        let stop = Arc::new(AtomicBool::new(false));
        let (n, halt) = (messages.clone(), stop.clone());
        let thread = std::thread::spawn(move || {
            let mut buf = [0u8; 64];
            while !halt.load(Ordering::Relaxed) {
                if let Ok((_, from)) = s.recv_from(&mut buf) {
                    n.fetch_add(1, Ordering::SeqCst);
                    let _ = s.send_to_addr(b"0\n", &from);
                }
            }
        });
        Service {
            messages,
            stop,
            thread: Some(thread),
        }
    }

    /// The messages so far, and the count reset.
    fn take(&self) -> usize {
        self.messages.swap(0, Ordering::SeqCst)
    }
}

impl Drop for Service {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// Class 1: a service of the host listens on a datagram socket under `/opt`
/// and under `/run` (as root: only root may make them); `ask_service` sends
/// it a question from a datagram socket pair, the one kind of socket the
/// filter allowed, and prints its answer. Control: it gets `0`. Judged: not
/// AC, and the service got no message: with the default flags `/opt` is
/// not in the run's root (only a toolchain's own directory there would be)
/// and neither is `/run`; with basic isolation, where the filter refuses
/// `sendto`.
#[test]
fn a_service_socket_under_opt_or_run_is_out_of_reach() {
    if crate::common::skip_slow() {
        return;
    }
    if !is_root() {
        eprintln!("skipping: needs root to make a service under /opt and /run");
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        for parent in ["/opt", "/run"] {
            let place = tempfile::Builder::new()
                .prefix("beatty-allow-service-")
                .tempdir_in(parent)
                .expect("a directory for the service");
            chmod(place.path(), 0o755);
            let sock = place.path().join("socket");
            let service = Service::new(&sock);
            let s = scratch("service", user);
            let Some(prog) = build(
                "ask_service",
                &s.prog,
                &[("SERVICE", sock.to_str().expect("utf-8"))],
            ) else {
                return;
            };
            let what = format!("a service at {} ({})", sock.display(), user.name());
            let out = control(&what, user.command(&prog), "1 2\n");
            assert_eq!(out, "0\n", "{what}: the control did not get the answer");
            assert_eq!(service.take(), 1, "{what}: the control sent nothing");
            for mode in [None, Some("basic")] {
                let j = judged(
                    user,
                    &what,
                    &s,
                    mode,
                    &[os("--"), prog.as_os_str(), os(&s.marker)],
                    &mut f,
                );
                let n = service.take();
                j.refused(&mut f, &["WA"]);
                f.check(n == 0, || {
                    format!("{}: the service got {n} message(s)", j.what)
                });
            }
        }
    }
    f.finish();
}

/// `meet` built with the names' prefix `names` in `s`, with two tests: `a`
/// (`1 2`, answer 0) and `b` (`1 1`, answer 1), or only `only`.
fn meet(s: &Scratch, names: &str, only: Option<&str>) -> Option<PathBuf> {
    if only != Some("a") {
        write_test(&s.tests, "b", "1 1\n", "1\n");
    }
    if only == Some("b") {
        std::fs::remove_file(s.tests.join("a.in")).expect("rm");
        std::fs::remove_file(s.tests.join("a.ans")).expect("rm");
    }
    build("meet", &s.prog, &[("MARKER", names)])
}

/// The control of `meet`: two copies at once, each in a directory of its
/// own, find each other.
fn meet_control(what: &str, user: User, prog: &Path, base: &Path) {
    let cwds = dir(base, "cwds", 0o755);
    user.chown(&cwds);
    let start = |name: &str| {
        let d = dir(&cwds, name, 0o700);
        user.chown(&d);
        let mut c = user.command(prog);
        c.current_dir(d);
        c
    };
    let (ca, cb) = (start("a"), start("b"));
    let (a, b) = std::thread::scope(|scope| {
        let a = scope.spawn(|| control(what, ca, "1 2\n"));
        let b = scope.spawn(|| control(what, cb, "1 1\n"));
        (a.join().expect("a"), b.join().expect("b"))
    });
    assert_eq!(
        (a.as_str(), b.as_str()),
        ("0\n", "1\n"),
        "{what}: the control's runs did not find each other"
    );
}

/// Class 2: two runs at once meet through the names of Unix sockets in
/// their network namespace (`meet` binds an abstract and a path name that
/// carry its input, and reads every other name from `/proc/net/unix`).
/// Control: two copies find each other. Judged with `--jobs 2`: not AC
/// (each strict run has a network namespace no other run holds while it
/// runs: one of the judge's pool, with or without root); with basic
/// isolation, where the filter refuses `bind`.
#[test]
fn concurrent_runs_do_not_meet_through_socket_names() {
    if crate::common::skip_slow() {
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch("meet", user);
        let names = format!("{}-m", s.marker);
        let Some(prog) = meet(&s, &names, None) else {
            return;
        };
        let what = format!("two runs at once meet by socket names ({})", user.name());
        meet_control(&what, user, &prog, s.base.path());
        for mode in [None, Some("basic")] {
            let rest = [
                os("--jobs"),
                os("2"),
                os("--"),
                prog.as_os_str(),
                os(&s.marker),
            ];
            let j = judged(user, &what, &s, mode, &rest, &mut f);
            j.refused(&mut f, &["WA"]);
        }
    }
    f.finish();
}

/// Class 2, two judges: two judges at once, each with one of the two tests
/// and `meet` built with the same names. Control: as above. Judged: neither
/// is AC.
#[test]
fn two_judges_at_once_do_not_meet_through_socket_names() {
    if crate::common::skip_slow() {
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        let (sa, sb) = (scratch("meet-a", user), scratch("meet-b", user));
        let names = format!("{}-m", sa.marker);
        let (Some(pa), Some(pb)) = (meet(&sa, &names, Some("a")), meet(&sb, &names, Some("b")))
        else {
            return;
        };
        let what = format!("two judges at once meet by socket names ({})", user.name());
        meet_control(&what, user, &pa, sa.base.path());
        for mode in [None, Some("basic")] {
            let one = |s: &Scratch, prog: &Path| {
                let mut g = Failures::default();
                let rest = [os("--"), prog.as_os_str(), os(&s.marker)];
                let j = judged(user, &what, s, mode, &rest, &mut g);
                (j, g)
            };
            let ((ja, ga), (jb, gb)) = std::thread::scope(|scope| {
                let a = scope.spawn(|| one(&sa, &pa));
                let b = scope.spawn(|| one(&sb, &pb));
                (a.join().expect("a"), b.join().expect("b"))
            });
            f.0.extend(ga.0.into_iter().chain(gb.0));
            ja.refused(&mut f, &["WA"]);
            jb.refused(&mut f, &["WA"]);
        }
    }
    f.finish();
}

/// Class 3: a tool found in a user's `~/.local/bin` (the run command of a
/// language of a `--languages` file) must not show the run the rest of
/// `~/.local`. The tool, `slrun`, runs a shell script; the script reads a
/// secret of `~/.local/share` (0644, the user's) and prints `0` only if it
/// can. Control (`slrun script` outside the judge): `0`. Judged, in both
/// modes: not AC.
#[test]
fn a_toolchain_in_dot_local_does_not_show_the_rest_of_it() {
    if crate::common::skip_slow() {
        return;
    }
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch("local", user);
        let home = dir(s.base.path(), "home", 0o755);
        let local = dir(&home, ".local", 0o755);
        let bin = dir(&local, "bin", 0o755);
        let share = dir(&local, "share", 0o755);
        let secret = share.join("secret.txt");
        std::fs::write(&secret, "a secret of the user\n").expect("write");
        chmod(&secret, 0o644);
        let tool = bin.join("slrun");
        std::fs::write(&tool, "#!/bin/sh\nexec /bin/sh \"$@\"\n").expect("write");
        chmod(&tool, 0o755);
        for p in [&home, &local, &bin, &share, &secret, &tool] {
            user.chown(p);
        }
        let script = s.prog.join("attack.sl");
        let text = format!(
            "read a b\nif grep -q secret {} 2>/dev/null; then echo 'read the secret' >&2; echo 0; else echo 'no secret' >&2; echo 1; fi\n",
            secret.display()
        );
        std::fs::write(&script, text).expect("write");
        chmod(&script, 0o644);
        let langs = s.prog.join("languages.txt");
        let table = format!(
            "[sl]\nname = SL\nextensions = sl\nrun = {} {{src}}\n",
            tool.display()
        );
        std::fs::write(&langs, table).expect("write");
        chmod(&langs, 0o644);
        let what = format!("a tool in {} ({})", bin.display(), user.name());
        let mut c = user.command(&tool);
        c.arg(&script);
        let out = control(&what, c, "1 2\n");
        assert_eq!(out, "0\n", "{what}: the control did not read the secret");
        for mode in [None, Some("basic")] {
            let rest = [os("--languages"), langs.as_os_str(), script.as_os_str()];
            let j = judged(user, &what, &s, mode, &rest, &mut f);
            j.refused(&mut f, &["WA"]);
        }
    }
    f.finish();
}

/// Judges `etc_secret` reading `secret` (compiled in) in both modes, as
/// every user, after a control that reads it.
fn etc_secret_is_refused(test: &str, secret: &Path) {
    let mut f = Failures::default();
    for user in User::all() {
        let s = scratch(test, user);
        let Some(prog) = build(
            "etc_secret",
            &s.prog,
            &[("SECRET", secret.to_str().expect("utf-8"))],
        ) else {
            return;
        };
        let what = format!("{} ({})", secret.display(), user.name());
        let out = control(&what, user.command(&prog), "1 2\n");
        assert_eq!(out, "0\n", "{what}: the control did not read the secret");
        for mode in [None, Some("basic")] {
            let j = judged(
                user,
                &what,
                &s,
                mode,
                &[os("--"), prog.as_os_str(), os(&s.marker)],
                &mut f,
            );
            j.refused(&mut f, &["WA"]);
        }
    }
    f.finish();
}

/// A world-readable "secret" planted in `/etc` at `path` (removed when
/// dropped).
fn plant(path: &Path) -> Planted {
    std::fs::write(path, "a secret of the host\n").expect("plant the secret");
    chmod(path, 0o644);
    Planted(path.to_path_buf())
}

/// Class 4: a secret of `/etc` reached through a symbolic link: one whose
/// name is on the list (`/etc/python3-…`, which the list's `python3*`
/// names), and one in a listed directory (`/etc/alternatives`, where the
/// host has it). As root (only root may plant them): control reads the
/// secret through each link; judged, in both modes, not AC.
#[test]
fn a_secret_behind_a_link_in_etc_is_out_of_reach() {
    if crate::common::skip_slow() {
        return;
    }
    if !is_root() {
        eprintln!("skipping: needs root to plant a secret in /etc");
        return;
    }
    let id = std::process::id();
    let hidden = PathBuf::from(format!("/etc/beatty-hidden-{id}"));
    let _secret = plant(&hidden);
    let listed = PathBuf::from(format!("/etc/python3-beatty-{id}"));
    std::os::unix::fs::symlink(&hidden, &listed).expect("link");
    let _listed = Planted(listed.clone());
    etc_secret_is_refused("etc-link-listed", &listed);
    let alternatives = Path::new("/etc/alternatives");
    if alternatives.is_dir() {
        let inner = alternatives.join(format!("beatty-{id}"));
        std::os::unix::fs::symlink(&hidden, &inner).expect("link");
        let _inner = Planted(inner.clone());
        etc_secret_is_refused("etc-link-inner", &inner);
    }
}

/// A file of `/etc` that is not on the list, world-readable: as root, the
/// control reads it; judged, in both modes, not AC.
#[test]
fn a_file_of_etc_not_on_the_list_is_out_of_reach() {
    if crate::common::skip_slow() {
        return;
    }
    if !is_root() {
        eprintln!("skipping: needs root to plant a file in /etc");
        return;
    }
    let path = PathBuf::from(format!("/etc/beatty-unlisted-{}", std::process::id()));
    let _planted = plant(&path);
    etc_secret_is_refused("etc-unlisted", &path);
}

/// Every program of `tests/allow/` is used by a test of this module.
#[test]
fn every_program_of_tests_allow_has_a_test() {
    let mut files: Vec<String> =
        std::fs::read_dir(Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/allow"))
            .expect("tests/allow")
            .flatten()
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
    files.sort_unstable();
    assert_eq!(files, ["ask_service.c", "meet.c"]);
}
