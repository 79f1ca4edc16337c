# expect: WA
read t
read start
echo Second
while :; do printf '1 2 3 4 5 6 7 8 9 '; done
