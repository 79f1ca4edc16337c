# Always `First`, then the exact strategy: lost on every start the second player wins.
run(lambda pos, state: True, exact_move)
