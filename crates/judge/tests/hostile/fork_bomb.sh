# expect: TLE
# A fork bomb: stopped by the process limit, every process killed at the end.
bomb() { bomb | bomb & }
bomb
wait
sleep 60
