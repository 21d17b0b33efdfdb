"""Collection: collect.py (logs -> cases in the store), snapshot.py (the no-change fast path),
roots.py (the walk over log roots that `git-ledger collect` runs).

Empty on purpose: a no-change `collect` imports snapshot.py alone.
"""
