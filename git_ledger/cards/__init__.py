"""procedures/ experience cards: parse, audit, init/new, and probe/scan over session logs."""
