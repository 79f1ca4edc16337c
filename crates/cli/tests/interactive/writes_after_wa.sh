# expect: WA
read t
read start
echo First
read verdict
while :; do echo 0 0; done
