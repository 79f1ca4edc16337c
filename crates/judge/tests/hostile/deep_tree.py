# expect: AC
# Leaves a directory chain 2 000 deep in its working directory, ending in a
# link to / and an unreadable level, then answers right: the judge must remove
# it all (a recursive removal overflowed its stack at 16 000; under Landlock
# each level costs a walk up the chain, so 2 000 fit in the time limit; the
# cleanup's own test goes 20 000 deep) and
# give the verdict.
import os

for _ in range(2000):
    os.mkdir("d")
    os.chdir("d")
os.symlink("/", "root")
os.chmod(".", 0)
print(0)
