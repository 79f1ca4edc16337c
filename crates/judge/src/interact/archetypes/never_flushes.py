# The exact strategy, but its answers wait in a buffer it never flushes.
print = lambda *a, **k: sys.stdout.write(" ".join(map(str, a)) + "\n")
run(exact_side, exact_move)
