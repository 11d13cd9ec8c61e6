"""The lessons' server settings that JSON cannot hold (bin/quiet-lab installs this file
beside binder/jupyter_server_config.json, as etc/jupyter/jupyter_server_config.py).

An app-view page (Voilà) stops its Python when the learner leaves it: it posts to
``/voila/api/shutdown/<kernel>`` with the ``_xsrf`` cookie's value, and the server refuses a
post without it (403). Only a page the server drew from a template of its own gets that
cookie, as JupyterLab's page does; Voilà's page does not, so a child who opens a lesson as an
app and closes it would leave its Python running until the idle cull. Voilà's documented
``prelaunch_hook`` gets the page's request before anything is sent: reading the handler's
``xsrf_token`` sets the cookie (Tornado sets it on first read).

The page speaks the lesson's language, German for a lesson in ``notebooks/de/``, Chinese in
``notebooks/zh/``: Voilà's documented ``page_config_hook`` hands the template
(binder/voila/rally) the lesson's folder as ``page_config["rallyLanguage"]``, since the
template sees the notebook but not its path; the template knows each folder's words.
"""

from pathlib import PurePosixPath


def give_the_page_its_xsrf_cookie(req_handler, notebook, cwd):  # noqa: ARG001 (Voilà's signature)
    """Set the ``_xsrf`` cookie on an app-view page; the notebook is left as it is."""
    req_handler.xsrf_token  # noqa: B018 (read for its effect: the cookie)
    return notebook


def tell_the_page_its_language(page_config, notebook_path, **_):
    """``page_config`` with ``rallyLanguage``: the lesson's language folder below ``notebooks/``
    ("de", "fr", "es", "zh") for a notebook in one, else "en". ``notebook_path`` is the page's
    address below ``/voila/render/`` (``notebooks/de/…``)."""
    folder = PurePosixPath(notebook_path).parent
    page_config["rallyLanguage"] = folder.name if folder.parent.name == "notebooks" else "en"
    return page_config


c = get_config()  # noqa: F821 (Jupyter's config loader provides it)
c.VoilaConfiguration.prelaunch_hook = give_the_page_its_xsrf_cookie
c.VoilaConfiguration.page_config_hook = tell_the_page_its_language
