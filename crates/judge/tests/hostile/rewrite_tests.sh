# expect: AC
# Tries to rewrite every test file it can find (through the judge's command
# line), then answers correctly: the later tests must be judged unchanged.
for p in /proc/[0-9]*; do
    tr '\0' '\n' < "$p/cmdline" 2>/dev/null | grep -A1 -x -e '--tests' | tail -n +2
done | sort -u | while read -r d; do
    for f in "$d"/*; do echo 1 > "$f" 2>/dev/null; done
done
echo 0
