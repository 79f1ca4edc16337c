//! Phase "inside the box": what the run's own processes do before the
//! program's `exec`, as a list of named steps (after isolate's
//! `box_inside`).
//!
//! * Basic: the judge starts the program's process sharing its memory until
//!   `exec` (as `posix_spawn` does: no page table is copied). It joins the
//!   run's cgroup, takes the pipes as its standard streams, starts a new
//!   session, sets the resource limits, enters a user namespace of its own
//!   without root where the kernel gives one (so the process limit counts
//!   the run's processes only), drops to the run's user id as root, is
//!   confined ([`Inside::confine`]) and `exec`s the program.
//! * Strict: the judge starts *init* in new PID, mount, IPC and UTS
//!   namespaces (and a user namespace without root): PID 1 of the run. Init joins the cgroup, starts a session,
//!   sets the limits, maps its ids, enters the network namespace the judge
//!   lent it (as root; `netns.rs`; else a first process did, below), makes its mounts private, builds the run's fresh root (`root.rs`: the system
//!   read-only, the command's files, the run's tmpfs on `/tmp`, `/var/tmp`
//!   and `/dev/shm`, a fresh `/proc`) and pivots into it, detaching the
//!   host's tree, enters its working directory, drops to the run's user id
//!   and starts the program (PID 2, sharing init's memory until `exec`),
//!   which grants the file systems mounted here, is confined and `exec`s. Init then reaps
//!   every orphan of the namespace; when the program ends it sends the
//!   program's wait status to the judge and exits, and the kernel kills
//!   whatever is left in the namespace. The judge's `wait4` on init sees the
//!   program's resource usage (init reaped it).
//! * Strict with subordinate ids (without root): a first process, sharing
//!   the judge's memory until it ends, enters the judge's user namespace of
//!   those ids ([`Inside::outer`]) and the network namespace the judge lent
//!   it, starts init there, in the other namespaces (no user namespace of
//!   the run's own), as the judge's child (`CLONE_PARENT`), and ends; init
//!   then drops the program to the run's id as it does as root.
//! * Strict without root or subordinate ids: the same first process enters
//!   the judge's user namespace of its pool and the leased network
//!   namespace, and init's `clone` makes a user namespace of the run's own
//!   too (a child of that one), where init maps the judge's ids.
//!
//! Every process sets the parent-death signal after its last credential
//! change, so `kill -9` of the judge takes the whole run with it. A step that
//! fails writes its `errno` to the error pipe, which the judge reads until
//! the program's `exec` closes it.
//!
//! Everything here runs in a copy of the multi-threaded judge (or in its
//! memory), where only async-signal-safe calls are allowed: the steps use
//! only the functions of `sys.rs` so marked, on data made before the `clone`
//! ([`Inside`]), and allocate nothing.

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
    /// The run's user id (as root, or with subordinate ids).
    pub uid: u32,
    /// With subordinate ids (strict, without root): the judge's user
    /// namespace that maps them (`credentials.rs`), which the run's first
    /// process enters ([`Inside::outer`]) before it starts init; the run
    /// then drops to `uid` too. Without root or subordinate ids, the
    /// judge's user namespace of its pool of network namespaces
    /// (`netns.rs`), entered the same way, where init's `clone` makes the
    /// run's own user namespace ([`Inside::own_user`]). Negative: none (init
    /// maps the judge's ids itself).
    pub holder: RawFd,
    /// Init's `clone` makes a user namespace of the run's own (without root
    /// or subordinate ids), where init maps the judge's ids.
    pub own_user: bool,
    /// The namespaces [`Inside::outer`] starts init in.
    pub init_flags: libc::c_int,
    /// A pidfd of the judge (negative: none), checked after each setting of
    /// the parent-death signal ([`Inside::die_with_judge`]).
    pub judge: RawFd,
    /// `/proc/self/uid_map` and `gid_map` of a user namespace that maps the
    /// judge's ids to themselves (without root).
    pub uid_map: Vec<u8>,
    pub gid_map: Vec<u8>,
    /// The cgroup files to join (`tasks` or `cgroup.procs`, open for writing).
    pub join: Vec<RawFd>,
    /// `RLIMIT_FSIZE`.
    pub disk: u64,
    /// `RLIMIT_NOFILE`.
    pub files: u64,
    /// The CPU the run is bound to (an interactive run shares its caller's).
    pub cpu: Option<libc::cpu_set_t>,
    /// `RLIMIT_AS`, where no cgroup limits memory.
    pub address_space: Option<u64>,
    /// `RLIMIT_CPU`, whole seconds (a backstop; the judge watches the exact time).
    pub cpu_seconds: u64,
    /// `RLIMIT_NPROC` in the run's own user id or user namespace, and where a
    /// basic run shares its user's count.
    pub nproc: u64,
    pub nproc_shared: u64,
    /// The network namespace init enters (strict, from the judge's pool;
    /// with a holder [`Inside::outer`] enters it instead; negative: init's
    /// `clone` made a fresh one, see `netns.rs`).
    pub netns: RawFd,
    /// The fresh root (strict): where it is built and how.
    pub tree: Option<Tree>,
    /// The directories the program may write, granted after the mounts.
    pub writable: Vec<CString>,
    /// `/tmp/run`, the working directory in the run's tmpfs (strict).
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
    /// The pipe ends that become the program's standard input, output, error.
    pub streams: [RawFd; 3],
    /// The error pipe's write end (close-on-exec): `errno` of a failed step.
    pub error: RawFd,
    /// The status pipe's write end: init sends the program's wait status.
    pub status: RawFd,
    /// The program, its arguments (with its name first) and environment.
    pub program: CString,
    pub argv: sys::Argv,
    pub envp: sys::Argv,
    /// The working directory on the host (none with a private `/tmp`).
    pub workdir: Option<CString>,
}

