"""The screens the browser tests open the app view on, and what must hold on each (issue 27):
nothing sticking out of the window, no button, label or menu cutting its words, on touch no
target under 44 x 44 CSS px, on a phone no word under 12 px. Shared by test_screens.py and test_first_game.py."""

from __future__ import annotations

import contextlib

from . import _lab

#: The screens, as Playwright makes them.
SCREENS = {
    "phone-360": {"viewport": {"width": 360, "height": 740}, "has_touch": True, "is_mobile": True},
    "phone-390": {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True},
    "tablet-1024": {"viewport": {"width": 1024, "height": 768}, "has_touch": True},
    "laptop-1280": {"viewport": {"width": 1280, "height": 800}},
}
#: The smallest touch target (WCAG 2.2, 2.5.5), in CSS px.
TARGET = 44

#: JavaScript: what is wrong on the page for a learner on this screen (arg: touch or not):
#: widgets sticking out of the window, buttons that cut their words, targets too small.
PROBLEMS = """(touch) => {
  const out = {wide: [], cut: [], small: [], tiny: []};
  const outputs = '#rendered_cells .jp-OutputArea-output';
  const shown = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0 &&
    getComputedStyle(el).visibility !== 'hidden' && el.closest('[style*="display: none"]') === null; };
  const name = (el) => ((el.getAttribute('aria-label') || el.textContent || el.value || el.className || el.tagName)
    .toString().trim().replace(/\\s+/g, ' ').slice(0, 50));
  const width = document.documentElement.clientWidth;
  if (document.documentElement.scrollWidth > width + 1) out.wide.push('the page scrolls sideways: ' +
    document.documentElement.scrollWidth + ' > ' + width);
  for (const el of document.querySelectorAll(outputs + ' *')) {
    // Inside a box that scrolls sideways on purpose (a board kept big enough to read): the box is checked.
    if (el.closest('.rally-announcer') || el.parentElement?.closest('.rally-scroll-x') || !shown(el)) continue;
    const r = el.getBoundingClientRect();
    if (r.right > width + 1 || r.left < -1) out.wide.push(name(el) + ' ' + Math.round(r.left) + '..' + Math.round(r.right));
  }
  for (const b of document.querySelectorAll(outputs + ' :is(button, .widget-label, .widget-label-basic)')) {
    if (shown(b) && b.scrollWidth > b.clientWidth + 1) out.cut.push(name(b));
  }
  // A menu cuts its choice when the chosen words are wider than the box leaves them (its arrow aside).
  const ruler = document.createElement('canvas').getContext('2d');
  for (const s of document.querySelectorAll(outputs + ' select:not([multiple])')) {
    if (!shown(s) || s.selectedIndex < 0) continue;
    const st = getComputedStyle(s);
    ruler.font = st.font;
    const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight);
    if (ruler.measureText(s.options[s.selectedIndex].text).width > room + 1) out.cut.push('menu: ' + s.options[s.selectedIndex].text);
  }
  if (touch) {
    const targets = 'button, select, textarea, input:not([type=radio]):not([type=checkbox]), [role=button], .noUi-handle';
    const boxes = [...document.querySelectorAll(outputs + ' :is(' + targets + ')')].filter(shown);
    // A radio button or checkbox is hit through its whole label.
    for (const input of document.querySelectorAll(outputs + ' input:is([type=radio], [type=checkbox])')) {
      if (shown(input)) boxes.push(input.closest('label') || input);
    }
    for (const el of boxes) {
      const r = el.getBoundingClientRect();
      if (r.width < 44 - 0.5 || r.height < 44 - 0.5) out.small.push(name(el) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height));
    }
  }
  // On a phone no word is drawn under 12 px: text in a picture (SVG) as the picture is scaled.
  if (touch && width < 600) {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement, words = n.textContent.trim();
      if (!words || !el || !el.closest('#rendered_cells .jp-OutputArea-output') || el.closest('.rally-announcer') || !shown(el)) continue;
      let size = parseFloat(getComputedStyle(el).fontSize);
      if (el.closest('svg') && el.getScreenCTM) size *= Math.hypot(el.getScreenCTM().a, el.getScreenCTM().b);
      if (size < 12 - 0.05) out.tiny.push(words.slice(0, 30) + ' ' + size.toFixed(1) + 'px');
    }
    out.tiny = [...new Set(out.tiny)];
  }
  return out;
}"""


def touch(screen: str) -> bool:
    """Whether ``screen`` is worked by touch."""
    return bool(SCREENS[screen].get("has_touch"))


