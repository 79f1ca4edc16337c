# expect: WA
read t
read start
echo Second
read move
echo 3 99999999999999999999999
sleep 30
