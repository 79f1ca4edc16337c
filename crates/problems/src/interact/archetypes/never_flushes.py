# The exact strategy, but its answers wait in a buffer it never flushes.
# (Its own block-buffered stream: PYTHONUNBUFFERED, which some environments
# set and judges pass on to submissions, would flush sys.stdout at every write.)
sys.stdout = open(sys.stdout.fileno(), "w", buffering=1 << 20, closefd=False)
print = lambda *a, **k: sys.stdout.write(" ".join(map(str, a)) + "\n")
run(exact_side, exact_move)
