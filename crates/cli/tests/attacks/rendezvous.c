// Issue #37, attack 6: two runs judged at the same time (--jobs 2) talk. Each
// run waits up to 1.5 s for the other run's input, by every way at once:
// * a file /tmp/MARKER-PID holding its input, found by listing /tmp;
// * inotify on /tmp (the other's file appearing) and on the parent of its
//   working directory: every 10 ms a run opens its own working directory,
//   which a watch on the parent reports with the directory's name, so each
//   run learns where the other works;
// * Unix sockets: it listens on /tmp/MARKER-PID.sock and ./rendezvous.sock, and
//   connects to the other's (found by the listing or by inotify), sends its
//   input and reads the other's back; the one accepting does the reverse.
// The test adds `#define MARKER "NAME"` before this file. Prints the right
// answer of its own input (a wythoff position: 0 for a losing one) only if
// it learned the other run's input (a different one), else the wrong answer;
// one line on stderr says what each way gave.
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#ifndef MARKER
#error "define MARKER, the name of the shared files"
#endif

enum { BY_FILE, BY_INOTIFY, BY_SOCKET, WAYS };
static const char *way_names[WAYS] = {"file", "inotify", "socket"};
static char how[WAYS][512];
static char mine[128];
static int found;

static void note(int way, const char *fmt, const char *a, const char *b) {
    if (!how[way][0] || strncmp(how[way], "got ", 4) != 0)
        snprintf(how[way], sizeof how[way], fmt, a, b);
}

