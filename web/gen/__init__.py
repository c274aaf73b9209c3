"""Build-time generators for the site (run by build.py, never shipped)."""
