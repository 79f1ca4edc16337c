# HDU 1846: the player to move loses iff n is a multiple of m + 1.
import sys

data = sys.stdin.buffer.read().split()
c = int(data[0])
out = []
for i in range(c):
    n, m = int(data[1 + 2 * i]), int(data[2 + 2 * i])
    out.append("second" if n % (m + 1) == 0 else "first")
sys.stdout.write("".join(x + "\n" for x in out))
