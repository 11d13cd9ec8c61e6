"""End-to-end tests of the lessons in JupyterLab, in Chromium (see conftest.py)."""
