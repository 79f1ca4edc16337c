# expect: TLE
# time limit: 0.5
# Burns CPU forever.
while :; do :; done
