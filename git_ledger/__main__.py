from __future__ import annotations

from git_ledger.main import main

raise SystemExit(main())
