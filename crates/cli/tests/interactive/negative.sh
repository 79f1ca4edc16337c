# expect: WA
read t
read start
echo Second
read move
echo -1 3
sleep 30
