# expect: WA
yes First
