# Correct but slow: the same rule as the exact solution, with the quotient
# found by repeated subtraction (O(a / b) steps).
import sys

data = sys.stdin.buffer.read().split()
out = []
for i in range(0, len(data) - 1, 2):
    a, b = int(data[i]), int(data[i + 1])
    if a == 0 and b == 0:
        break
    stan = True
    while True:
        if a < b:
            a, b = b, a
        q, r = 0, a
        while r >= b:
            r -= b
            q += 1
        if r == 0 or q >= 2:
            break
        a, b = b, r
        stan = not stan
    out.append("Stan wins" if stan else "Ollie wins")
sys.stdout.write("".join(x + "\n" for x in out))
