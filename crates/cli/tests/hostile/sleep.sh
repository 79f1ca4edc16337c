# expect: TLE
# time limit: 0.5
# Sleeps past every limit (the marker in $1 keeps the shell visible in /proc).
sh -c "sleep 60; : $1"