/// The fresh root as init builds it: the plan of `root.rs` with every path
/// made a C string, prefixed with the base.
pub(crate) struct Tree {
    /// The host directory the root's tmpfs is mounted on.
    pub base: CString,
    /// That tmpfs's mount options.
    pub base_options: CString,
    /// The steps.
    pub ops: Vec<Op>,
    /// Where the fresh `/proc` is mounted (in the base).
    pub proc: CString,
}

/// One step of [`Tree`] (see `root::Op`).
pub(crate) enum Op {
    Dir(CString, libc::mode_t),
    File(CString),
    Link {
        target: CString,
        path: CString,
    },
    Bind {
        source: CString,
        path: CString,
        read_only: bool,
    },
    Tmpfs {
        path: CString,
        options: CString,
        read_only: bool,
    },
    Seal {
        at: CString,
        binds: Vec<CString>,
    },
    /// A copy of the detached tree `tree` (the judge's prepared `/etc`)
    /// attached at `path`.
    Attach {
        tree: RawFd,
        path: CString,
    },
}

type Step = std::io::Result<()>;

fn check(ok: bool) -> Step {
    if ok { Ok(()) } else { Err(sys::last_error()) }
}

impl Inside {
    /// Basic: the program's own process, started sharing the judge's memory.
    /// Returns (as an exit code) only when a step failed.
    pub fn basic(&self) -> i32 {
        let failed = self.basic_steps();
        self.fail(failed)
    }

    fn basic_steps(&self) -> Step {
        sys::reset_signals();
        self.join_cgroup()?;
        self.standard_streams()?;
        sys::new_session();
        self.set_limits();
        // Still root: the working directory may lie in a directory only the
        // judge can enter (a 0700 `$TMPDIR`).
        self.enter_workdir()?;
        self.basic_credentials()?;
        // The judge's thread is the parent: the program dies with it.
        self.die_with_judge()?;
        self.confine()?;
        self.exec()
    }

    /// Strict: init, PID 1 of the run's namespaces. Returns (as an exit
    /// code) only when a step failed; `program_stack` is for the program's
    /// process.
    pub fn init(&self, program_stack: &mut sys::Stack) -> i32 {
        let failed = self.init_steps(program_stack);
        self.fail(failed)
    }

    fn init_steps(&self, program_stack: &mut sys::Stack) -> Step {
        sys::reset_signals();
        self.join_cgroup()?;
        // No inherited descriptor reaches the program.
        sys::cloexec_from_3();
        sys::new_session();
        self.set_limits();
        check(self.root || self.map_ids())?;
        // A network namespace no other run holds now (entered by the outer
        // process where there is one).
        check(self.holder >= 0 || self.netns < 0 || sys::enter_netns(self.netns))?;
        // Init dies with the judge's thread (set after the user namespace,
        // a credential change that clears it).
        self.die_with_judge()?;
        // Init is a copy of the judge: its command line and environment,
        // which the program could read as /proc/1/cmdline, are blanked.
        self.own_strings.blank();
        if let Some(tree) = &self.tree {
            build_root(tree)?;
        }
        self.enter_private_workdir()?;
        self.drop_credentials(self.nproc)?;
        // Set again: the credential change cleared it.
        self.die_with_judge()?;
        // The program, PID 2 (so it behaves as a normal process: it can be
        // stopped, and `kill 0` or its parent's pid reach no one outside).
        let program = sys::start(0, sys::Start::Shared, program_stack, &mut || self.program())
            .ok_or_else(sys::last_error)?;
        // The program has exec'ed (or failed and said why): everything else
        // closed, the error pipe too, so the judge's read of it ends.
        sys::close_all_but(self.status);
        loop {
            match sys::wait_any() {
                Some((pid, st)) if pid == program => {
                    sys::write_fd(self.status, &st.to_ne_bytes());
                    sys::exit(0);
                }
                Some(_) => {}
                None => sys::exit(125),
            }
        }
    }

