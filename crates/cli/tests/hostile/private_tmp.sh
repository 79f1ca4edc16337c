# expect: AC
# Leaves files in the shared temporary directories and a directory it makes
# unreadable in its working directory: nothing may remain after the run
# (strict isolation gives it private /tmp, /var/tmp and /dev/shm; the harness
# looks for files named by the marker $1).
for d in /tmp /var/tmp /dev/shm; do echo x > "$d/$1" 2>/dev/null; done
mkdir d && touch d/f && chmod 000 d
echo 0
