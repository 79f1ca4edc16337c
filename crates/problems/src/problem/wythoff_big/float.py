# The classic solution of 51nod 1185 in doubles: floor(k*phi) is wrong for
# most k near 10^18.
import math
import sys

phi = (1 + math.sqrt(5)) / 2
data = sys.stdin.buffer.read().split()
t = int(data[0])
out = []
for i in range(t):
    a, b = sorted((int(data[1 + 2 * i]), int(data[2 + 2 * i])))
    out.append("B" if int((b - a) * phi) == a else "A")
sys.stdout.write("".join(x + "\n" for x in out))
