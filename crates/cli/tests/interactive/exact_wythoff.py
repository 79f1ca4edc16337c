# expect: AC
import sys, math

def lower(k):
    return (k + math.isqrt(5 * k * k)) // 2

def move(a, b):
    """The winning move from (a, b) in pile order, or None from a P-position."""
    swap = a > b
    x, y = (b, a) if swap else (a, b)
    d = y - x
    if lower(d) == x:
        return None
    t = lower(d)
    if t < x:
        nx, ny = t, t + d
    else:
        nx = ny = None
        j0 = (math.isqrt(5 * x * x) - x) // 2
        for j in range(max(0, j0 - 3), j0 + 4):
            if lower(j) == x and x + j < y:
                nx, ny = x, x + j
            if lower(j) + j == x and lower(j) < y:
                nx, ny = x, lower(j)
        j1 = x - j0
        for j in range(max(0, j1 - 3), j1 + 4):
            if lower(j) + j == x and lower(j) < y:
                nx, ny = x, lower(j)
    return (ny, nx) if swap else (nx, ny)

def main():
    inp = sys.stdin
    t = int(inp.readline())
    for _ in range(t):
        a, b = map(int, inp.readline().split())
        m = move(a, b)
        print("First" if m else "Second", flush=True)
        mine = m is not None
        while True:
            if mine:
                a, b = move(a, b)
                print(a, b, flush=True)
                if (a, b) == (0, 0):
                    inp.readline()  # the sentinel
                    break
            line = inp.readline().split()
            if line == ["0", "0"]:
                break
            if line == ["-1"] or not line:
                return
            a, b = map(int, line)
            mine = True

main()
