# expect: TLE
# time limit: 0.5
# A fork bomb in the background (stopped by the process limit, every process
# killed at the end) while the program itself sleeps past the limits: its
# shell never forks after the bomb starts, so it cannot die of a refused fork.
sh -c 'bomb() { bomb | bomb & }; bomb' &
exec sleep 60
