# expect: AC
# Tries to rewrite every test file it can find (through the judge's command
# line), then answers correctly: the later tests must be judged unchanged.
# (One pipeline over every command line, so that it stays fast whatever the
# number of processes it can see.)
cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\0' '\n' | grep -A1 -x -e '--tests' |
    grep -v -x -e '--tests' -e '--' | sort -u | while read -r d; do
    for f in "$d"/*; do echo 1 > "$f" 2>/dev/null; done
done
echo 0
