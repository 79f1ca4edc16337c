# expect: WA
exit 0
