//! `judge testset` writes a whole test set or nothing: it builds the set in a
//! temporary directory beside `--out` and renames it into place. It shares
//! the overwrite policy of `judge package` (issue 23): an existing non-empty
//! `--out` is replaced only with `--force`, a missing parent is refused, and
//! on a full disk it fails naming the path and leaves nothing behind.

use std::path::Path;
use std::process::{Command, Output};

fn testset(out: &Path, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_judge"))
        .args(["testset", "wythoff", "--seed", "4", "--out"])
        .arg(out)
        .args(extra)
        .output()
        .expect("run judge")
}

fn names(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .expect("read_dir")
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn an_existing_test_set_is_replaced_only_with_force() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("set");
    assert!(testset(&out, &[]).status.success());
    let first = names(&out);
    assert_eq!(first.len(), 14, "{first:?}");
    // Again into the same directory: refused without --force, untouched.
    std::fs::write(out.join("01-sample.in"), "changed\n").expect("write");
    let o = testset(&out, &[]);
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.starts_with("judge: error: "), "{err}");
    assert!(err.contains(&*out.to_string_lossy()), "{err}");
    assert!(err.contains("use --force to replace it"), "{err}");
    assert_eq!(
        std::fs::read(out.join("01-sample.in")).expect("read"),
        b"changed\n"
    );
    // With --force: replaced, nothing else beside it.
    assert!(testset(&out, &["--force"]).status.success());
    assert_eq!(names(&out), first);
    assert_eq!(
        std::fs::read(out.join("01-sample.in")).expect("read"),
        b"2 1\n8 4\n4 7\n"
    );
    assert_eq!(names(tmp.path()), ["set"]);
    // An empty directory is used as it is.
    let empty = tmp.path().join("empty");
    std::fs::create_dir(&empty).expect("mkdir");
    assert!(testset(&empty, &[]).status.success());
    assert_eq!(names(&empty), first);
}

#[test]
fn a_missing_parent_is_refused_as_by_package() {
    let tmp = tempfile::tempdir().expect("tempdir");
    for cmd in ["testset", "package"] {
        let o = Command::new(env!("CARGO_BIN_EXE_judge"))
            .args([cmd, "bash", "--out"])
            .arg(tmp.path().join("no/such/set"))
            .output()
            .expect("run judge");
        assert_eq!(o.status.code(), Some(3), "{cmd}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("/no/such does not exist"), "{cmd}: {err}");
        assert!(err.contains("mkdir -p"), "{cmd}: {err}");
        assert!(names(tmp.path()).is_empty(), "{cmd}");
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_leaves_nothing_behind() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let disk = tmp.path().join("disk");
    std::fs::create_dir(&disk).expect("mkdir");
    // A 64 KiB file system: the max test alone is larger. Mounting needs root;
    // CI runs as root, so there this test always runs.
    let mounted = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=64k", "tmpfs"])
        .arg(&disk)
        .status()
        .is_ok_and(|s| s.success());
    if !mounted {
        eprintln!("skipped: cannot mount a small tmpfs (needs root)");
        return;
    }
    let o = testset(&disk.join("set"), &[]);
    let left = names(&disk);
    let _ = Command::new("umount").arg(&disk).status();
    assert_eq!(o.status.code(), Some(3));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("No space left on device"), "{err}");
    assert!(err.contains(&*disk.to_string_lossy()), "{err}");
    assert!(left.is_empty(), "left behind: {left:?}");
}
