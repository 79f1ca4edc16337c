//! Phase "inside the box": what the run's own processes do between `fork`
//! and `exec`, as a list of named steps (after isolate's `box_inside`).
//!
//! The judge forks a *keeper*. In both modes the keeper joins the run's
//! cgroup, closes every inherited descriptor, starts a new session and sets
//! the resource limits:
//!
//! * basic: the keeper becomes the program. Without root it first enters a
//!   user namespace of its own where the kernel gives one (so the process
//!   limit counts the run's processes only), drops to the run's user id as
//!   root, and is confined ([`Inside::confine`]);
//! * strict: the keeper enters new PID, mount, IPC and UTS namespaces
//!   (through a user namespace without root), makes its mounts private, hides
//!   the test data, mounts the run's tmpfs over `/tmp`, `/var/tmp` and
//!   `/dev/shm`, enters its working directory and forks *init* (PID 1 of the
//!   namespace). Init mounts the namespace's `/proc`, drops to the run's user
//!   id, forks the program (PID 2), reaps every orphan of the namespace and,
//!   when the program ends, sends its wait status to the keeper and exits,
//!   which kills whatever is left in the namespace. The keeper reaps init and
//!   exits as the program did, so the judge's `wait4` sees the program's
//!   status and (through init's reaped children) its resource usage.
//!
//! Every process sets the parent-death signal after its last credential
//! change, so `kill -9` of the judge takes the whole run with it.
//!
//! Everything here runs in a copy of the multi-threaded judge, where only
//! async-signal-safe calls are allowed: the steps use only the functions of
//! `sys.rs` so marked, on data made before the fork ([`Inside`]), and
//! allocate nothing.

use crate::sys;
use seccompiler::BpfProgram;
use std::ffi::CString;
use std::os::fd::RawFd;

/// Everything the steps need, made in the judge before the fork.
pub(crate) struct Inside {
    /// Namespaces, a tmpfs, init (strict), or none (basic).
    pub strict: bool,
    /// The judge is root: the run drops to `uid`.
    pub root: bool,
    /// The run's user id (as root).
    pub uid: u32,
    /// The namespaces of strict isolation (`CLONE_NEW*`).
    pub namespaces: libc::c_int,
    /// `/proc/self/uid_map` and `gid_map` of a user namespace that maps the
    /// judge's ids to themselves (without root).
    pub uid_map: Vec<u8>,
    pub gid_map: Vec<u8>,
    /// The cgroup files to join (`tasks` or `cgroup.procs`, open for writing).
    pub join: Vec<RawFd>,
    /// `RLIMIT_FSIZE`.
    pub disk: u64,
    /// `RLIMIT_AS`, where no cgroup limits memory.
    pub address_space: Option<u64>,
    /// `RLIMIT_CPU`, whole seconds (a backstop; the judge watches the exact time).
    pub cpu_seconds: u64,
    /// `RLIMIT_NPROC` in the run's own user id or user namespace, and where a
    /// basic run shares its user's count.
    pub nproc: u64,
    pub nproc_shared: u64,
    /// Directories covered by an empty read-only tmpfs.
    pub hide: Vec<CString>,
    /// Directories covered by the run's tmpfs (mounted on the first, the
    /// others bound from `bound`).
    pub covered: Vec<CString>,
    pub bound: Vec<CString>,
    /// The tmpfs's mount options (size, inodes, mode).
    pub tmpfs_options: CString,
    /// `/tmp/run`, the working directory in a private `/tmp`.
    pub private_workdir: Option<CString>,
    /// The Landlock ruleset (negative: none).
    pub ruleset: RawFd,
    /// The rights granted beneath the run's own file systems.
    pub all_rights: u64,
    pub read_rights: u64,
    /// The syscall filter.
    pub filter: Option<&'static BpfProgram>,
    /// The judge's argument and environment strings, blanked in init.
    pub own_strings: sys::OwnStrings,
}

type Step = std::io::Result<()>;

fn check(ok: bool) -> Step {
    if ok { Ok(()) } else { Err(sys::last_error()) }
}

impl Inside {
    /// The keeper's steps (the `pre_exec` hook): returns `Ok` in the process
    /// that goes on to `exec` the program; the keeper of a strict run never
    /// returns.
    pub fn keeper(&self) -> Step {
        self.join_cgroup()?;
        // No inherited descriptor reaches the program.
        sys::cloexec_from_3();
        sys::new_session();
        self.set_limits();
        if !self.strict {
            self.basic_credentials()?;
            // The judge's thread is the parent: the program dies with it.
            sys::die_with_parent();
            return self.confine();
        }
        self.enter_namespaces()?;
        self.private_mounts()?;
        self.start_init()
    }

    /// Into the run's cgroups first, while still root.
    fn join_cgroup(&self) -> Step {
        for &fd in &self.join {
            check(sys::write_fd(fd, b"0"))?;
        }
        Ok(())
    }

    fn set_limits(&self) {
        sys::set_limit(libc::RLIMIT_CORE, 0, 0);
        sys::set_limit(libc::RLIMIT_FSIZE, self.disk, self.disk);
        if let Some(a) = self.address_space {
            sys::set_limit(libc::RLIMIT_AS, a, a);
        }
        sys::set_limit(libc::RLIMIT_CPU, self.cpu_seconds, self.cpu_seconds + 1);
    }

