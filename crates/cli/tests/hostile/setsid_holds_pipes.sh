# expect: AC
# Escapes with setsid and a double fork while keeping stdout and stderr open:
# the judge must not wait for the pipes to close.
setsid sh -c "sleep 60; : $1" &
( ( sh -c "sleep 60; : $1" & ) & )
sleep 0.2
echo 0
