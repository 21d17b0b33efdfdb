"""Reports over the store and the ledger: report.py (the data), html.py (the HTML page)."""
