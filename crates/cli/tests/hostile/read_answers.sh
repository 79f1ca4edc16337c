# expect: WA
# Looks for the answers: through its standard input's path, and through the
# judge's command line (`--tests DIR`); prints them if it can read any.
f=$(readlink /proc/$$/fd/0)
cat "${f%.in}.ans" 2>/dev/null
# (One pipeline over every command line, so that it stays fast whatever the
# number of processes it can see.)
cat /proc/[0-9]*/cmdline 2>/dev/null | tr '\0' '\n' | grep -A1 -x -e '--tests' |
    grep -v -x -e '--tests' -e '--' | sort -u | while read -r d; do
    cat "$d"/*.ans 2>/dev/null
done
exit 0
