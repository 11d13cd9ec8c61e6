"""The lessons as a learner meets them, driven from Python: JupyterLab started as
``bin/lessons`` starts it (:mod:`harness.lab`), the static site served as
``bin/serve-site`` serves it (:mod:`harness.site`), Chromium opening either, and the
app view's text of every lesson (:mod:`harness.app_text`). Shared by the browser tests,
the benchmarks and the tools in ``bin/`` and ``site/``; it imports nothing of ``tests/``.
"""
