# expect: TLE
# Sleeps past every limit (the marker in $1 keeps the shell visible in /proc).
sh -c "sleep 60; : $1"
