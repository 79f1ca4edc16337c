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
#define _GNU_SOURCE
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char stack[1 << 16];
static int netns = -1;

static int child(void *arg) {
    (void)arg;
    if (netns >= 0 && setns(netns, CLONE_NEWNET) != 0)
        return 1;
    return 0;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e6 + t.tv_nsec / 1e3;
}

static void way(const char *name, int flags, int n) {
    double in_clone = 0, in_wait = 0;
    for (int i = 0; i < n; i++) {
        double a = now();
        int pid = clone(child, stack + sizeof stack, flags | SIGCHLD, NULL);
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

int main(int argc, char **argv) {
    int n = argc > 1 ? atoi(argv[1]) : 2000;
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