def problems(page, screen: str) -> dict[str, list[str]]:
    """What :data:`PROBLEMS` finds on ``page`` as ``screen`` shows it."""
    return page.evaluate(PROBLEMS, touch(screen))


def check(page, screen: str, where: str) -> None:
    """No widget too wide, no button cut, no target too small (on touch), no word under
    12 px (on a phone)."""
    found = problems(page, screen)
    assert found == {"wide": [], "cut": [], "small": [], "tiny": []}, f"{screen}, {where}: {found}"


def touch_or_click(locator, touch: bool) -> None:
    if touch:
        locator.tap()
    else:
        locator.click()


@contextlib.contextmanager
def window(browser, lab, screen: str, timeout: float = 60_000):
    """A browser window of ``screen``; the kernels stop afterwards, and a script error on the
    page fails the test."""
    context = browser.new_context(**SCREENS[screen])
    context.set_default_timeout(timeout)
    page = context.new_page()
    seen = _lab.watch_script_errors(page)
    try:
        yield page
    finally:
        context.close()
        lab.shutdown_kernels()
    _lab.assert_no_script_errors(seen)


#: JavaScript: each visible slider below ``root`` (an element) whose label or handle is not
#: wholly shown: the handle over the label's words, or out of the bordered box around it.
SLIDERS_CUT = """(root) => {
  const out = [];
  for (const slider of root.querySelectorAll('.widget-hslider')) {
    if (!slider.getClientRects().length) continue;
    const label = slider.querySelector('.widget-label'), handle = slider.querySelector('.noUi-handle');
    const h = handle.getBoundingClientRect();
    // The label's words (right-aligned in their box): a range around its text.
    const range = document.createRange(); range.selectNodeContents(label);
    const words = range.getBoundingClientRect();
    if (label.scrollWidth > label.clientWidth + 1 || h.left < words.right - 0.5)
      out.push(`the handle (${Math.round(h.left)}) covers the label's words (to ${Math.round(words.right)})`);
    let box = slider.parentElement;
    while (box && parseFloat(getComputedStyle(box).borderRightWidth) === 0) box = box.parentElement;
    const b = (box || document.documentElement).getBoundingClientRect();
    if (h.left < b.left - 0.5 || h.right > b.right + 0.5)
      out.push(`the handle (${Math.round(h.left)}..${Math.round(h.right)}) sticks out of its box (${Math.round(b.left)}..${Math.round(b.right)})`);
  }
  return out;
}"""


def sliders_cut(root) -> list[str]:
    """What :data:`SLIDERS_CUT` finds below ``root`` (a locator)."""
    return root.evaluate(SLIDERS_CUT)


#: JavaScript: every word drawn in the Plotly figures below ``root`` under 12 px as shown
#: (the computed size times the figure's scale on screen), as "words size".
FIGURE_WORDS_UNDER_12 = """(root) => {
  const out = [];
  for (const t of root.querySelectorAll('.js-plotly-plot text')) {
    const words = t.textContent.trim();
    if (!words || !t.getClientRects().length || getComputedStyle(t).visibility === 'hidden') continue;
    const m = t.getScreenCTM();
    const size = parseFloat(getComputedStyle(t).fontSize) * (m ? Math.hypot(m.a, m.b) : 1);
    if (size < 12 - 0.05) out.push(words.slice(0, 30) + ' ' + size.toFixed(1) + 'px');
  }
  return [...new Set(out)];
}"""

#: JavaScript: what the review's chart below ``root`` cuts or crowds: its x-axis title out of
#: the figure, a costly decision's mark (①②③) over the x axis.
CHART_CUT = """(root) => {
  const out = [];
  const plot = [...root.querySelectorAll('.js-plotly-plot')].find(p => p.querySelector('.xtitle') && p.getClientRects().length);
  if (!plot) return ['no chart'];
  const box = plot.getBoundingClientRect(), title = plot.querySelector('.xtitle').getBoundingClientRect();
  if (title.left < box.left - 0.5 || title.right > box.right + 0.5 || title.bottom > box.bottom + 0.5)
    out.push(`the x axis's title (${Math.round(title.left)}..${Math.round(title.right)}) is cut (${Math.round(box.left)}..${Math.round(box.right)})`);
  const area = plot.querySelector('.nsewdrag, rect.bg').getBoundingClientRect();
  for (const t of plot.querySelectorAll('.textpoint text')) {
    const r = t.getBoundingClientRect();
    if (/[①②③]/.test(t.textContent) && r.bottom > area.bottom + 0.5)
      out.push(`${t.textContent} (to ${Math.round(r.bottom)}) over the x axis (${Math.round(area.bottom)})`);
  }
  return out;
}"""
