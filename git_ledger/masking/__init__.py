"""Masking secrets and raw text: mask.py (the entry point), prefilter.py (cheap candidate lines),
fileviews.py (per-file-type views), secretscan.py and plugins.py (detect-secrets, called directly).

Empty on purpose: importing one module must not import the others (detect-secrets stays lazy).
"""
