"""The Stop hook's guards: evidence (a claim without a tool call), search posture (shell searches),
the shell parser they share, the transcript reader, and replay over recorded history.
"""
