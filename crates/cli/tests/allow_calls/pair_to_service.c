/* Issue #44, class 1: a socket pair reaches a named socket of the host.
 * `socket()` is refused, but a datagram socket pair's end can `sendto` (or
 * `connect` to, then `sendmsg`) a named datagram socket, here SERVICE, and
 * hand it, with SCM_RIGHTS, one end of a second pair, on which the service
 * writes the answer. `pair_to_service serve` is that service (the test's).
 * The attack prints the right answer (0 for the test `1 2`) only when the
 * service answered; else 1. */
#define _GNU_SOURCE
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/socket.h>
#include <sys/un.h>

static struct sockaddr_un service(void) {
    struct sockaddr_un a = {.sun_family = AF_UNIX};
    strncpy(a.sun_path, SERVICE, sizeof a.sun_path - 1);
    return a;
}

/* Sends `fd` over `via` (to `to`, or to its peer when `to` is null). */
static int hand(int via, const struct sockaddr_un *to, int fd) {
    char byte = '?';
    struct iovec iov = {.iov_base = &byte, .iov_len = 1};
    union { struct cmsghdr h; char b[CMSG_SPACE(sizeof(int))]; } c;
    memset(&c, 0, sizeof c);
    struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1,
                       .msg_control = c.b, .msg_controllen = sizeof c.b};
    if (to) {
        m.msg_name = (void *)to;
        m.msg_namelen = sizeof *to;
    }
    struct cmsghdr *h = CMSG_FIRSTHDR(&m);
    h->cmsg_level = SOL_SOCKET;
    h->cmsg_type = SCM_RIGHTS;
    h->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(h), &fd, sizeof fd);
    return sendmsg(via, &m, 0) == 1 ? 0 : -1;
}

static int serve(void) {
    struct sockaddr_un a = service();
    unlink(a.sun_path);
    int s = socket(AF_UNIX, SOCK_DGRAM, 0);
    if (s < 0 || bind(s, (struct sockaddr *)&a, sizeof a) != 0) return perror("serve"), 2;
    printf("ready\n");
    fflush(stdout);
    for (;;) {
        char byte;
        struct iovec iov = {.iov_base = &byte, .iov_len = 1};
        union { struct cmsghdr h; char b[CMSG_SPACE(sizeof(int))]; } c;
        struct msghdr m = {.msg_iov = &iov, .msg_iovlen = 1,
                           .msg_control = c.b, .msg_controllen = sizeof c.b};
        if (recvmsg(s, &m, 0) < 0) continue;
        struct cmsghdr *h = CMSG_FIRSTHDR(&m);
        if (h && h->cmsg_type == SCM_RIGHTS) {
            int fd;
            memcpy(&fd, CMSG_DATA(h), sizeof fd);
            if (write(fd, "0\n", 2) != 2) perror("answer");
            close(fd);
        }
    }
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "serve") == 0) return serve();
    struct sockaddr_un to = service();
    int answer[2], dgram[2];
    char line[8] = "";
    if (socketpair(AF_UNIX, SOCK_STREAM, 0, answer) != 0) perror("stream pair");
    else if (socketpair(AF_UNIX, SOCK_DGRAM, 0, dgram) != 0) perror("datagram pair");
    else {
        /* Either route: sendmsg to the address, or connect then sendmsg. */
        int sent = hand(dgram[0], &to, answer[1]) == 0 ||
                   (connect(dgram[1], (struct sockaddr *)&to, sizeof to) == 0 &&
                    hand(dgram[1], NULL, answer[1]) == 0);
        if (!sent) perror("sendmsg to the service");
        else {
            close(answer[1]);
            ssize_t n = read(answer[0], line, sizeof line - 1);
            if (n > 0) line[n] = 0;
        }
    }
    fputs(strcmp(line, "0\n") == 0 ? "0\n" : "1\n", stdout);
    return 0;
}
