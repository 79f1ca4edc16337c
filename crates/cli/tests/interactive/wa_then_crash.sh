# expect: WA
read t
read start
echo First
read verdict
kill -SEGV $$
