/* Issue #44, class 6: memory held outside the run's accounts. Under
 * `--memory-limit 64`, 200 MiB are held through a kernel object that no
 * mapping needs to hold (so resident memory stays small): pipes holding
 * references (`vmsplice`) to one page of each of 16 transparent huge pages,
 * which the program then unmaps: each page keeps its whole 2 MiB huge page
 * (7 pipes: 224 MiB, as a memory cgroup counts it, where the judge without
 * one charges a pipe 64 KiB); else a memfd written with write(2); else
 * System V shared memory attached, touched and detached. The program prints
 * the right answer (0 for `1 2`) only when one route held 200 MiB (huge
 * pages: that many were made and spliced; the others: read back), with its
 * resident memory below 64 MiB; else 1. */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/shm.h>
#include <sys/uio.h>
#include <unistd.h>

#define MIB (1L << 20)
#define HELD (200 * MIB)

static char chunk[MIB];

/* Resident memory of this process, in bytes. */
static long resident(void) {
    long pages = 0, rss = 0;
    FILE *f = fopen("/proc/self/statm", "r");
    if (f && fscanf(f, "%ld %ld", &pages, &rss) != 2) rss = 0;
    if (f) fclose(f);
    return rss * sysconf(_SC_PAGESIZE);
}

/* Bytes of transparent huge pages this process maps. */
static long huge(void) {
    char key[64];
    long kib = 0, v;
    FILE *f = fopen("/proc/self/smaps_rollup", "r");
    char line[256];
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "%63s %ld", key, &v) == 2 && strcmp(key, "AnonHugePages:") == 0) kib = v;
    if (f) fclose(f);
    return kib * 1024;
}

static int by_vmsplice(void) {
    const long hp = 2 * MIB;
    long held = 0;
    /* One pipe at a time: 16 aligned huge pages mapped and touched (32 MiB
     * resident), one page of each spliced, then all unmapped. */
    for (int p = 0; p < 7; p++) {
        int fd[2];
        if (pipe(fd) != 0) return perror("pipe"), 0;
        char *m = mmap(NULL, 17 * hp, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
        if (m == MAP_FAILED) return perror("mmap"), 0;
        char *a = (char *)(((unsigned long)m + hp - 1) & ~(hp - 1));
        madvise(a, 16 * hp, MADV_HUGEPAGE);
        for (long i = 0; i < 16 * hp; i += 4096) a[i] = 1;
        long made = huge();
        int spliced = 0;
        for (int s = 0; s < 16; s++) {
            struct iovec v = {.iov_base = a + s * hp, .iov_len = 4096};
            spliced += vmsplice(fd[1], &v, 1, 0) == 4096;
        }
        munmap(m, 17 * hp);
        if (spliced < 16) return perror("vmsplice"), 0;
        held += made;
    }
    fprintf(stderr, "huge pages spliced: %ld MiB\n", held / MIB);
    return held >= HELD;
}

static int by_memfd(void) {
    int fd = memfd_create("held", 0);
    if (fd < 0) return perror("memfd_create"), 0;
    for (long i = 0; i < HELD / MIB; i++) {
        memset(chunk, (int)(i & 0x7f) + 1, MIB);
        if (write(fd, chunk, MIB) != MIB) return perror("write"), 0;
    }
    for (long i = 0; i < HELD / MIB; i++) {
        if (pread(fd, chunk, MIB, i * MIB) != MIB || chunk[MIB - 1] != (char)((i & 0x7f) + 1))
            return 0;
    }
    return 1; /* the descriptor stays open: the memory stays held */
}

static int shm = -1;

static int by_shm(void) {
    int id = shm = shmget(IPC_PRIVATE, HELD, IPC_CREAT | 0600);
    if (id < 0) return perror("shmget"), 0;
    char *p = shmat(id, NULL, 0);
    if (p == (void *)-1) return perror("shmat"), 0;
    for (long i = 0; i < HELD; i += 4096) p[i] = 1;
    shmdt(p);
    p = shmat(id, NULL, SHM_RDONLY);
    int ok = p != (void *)-1 && p[HELD - 4096] == 1;
    if (ok) shmdt(p);
    return ok; /* detached, not removed: held */
}

int main(void) {
    int held = by_vmsplice() || by_memfd() || by_shm();
    long rss = resident();
    fprintf(stderr, "held %d, resident %ld MiB\n", held, rss / MIB);
    if (shm >= 0) shmctl(shm, IPC_RMID, NULL);
    fputs(held && rss < 64 * MIB ? "0\n" : "1\n", stdout);
    return 0;
}
