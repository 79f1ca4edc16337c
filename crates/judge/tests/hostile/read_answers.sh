# expect: WA
# Looks for the answers: through its standard input's path, and through the
# judge's command line (`--tests DIR`); prints them if it can read any.
f=$(readlink /proc/$$/fd/0)
cat "${f%.in}.ans" 2>/dev/null
for p in /proc/[0-9]*; do
    tr '\0' '\n' < "$p/cmdline" 2>/dev/null | grep -A1 -x -e '--tests' | tail -n +2
done | sort -u | while read -r d; do
    cat "$d"/*.ans 2>/dev/null
done
exit 0