// Takes `got` as the other run's input if it is one (not ours).
static int take(int way, const char *got, const char *from) {
    if (!*got || strcmp(got, mine) == 0)
        return 0;
    char line[128];
    snprintf(line, sizeof line, "%s", got);
    line[strcspn(line, "\n")] = 0;
    snprintf(how[way], sizeof how[way], "got \"%s\" from %s", line, from);
    found = 1;
    return 1;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

// The address of the socket `path`; 0 if the path is too long.
static int address(struct sockaddr_un *a, const char *path) {
    size_t n = strlen(path);
    memset(a, 0, sizeof *a);
    a->sun_family = AF_UNIX;
    if (n >= sizeof a->sun_path)
        return 0;
    memcpy(a->sun_path, path, n + 1);
    return 1;
}

// Whether `name` is another run's input file in /tmp: MARKER-PID, PID not ours.
static int others_file(const char *name) {
    size_t m = strlen(MARKER);
    if (strncmp(name, MARKER "-", m + 1) != 0)
        return 0;
    const char *pid = name + m + 1;
    if (!*pid || strspn(pid, "0123456789") != strlen(pid))
        return 0;
    return atol(pid) != (long)getpid();
}

static void read_file(int way, const char *name) {
    char path[512], got[128] = "";
    snprintf(path, sizeof path, "/tmp/%s", name);
    FILE *f = fopen(path, "r");
    if (!f)
        return;
    size_t n = fread(got, 1, sizeof got - 1, f);
    fclose(f);
    got[n] = 0;
    take(way, got, path);
}

// Connects to the socket `path`, sends our input and reads the other's. A
// path too long for a socket address is reached through a descriptor of its
// directory (/proc/self/fd/N/NAME).
static void talk_to(int way, const char *path) {
    struct sockaddr_un a;
    char short_path[128];
    int dir_fd = -1;
    const char *slash = strrchr(path, '/');
    if (strlen(path) >= sizeof a.sun_path && slash) {
        char dir[4096];
        snprintf(dir, sizeof dir, "%.*s", (int)(slash - path), path);
        dir_fd = open(dir, O_PATH | O_DIRECTORY);
        snprintf(short_path, sizeof short_path, "/proc/self/fd/%d/%s", dir_fd, slash + 1);
        path = short_path;
    }
    int c = socket(AF_UNIX, SOCK_STREAM, 0);
    if (c < 0) {
        note(BY_SOCKET, "socket: %s%s", strerror(errno), "");
        if (dir_fd >= 0)
            close(dir_fd);
        return;
    }
    if (address(&a, path) && connect(c, (struct sockaddr *)&a, sizeof a) == 0 &&
        write(c, mine, strlen(mine)) > 0) {
        struct pollfd p = {.fd = c, .events = POLLIN};
        char got[128] = "";
        ssize_t r = poll(&p, 1, 200) == 1 ? read(c, got, sizeof got - 1) : 0;
        if (r > 0) {
            got[r] = 0;
            take(way, got, path);
        }
    }
    close(c);
    if (dir_fd >= 0)
        close(dir_fd);
}

// Listens on `path`; -1 if it cannot.
static int listen_on(const char *path) {
    struct sockaddr_un a;
    int s = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
    if (s < 0) {
        note(BY_SOCKET, "socket: %s%s", strerror(errno), "");
        return -1;
    }
    if (!address(&a, path) || bind(s, (struct sockaddr *)&a, sizeof a) < 0 || listen(s, 8) < 0) {
        note(BY_SOCKET, "bind %s: %s", path, strerror(errno));
        close(s);
        return -1;
    }
    return s;
}

// Answers one connection on `s`: reads the other's input, sends ours.
static void answer(int s) {
    int c = accept(s, NULL, NULL);
    if (c < 0)
        return;
    struct pollfd p = {.fd = c, .events = POLLIN};
    char got[128] = "";
    ssize_t r = poll(&p, 1, 200) == 1 ? read(c, got, sizeof got - 1) : 0;
    if (r > 0) {
        got[r] = 0;
        (void)!write(c, mine, strlen(mine));
        take(BY_SOCKET, got, "a connection");
    }
    close(c);
}

int main(void) {
    // A peer that gave up before we answer must not kill us.
    signal(SIGPIPE, SIG_IGN);
    size_t n = fread(mine, 1, sizeof mine - 1, stdin);
    mine[n] = 0;
    long a = 0, b = 0;
    sscanf(mine, "%ld %ld", &a, &b);
    if (a > b) {
        long t = a;
        a = b;
        b = t;
    }
    long k = b - a, s = 0;
    while ((s + 1) * (s + 1) <= 5 * k * k)
        s++;
    int right = (k + s) / 2 == a ? 0 : 1;
    for (int w = 0; w < WAYS; w++)
        strcpy(how[w], "nothing");

    char cwd[4096] = ".", parent[4096] = "/", own[256] = "";
    if (getcwd(cwd, sizeof cwd)) {
        snprintf(parent, sizeof parent, "%s", cwd);
        dirname(parent);
        char base[4096];
        snprintf(base, sizeof base, "%s", cwd);
        snprintf(own, sizeof own, "%s", basename(base));
    }
    // inotify on /tmp and on the parent of the working directory.
    int in = inotify_init1(IN_NONBLOCK), wd_tmp = -1, wd_parent = -1;
    uint32_t events = IN_CREATE | IN_OPEN | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVED_TO;
    if (in < 0) {
        note(BY_INOTIFY, "inotify_init1: %s%s", strerror(errno), "");
    } else {
        wd_tmp = inotify_add_watch(in, "/tmp", events);
        if (wd_tmp < 0)
            note(BY_INOTIFY, "inotify_add_watch /tmp: %s%s", strerror(errno), "");
        if (strcmp(parent, "/tmp") != 0) {
            wd_parent = inotify_add_watch(in, parent, events);
            if (wd_parent < 0)
                note(BY_INOTIFY, "inotify_add_watch %s: %s", parent, strerror(errno));
        }
    }
    // Our sockets, and our file (whole before it has its name).
    char path[256], part[300];
    snprintf(path, sizeof path, "/tmp/%s-%ld.sock", MARKER, (long)getpid());
    int ls[2] = {listen_on(path), listen_on("rendezvous.sock")};
    snprintf(path, sizeof path, "/tmp/%s-%ld", MARKER, (long)getpid());
    snprintf(part, sizeof part, "%s.part", path);
    FILE *f = fopen(part, "w");
    if (!f || fputs(mine, f) < 0 || fclose(f) != 0 || rename(part, path) != 0)
        note(BY_FILE, "write %s: %s", path, strerror(errno));

    char siblings[16][256];
    int nsiblings = 0;
    double end = now() + 1.5;
    while (!found && now() < end) {
        // Tell the parent's watchers where we work.
        int d = open(".", O_RDONLY | O_DIRECTORY);
        if (d >= 0)
            close(d);
        // inotify: the other's file in /tmp, the other's working directory.
        if (in >= 0) {
            char buf[8192] __attribute__((aligned(8)));
            ssize_t len = read(in, buf, sizeof buf);
            for (char *p = buf; len > 0 && p < buf + len;) {
                struct inotify_event *e = (struct inotify_event *)p;
                p += sizeof *e + e->len;
                if (!e->len)
                    continue;
                if (e->wd == wd_tmp && others_file(e->name))
                    read_file(BY_INOTIFY, e->name);
                if (e->wd == wd_parent && (e->mask & IN_ISDIR) && strcmp(e->name, own) != 0) {
                    int known = 0;
                    for (int i = 0; i < nsiblings; i++)
                        known |= strcmp(siblings[i], e->name) == 0;
                    if (!known && nsiblings < 16) {
                        snprintf(siblings[nsiblings++], sizeof siblings[0], "%s", e->name);
                        note(BY_INOTIFY, "saw the directory %s/%s", parent, e->name);
                    }
                }
            }
        }
        for (int i = 0; i < nsiblings && !found; i++) {
            char theirs[4608];
            snprintf(theirs, sizeof theirs, "%s/%s/rendezvous.sock", parent, siblings[i]);
            talk_to(BY_SOCKET, theirs);
        }
        // The listing of /tmp: the other's file and socket.
        DIR *dir = opendir("/tmp");
        struct dirent *e;
        while (dir && !found && (e = readdir(dir))) {
            if (others_file(e->d_name)) {
                read_file(BY_FILE, e->d_name);
                char theirs[512];
                snprintf(theirs, sizeof theirs, "/tmp/%s.sock", e->d_name);
                talk_to(BY_SOCKET, theirs);
            }
        }
        if (dir)
            closedir(dir);
        else
            note(BY_FILE, "opendir /tmp: %s%s", strerror(errno), "");
        // Someone sent us their input.
        for (int i = 0; i < 2; i++)
            if (ls[i] >= 0)
                answer(ls[i]);
        if (!found)
            usleep(10000);
    }
    for (int w = 0; w < WAYS; w++)
        fprintf(stderr, "%s%s: %s", w ? "; " : "", way_names[w], how[w]);
    fputc('\n', stderr);
    printf("%d\n", found ? right : 1 - right);
    return 0;
}
