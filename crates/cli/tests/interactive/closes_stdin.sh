# expect: TLE
exec 0<&-
sleep 30
