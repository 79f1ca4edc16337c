# expect: TLE
# Burns CPU forever.
while :; do :; done
