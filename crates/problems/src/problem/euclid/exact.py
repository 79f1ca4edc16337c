# HDU 1525: with a >= b, the player to move wins if b divides a or a >= 2b;
# otherwise the only move leads to (b, a - b).
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
        if a % b == 0 or a >= 2 * b:
            break
        a, b = b, a - b
        stan = not stan
    out.append("Stan wins" if stan else "Ollie wins")
sys.stdout.write("".join(x + "\n" for x in out))
