"""A command judge that answers a fixed word: `answer.py WORD [LOG]`.

It reads its whole stdin first (as a real judge would) and, when LOG is given, appends one JSON
line with what it received, its working directory and GIT_LEDGER_DISABLE, so a test can count
calls and check exactly what a judge is sent.
"""
import json
import os
import sys

received = sys.stdin.read()
if len(sys.argv) > 2:
    with open(sys.argv[2], "a", encoding="utf-8") as log:
        record = {"stdin": received, "cwd": os.getcwd(), "cwd_entries": os.listdir("."),
                  "disable": os.environ.get("GIT_LEDGER_DISABLE")}
        log.write(json.dumps(record) + "\n")
print(sys.argv[1])
