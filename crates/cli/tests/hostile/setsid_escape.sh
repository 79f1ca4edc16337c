# expect: AC
# Leaves the session and the process group (setsid, double fork) with the
# pipes closed, then answers: the escaped processes must not survive the run.
setsid sh -c "sleep 60; : $1" >/dev/null 2>&1 </dev/null &
( setsid sh -c "sleep 60; : $1" >/dev/null 2>&1 </dev/null & )
sleep 0.2
echo 0
