"""A user's own scripted classifier for `format: json`: reads {"text", "previous_tools", "previous", "types"}
and answers one word by keywords (English only; anything else is "none")."""
import json
import sys

question = json.load(sys.stdin)
assert set(question) == {"text", "previous_tools", "previous", "types"}, question
text = question["text"].lower()
rules = (("forgot", "omission"), ("told you not", "instruction-violation"),
         ("not what i meant", "premise-error"), ("broken", "result-error"))
print(next((label for word, label in rules if word in text), "none"))