    /// The process limit, then the run's user id as root (for good).
    fn drop_credentials(&self, nproc: u64) -> Step {
        sys::set_limit(libc::RLIMIT_NPROC, nproc, nproc);
        check(!self.root || sys::become_user(self.uid))
    }

    /// Maps the judge's ids to themselves in a new user namespace.
    fn map_ids(&self) -> bool {
        sys::write_file(c"/proc/self/setgroups", b"deny")
            && sys::write_file(c"/proc/self/uid_map", &self.uid_map)
            && sys::write_file(c"/proc/self/gid_map", &self.gid_map)
    }

    /// Basic: without root, a user namespace of its own gives the run its own
    /// process count; where the kernel refuses one, the user's count.
    fn basic_credentials(&self) -> Step {
        let own_count = self.root || (sys::unshare(libc::CLONE_NEWUSER) && self.map_ids());
        self.drop_credentials(if own_count {
            self.nproc
        } else {
            self.nproc_shared
        })
    }

    fn enter_namespaces(&self) -> Step {
        check(sys::unshare(self.namespaces))?;
        check(self.root || self.map_ids())?;
        // The keeper dies with the judge's thread (set after the user
        // namespace, a credential change that clears it).
        sys::die_with_parent();
        Ok(())
    }

    /// Private propagation, the hidden test data, the run's tmpfs and its
    /// binds, the working directory.
    fn private_mounts(&self) -> Step {
        // Nothing mounted in here propagates out.
        check(sys::mount(
            c"none",
            c"/",
            None,
            libc::MS_REC | libc::MS_PRIVATE,
            None,
        ))?;
        for d in &self.hide {
            check(sys::mount(
                c"none",
                d,
                Some(c"tmpfs"),
                libc::MS_RDONLY | libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
                Some(c"size=4k,mode=0555"),
            ))?;
        }
        if let Some(first) = self.covered.first() {
            check(sys::mount(
                c"none",
                first,
                Some(c"tmpfs"),
                libc::MS_NOSUID | libc::MS_NODEV,
                Some(&self.tmpfs_options),
            ))?;
        }
        for (d, src) in self.covered.iter().skip(1).zip(&self.bound) {
            check(sys::make_dir(src, 0o1777))?;
            check(sys::mount(src, d, None, libc::MS_BIND, None))?;
        }
        if let Some(w) = &self.private_workdir {
            check(sys::make_dir(w, 0o700))?;
            check(!self.root || sys::chown(w, self.uid))?;
            check(sys::chdir(w))?;
        }
        Ok(())
    }

    /// Forks init and waits for the program's status from it; exits as the
    /// program did.
    fn start_init(&self) -> Step {
        let (read_end, write_end) = sys::pipe().ok_or_else(sys::last_error)?;
        let init = sys::fork_in_child().ok_or_else(sys::last_error)?;
        if init == 0 {
            return self.init(read_end, write_end);
        }
        sys::close_all_but(read_end);
        let status = sys::read_status(read_end);
        // Reap init (its exit tears the namespace down) so that the
        // program's resource usage reaches the judge through the keeper's.
        sys::wait_for(init);
        match status {
            Some(st) => sys::exit_as(st),
            None => sys::exit(125),
        }
    }

    /// Init: PID 1 of the namespace.
    fn init(&self, read_end: RawFd, write_end: RawFd) -> Step {
        sys::die_with_parent();
        // Init is a copy of the judge: its command line and environment,
        // which the program could read as /proc/1/cmdline, are blanked.
        self.own_strings.blank();
        check(sys::mount(
            c"proc",
            c"/proc",
            Some(c"proc"),
            libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
            None,
        ))?;
        self.drop_credentials(self.nproc)?;
        // Set again: the credential change cleared it.
        sys::die_with_parent();
        let Some(program) = sys::fork_in_child() else {
            sys::exit(125)
        };
        if program == 0 {
            sys::close(read_end);
            sys::close(write_end);
            return self.program();
        }
        // Everything else closed, the spawn's error pipe too: `spawn`
        // returns as soon as the program has exec'ed.
        sys::close_all_but(write_end);
        loop {
            match sys::wait_any() {
                Some((pid, st)) if pid == program => {
                    sys::write_fd(write_end, &st.to_ne_bytes());
                    sys::exit(0);
                }
                Some(_) => {}
                None => sys::exit(125),
            }
        }
    }

    /// The program's process in a strict run (PID 2): grants the file
    /// systems mounted here, then is confined.
    fn program(&self) -> Step {
        // Rules made before the mounts do not reach the file systems mounted
        // here.
        for d in &self.covered {
            check(sys::allow_beneath(self.ruleset, d, self.all_rights))?;
        }
        check(sys::allow_beneath(self.ruleset, c"/proc", self.read_rights))?;
        // Init is the parent; when it dies the namespace goes too.
        sys::die_with_parent();
        self.confine()
    }

    /// `no_new_privs`, Landlock, the syscall filter: for good.
    fn confine(&self) -> Step {
        check(sys::confine(self.ruleset, self.filter))
    }
}
