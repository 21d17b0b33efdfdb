"""Pull requests for reviewed ledger entries: pullrequests.py (the plan), github.py (the REST
client), branch.py (branches built without touching the worktree).
"""
