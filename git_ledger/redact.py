"""Masking before storage (INITIAL SKELETON: the redaction issue replaces this file).

Public surface: mask(text: str) -> str — secrets and SQL statements replaced by markers.
"""
from __future__ import annotations


def mask(text: str) -> str:
    return text
