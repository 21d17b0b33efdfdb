"""`git-ledger demo`: the whole loop on the bundled real sessions (loop.py)."""
