# expect: AC
# Tries to kill its parent and every process it may signal, then answers.
# The judge must survive and judge it.
kill -9 "$PPID" 2>/dev/null
kill -9 -1 2>/dev/null
echo 0
