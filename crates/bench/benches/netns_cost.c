// What a network namespace costs a run, as the judge's init is started:
// clone() of a child that exits at once, with the strict run's namespace
// flags (PID, mount, IPC, UTS), then waitpid; N times each way:
//   plain   fork-like clone, no namespace
//   strict  the strict run's flags
//   newnet  the strict run's flags and CLONE_NEWNET (a namespace per run)
//   setns   the strict run's flags, the child entering a namespace made
//           once (the judge's pool) with setns
// Prints, per way, the mean time in clone() and in waitpid() per child, in
// microseconds. As root (the namespaces need it).
//   cc -O2 -o netns_cost crates/bench/benches/netns_cost.c
//   chrt -f 50 ./netns_cost 2000
// Without root (`setpriv --reuid=65534 --regid=65534 --clear-groups`, after
// `chrt -f 50`) the ways are those of a judge without root:
//   user    the strict run's flags and CLONE_NEWUSER, the child mapping its
//           ids (init today without a pool, or any: plain + the user ns)
//   newnet  user's, and CLONE_NEWNET (a namespace per run)
//   outer   a first process that enters a user namespace made once (mapping
//           the judge's ids) and a network namespace made in it (a pool
//           without root), then clones init with user's flags and waits
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char stack[1 << 16];
static char inner_stack[1 << 16];
static int netns = -1;
static int holder = -1;
static int map_ids = 0;
static char uid_map[64], gid_map[64];

static int write_file(const char *path, const char *text) {
    int fd = open(path, O_WRONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int n = (int)strlen(text);
    int ok = write(fd, text, n) == n;
    close(fd);
    return ok ? 0 : -1;
}

static int child(void *arg) {
    (void)arg;
    if (map_ids && (write_file("/proc/self/setgroups", "deny") || write_file("/proc/self/uid_map", uid_map) ||
                    write_file("/proc/self/gid_map", gid_map)))
        return 2;
    if (netns >= 0 && holder < 0 && setns(netns, CLONE_NEWNET) != 0)
        return 1;
    return 0;
}

static int inner_flags;

// The first process of the pool without root: into the holder and the
// network namespace, then init in a user namespace of its own.
static int outer(void *arg) {
    (void)arg;
    if (setns(holder, CLONE_NEWUSER) != 0 || setns(netns, CLONE_NEWNET) != 0)
        return 3;
    int pid = clone(child, inner_stack + sizeof inner_stack, inner_flags | SIGCHLD, NULL);
    if (pid < 0)
        return 4;
    int st;
    if (waitpid(pid, &st, 0) != pid)
        return 5;
    return WIFEXITED(st) ? WEXITSTATUS(st) : 6;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void way_of(const char *name, int (*fn)(void *), int flags, int n) {
    double in_clone = 0, in_wait = 0;
    for (int i = 0; i < n; i++) {
        double a = now();
        int pid = clone(fn, stack + sizeof stack, flags | SIGCHLD, NULL);
        if (pid < 0) {
            perror("clone");
            exit(1);
        }
        double b = now();
        int st;
        waitpid(pid, &st, 0);
        if (st != 0) {
            fprintf(stderr, "%s: the child failed\n", name);
            exit(1);
        }
        in_clone += b - a;
        in_wait += now() - b;
    }
    printf("%-7s clone %7.1f us  wait %7.1f us  total %7.1f us\n", name, in_clone / n,
           in_wait / n, (in_clone + in_wait) / n);
}

static void way(const char *name, int flags, int n) { way_of(name, child, flags, n); }

// Without root: the user namespace a judge makes once (a helper that
// unshares it and maps its own ids), a network namespace made in it.
static void unprivileged(int n) {
    int strict = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS;
    snprintf(uid_map, sizeof uid_map, "%d %d 1", (int)getuid(), (int)getuid());
    snprintf(gid_map, sizeof gid_map, "%d %d 1", (int)getgid(), (int)getgid());
    way("plain", 0, n);
    map_ids = 1;
    way("user", strict | CLONE_NEWUSER, n);
    way("newnet", strict | CLONE_NEWUSER | CLONE_NEWNET, n);
    int ready[2], done[2];
    if (pipe(ready) || pipe(done))
        exit(1);
    int helper = fork();
    if (helper == 0) {
        char c = 0;
        if (unshare(CLONE_NEWUSER) || write_file("/proc/self/setgroups", "deny") ||
            write_file("/proc/self/uid_map", uid_map) || write_file("/proc/self/gid_map", gid_map) ||
            unshare(CLONE_NEWNET))
            c = 1;
        if (write(ready[1], &c, 1) != 1 || read(done[0], &c, 1) < 0)
            _exit(1);
        _exit(0);
    }
    char c;
    if (read(ready[0], &c, 1) != 1 || c != 0) {
        fprintf(stderr, "the helper failed\n");
        exit(1);
    }
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/ns/user", helper);
    holder = open(path, O_RDONLY | O_CLOEXEC);
    snprintf(path, sizeof path, "/proc/%d/ns/net", helper);
    netns = open(path, O_RDONLY | O_CLOEXEC);
    if (write(done[1], "", 1) != 1 || waitpid(helper, NULL, 0) != helper || holder < 0 || netns < 0) {
        fprintf(stderr, "the namespaces\n");
        exit(1);
    }
    inner_flags = strict | CLONE_NEWUSER;
    way_of("outer", outer, 0, n);
}

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000;
    if (geteuid() != 0) {
        unprivileged(n);
        return 0;
    }
    int strict = CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS;
    way("plain", 0, n);
    way("strict", strict, n);
    way("newnet", strict | CLONE_NEWNET, n);
    if (unshare(CLONE_NEWNET) != 0) {
        perror("unshare");
        return 1;
    }
    netns = open("/proc/self/ns/net", O_RDONLY | O_CLOEXEC);
    way("setns", strict, n);
    return 0;
}
