# expect: WA
# Closes its standard output and exits successfully: no answer is a wrong answer.
exec 1>&-
sleep 0.1
exit 0
