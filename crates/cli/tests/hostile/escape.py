# expect: AC
# Tries to reach beyond its run (issue #20's table) and answers the test
# right ("0" for "1 2") only if every try failed; a try that works is named
# on stderr and the program exits 1 (RE, with the names in the report).
import ctypes
import os
import socket
import sys

here = os.path.dirname(os.path.abspath(sys.argv[0]))
marker = sys.argv[1] if len(sys.argv) > 1 else "escape"
libc = ctypes.CDLL(None, use_errno=True)
worked = []


def attempt(name, f):
    try:
        r = f()
    except OSError:
        return
    if r is not False:
        worked.append(name)


def write(path):
    with open(path, "w") as f:
        f.write("pwned\n")
    os.unlink(path)


def read(path):
    with open(path, "rb") as f:
        f.read(1)


def read_text(path):
    with open(path, "rb") as f:
        return len(f.read(1)) == 1 or False


def check(r):
    return None if r >= 0 else False


# Files of the judging user and of the host (rows 1, 6, 12, 13).
attempt("write the judge's TMPDIR", lambda: write(os.path.join(here, "..", "tmp", marker)))
attempt("write beside the program", lambda: write(os.path.join(here, marker)))
attempt("write /run/lock", lambda: write("/run/lock/" + marker))
# (A private /var/tmp, mounted over the host's by strict isolation, may be written.)
attempt("write /var/tmp (host)", lambda: False if os.path.ismount("/var/tmp") else write("/var/tmp/" + marker))
# /etc is readable but for the host's secrets (issue #40): an empty cover or
# no access, never their text.
attempt("read /etc/shadow", lambda: read_text("/etc/shadow"))
attempt("read /etc/gshadow", lambda: read_text("/etc/gshadow"))
attempt("list /var/lib (host)", lambda: os.listdir("/var/lib"))
attempt("read /root/.profile", lambda: read("/root/.profile"))
attempt("list the checkout's parent", lambda: os.listdir(os.path.join(here, "..", "..")))
# The terminal (row 9).
attempt("open /dev/tty", lambda: os.close(os.open("/dev/tty", os.O_RDWR)))
attempt("open /dev/ptmx", lambda: os.close(os.open("/dev/ptmx", os.O_RDWR)))
# The network (row 8).
attempt("an IPv4 socket", lambda: socket.socket(socket.AF_INET, socket.SOCK_STREAM).close())
attempt("an IPv6 socket", lambda: socket.socket(socket.AF_INET6, socket.SOCK_DGRAM).close())
attempt("a netlink socket", lambda: socket.socket(socket.AF_NETLINK, socket.SOCK_RAW).close())
# Kernel objects that outlive the run (rows 7, 14).
attempt("System V shared memory", lambda: check(libc.shmget(0, 4096, 0o1600)))
attempt("a System V message queue", lambda: check(libc.msgget(0, 0o1600)))
attempt("a System V semaphore", lambda: check(libc.semget(0, 1, 0o1600)))
attempt("a POSIX message queue", lambda: check(libc.mq_open(b"/" + marker.encode(), 0o100 | 0o2, 0o600, None)))
attempt(
    "a key in the session keyring",
    lambda: check(libc.syscall(248, b"user", marker.encode(), b"secret", 6, -3)),
)
# Other processes, namespaces, mounts.
attempt("ptrace", lambda: check(libc.ptrace(0, 0, None, None)))
attempt("unshare a user namespace", lambda: check(libc.unshare(0x10000000)))
attempt("mount a tmpfs", lambda: check(libc.mount(b"none", here.encode(), b"tmpfs", 0, None)))

if worked:
    sys.stderr.write("escaped: " + "; ".join(worked) + "\n")
    sys.exit(1)
else:
    print(0)
