# expect: TLE
# time limit: 0.5
# Stops itself: the wall-time limit still ends the run.
kill -STOP $$
echo 0
