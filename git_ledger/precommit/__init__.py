"""The pre-commit hooks, one module and `main(argv) -> int` each (listed in .pre-commit-hooks.yaml
and setup.cfg): no_raw_text (the user's words and secrets stay out of git), validate (ledger
schema), cards_audit (the procedures/ library); staged.py and rawtext.py are what they read with."""