    /// Without root, a strict run's first process, sharing the judge's
    /// memory while the judge's thread waits for it to end (as
    /// `posix_spawn`'s child does): it enters the judge's user namespace
    /// `holder` and the network namespace the judge lent it, starts init
    /// there in the run's namespaces as the judge's own child
    /// (`CLONE_PARENT`: init dies with the judge's thread, which reaps it),
    /// writes init's pid to `init` (a negative `errno` where a step failed)
    /// and ends. Init inherits both namespaces; nothing of the run is left
    /// below this process.
    pub fn outer(
        &self,
        init_stack: &mut sys::Stack,
        program_stack: &mut sys::Stack,
        init: &mut i32,
    ) -> i32 {
        *init = match self.outer_steps(init_stack, program_stack) {
            Ok(pid) => pid,
            Err(e) => -e.raw_os_error().unwrap_or(libc::EINVAL),
        };
        0
    }

    fn outer_steps(
        &self,
        init_stack: &mut sys::Stack,
        program_stack: &mut sys::Stack,
    ) -> std::io::Result<i32> {
        // Every signal stays blocked: this process only starts init (which
        // resets them) and ends.
        check(sys::enter_user_namespace(self.holder))?;
        // The leased network namespace, owned by the holder: init inherits it.
        check(self.netns < 0 || sys::enter_netns(self.netns))?;
        let flags = self.init_flags | libc::CLONE_PARENT;
        sys::start(flags, sys::Start::Copy, init_stack, &mut || {
            self.init(program_stack)
        })
        .ok_or_else(sys::last_error)
    }

    /// The program's process in a strict run (PID 2): grants the file
    /// systems mounted here, then is confined and `exec`s. Returns (as an
    /// exit code) only when a step failed.
    fn program(&self) -> i32 {
        let failed = self.program_steps();
        self.fail(failed)
    }

    fn program_steps(&self) -> Step {
        sys::reset_signals();
        self.standard_streams()?;
        // Rules made before the mounts do not reach the file systems mounted
        // here.
        for d in &self.writable {
            check(sys::allow_beneath(self.ruleset, d, self.all_rights))?;
        }
        check(sys::allow_beneath(self.ruleset, c"/proc", self.read_rights))?;
        // Init is the parent; when it dies the namespace goes too.
        sys::die_with_parent();
        self.confine()?;
        self.exec()
    }

    /// The parent-death signal, then a check that the judge has not ended
    /// already (a process started just before the judge was killed would
    /// get no signal, and live on).
    fn die_with_judge(&self) -> Step {
        sys::die_with_parent();
        if sys::has_ended(self.judge) {
            sys::exit(137);
        }
        Ok(())
    }

    /// Tells the judge why the program could not start; the exit code.
    fn fail(&self, failed: Step) -> i32 {
        if failed.is_err() {
            sys::report_errno(self.error);
        }
        127
    }

    /// The pipes as standard input, output and error; every other
    /// descriptor closed at `exec`.
    fn standard_streams(&self) -> Step {
        for (from, to) in self.streams.into_iter().zip(0..) {
            check(sys::dup_to(from, to))?;
        }
        sys::cloexec_from_3();
        Ok(())
    }

    /// Into the run's cgroups first, while still root.
    fn join_cgroup(&self) -> Step {
        for &fd in &self.join {
            check(sys::write_fd(fd, b"0"))?;
        }
        Ok(())
    }

    fn set_limits(&self) {
        // Not a limit, but set with them, before anything else starts: an
        // interactive run on its caller's CPU (a failure only costs speed).
        if let Some(cpu) = &self.cpu {
            sys::pin_to(cpu);
        }
        sys::set_limit(libc::RLIMIT_CORE, 0, 0);
        sys::set_limit(libc::RLIMIT_NOFILE, self.files, self.files);
        sys::set_limit(libc::RLIMIT_FSIZE, self.disk, self.disk);
        if let Some(a) = self.address_space {
            sys::set_limit(libc::RLIMIT_AS, a, a);
        }
        // Saturating: RLIM_INFINITY (u64::MAX) is no limit.
        let hard = self.cpu_seconds.saturating_add(1);
        sys::set_limit(libc::RLIMIT_CPU, self.cpu_seconds, hard);
    }

