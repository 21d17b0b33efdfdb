"""Helpers shared by the tests: real repos, real agent CLIs, fake servers and fake secrets."""
