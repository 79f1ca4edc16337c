# HDU 2516 (Fibonacci nim): the first player loses iff n is a Fibonacci number.
import sys

fib = {1, 2}
x, y = 1, 2
while y < 2 ** 31:
    x, y = y, x + y
    fib.add(y)
out = []
for tok in sys.stdin.buffer.read().split():
    n = int(tok)
    if n == 0:
        break
    out.append("Second win" if n in fib else "First win")
sys.stdout.write("".join(x + "\n" for x in out))
