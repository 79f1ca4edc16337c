# The exact strategy: the winning side, then winning moves.
run(exact_side, exact_move)