    /// The process limit, then the run's user id of its own (for good).
    fn drop_credentials(&self, nproc: u64) -> Step {
        sys::set_limit(libc::RLIMIT_NPROC, nproc, nproc);
        check(!self.own_id() || sys::become_user(self.uid))
    }

    /// Whether the run drops to `uid`: as root, or with subordinate ids.
    fn own_id(&self) -> bool {
        self.root || (self.holder >= 0 && !self.own_user)
    }

    /// Maps the judge's ids to themselves in a new user namespace (with
    /// subordinate ids, init's namespaces lie in the judge's mapped one).
    fn map_ids(&self) -> bool {
        if self.holder >= 0 && !self.own_user {
            return true;
        }
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

    /// The working directory in the run's tmpfs, the run's own.
    fn enter_private_workdir(&self) -> Step {
        if let Some(w) = &self.private_workdir {
            check(sys::make_dir(w, 0o700))?;
            check(!self.own_id() || sys::chown(w, self.uid))?;
            check(sys::chdir(w))?;
        }
        Ok(())
    }

    /// `no_new_privs`, Landlock, the syscall filter: for good.
    fn confine(&self) -> Step {
        check(sys::confine(self.ruleset, self.filter))
    }

    /// Into the working directory on the host (if any), before the
    /// credentials drop; the program inherits it.
    fn enter_workdir(&self) -> Step {
        match &self.workdir {
            Some(w) => check(sys::chdir(w)),
            None => Ok(()),
        }
    }

    fn exec(&self) -> Step {
        sys::exec(&self.program, &self.argv, &self.envp);
        Err(sys::last_error())
    }
}

/// Builds the fresh root and pivots into it (see `root.rs`): private
/// propagation, the base's tmpfs, the steps (the seal among them makes the
/// base read-only), a fresh `/proc` (mounted while the host's is still in
/// view, as a user namespace requires), the pivot.
fn build_root(tree: &Tree) -> Step {
    // Nothing mounted in here propagates out.
    check(sys::mount(
        c"none",
        c"/",
        None,
        libc::MS_REC | libc::MS_PRIVATE,
        None,
    ))?;
    check(sys::mount(
        c"tmpfs",
        &tree.base,
        Some(c"tmpfs"),
        libc::MS_NOSUID | libc::MS_NODEV,
        Some(&tree.base_options),
    ))?;
    // Modes exactly as planned; the program gets init's mask back.
    let mask = sys::umask(0);
    let built = build_steps(tree);
    sys::umask(mask);
    built?;
    check(sys::mount(
        c"proc",
        &tree.proc,
        Some(c"proc"),
        libc::MS_NOSUID | libc::MS_NODEV | libc::MS_NOEXEC,
        None,
    ))?;
    check(sys::pivot_into(&tree.base))
}

/// The steps of the root's plan, in order.
fn build_steps(tree: &Tree) -> Step {
    for op in &tree.ops {
        check(match op {
            Op::Dir(d, mode) => sys::mkdir(d, *mode),
            Op::File(f) => sys::make_file(f),
            Op::Link { target, path } => sys::symlink(target, path),
            Op::Bind {
                source,
                path,
                read_only,
            } => {
                sys::mount(source, path, None, libc::MS_BIND | libc::MS_REC, None)
                    && (!read_only || sys::remount_read_only(path))
            }
            Op::Tmpfs {
                path,
                options,
                read_only,
            } => {
                let fixed = libc::MS_NOSUID | libc::MS_NODEV;
                let ro = libc::MS_RDONLY | libc::MS_NOEXEC;
                let flags = if *read_only { fixed | ro } else { fixed };
                sys::mount(c"tmpfs", path, Some(c"tmpfs"), flags, Some(options))
            }
            // One call where the kernel has it (5.12), else one remount a
            // bind and one for the base.
            Op::Seal { at, binds } => {
                sys::seal(at)
                    || (sys::last_errno() == libc::ENOSYS
                        && binds.iter().all(|b| sys::remount_read_only(b))
                        && sys::remount_read_only(at))
            }
            Op::Attach { tree, path } => sys::attach_copy(*tree, c"", libc::AT_FDCWD, path),
        })?;
    }
    Ok(())
}
