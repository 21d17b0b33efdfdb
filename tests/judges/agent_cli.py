#!/usr/bin/env python3
"""A scripted stand-in for an agent CLI in print mode (`claude -p …`, `codex exec …`), put on
PATH by the tests under the CLI's name: it reads the judge's prompt on stdin, logs the call, and
answers from the words of the message it was shown (never the network).

    AGENT_CLI_LOG=calls.log claude -p --model haiku ...   (the real CLI's arguments, ignored)
"""
import os
import sys

prompt = sys.stdin.read()
message = prompt.split("Message:\n<<<\n", 1)[-1].split("\n>>>", 1)[0].lower()
log = os.environ.get("AGENT_CLI_LOG")
if log:
    with open(log, "a", encoding="utf-8") as f:
        f.write(f"{os.path.basename(sys.argv[0])} {' '.join(sys.argv[1:])} | {message}\n")
print("result-error" if any(w in message for w in ("still", "again", "broken", "fails")) else "none")
