# expect: WA
read t
read start
printf 'Sec\000ond\n'
sleep 30
