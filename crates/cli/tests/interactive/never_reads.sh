# expect: TLE
sleep 30
