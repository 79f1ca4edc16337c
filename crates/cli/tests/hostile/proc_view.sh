# expect: WA
# Looks at /proc: with strict isolation it must see only its own run (init,
# itself and its children), not the judge's command line or the host's
# processes. It answers only if it sees more.
n=0
for p in /proc/[0-9]*; do n=$((n + 1)); done
if [ "$n" -gt 10 ] || grep -qs -e '--tests' /proc/[0-9]*/cmdline; then
    echo 0
fi
exit 0
