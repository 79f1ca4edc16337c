# expect: TLE
# Stops itself: the wall-time limit still ends the run.
kill -STOP $$
echo 0
