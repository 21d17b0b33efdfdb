"""The local SQLite store: store.py (the store and its migrations) and hook_reader.py (the prompt
hook's lean reader, sqlite3 only).

Empty on purpose: the prompt hook imports hook_reader.py without store.py and its dataclasses.
"""
