# expect: AC
# start: 1 1
read t
read start
echo First
echo 0 0
