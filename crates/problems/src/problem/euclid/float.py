# The classic float rule: the player to move wins iff a == b or the ratio of
# the larger to the smaller number exceeds phi, in doubles.
import math
import sys

phi = (1 + math.sqrt(5)) / 2
data = sys.stdin.buffer.read().split()
out = []
for i in range(0, len(data) - 1, 2):
    a, b = int(data[i]), int(data[i + 1])
    if a == 0 and b == 0:
        break
    a, b = max(a, b), min(a, b)
    out.append("Stan wins" if a == b or a / b > phi else "Ollie wins")
sys.stdout.write("".join(x + "\n" for x in out))
