"""The lessons' page-wide style for every control: a focus ring that shows, labels that are
never cut, and targets a finger can hit.

JupyterLab and Voilà draw ipywidgets' buttons 28 px high with their words on one line (cut
with "…" when they do not fit), a thin light-blue focus ring, and 13-px radio buttons after their words. A
child on a tablet, or with a keyboard only, needs more (issue 27):

- **Focus** — every control in a lesson's outputs shows a 3-px dark-blue ring when it has
  the keyboard's focus: 8.6:1 against white (WCAG 2.2 asks 3:1).
- **Words** — a button grows to hold its words and wraps them: "Use turbo: 6 + 11 → space
  8, lap 2" is never cut to "Use turbo: 6 + 11 → space 8, l…". A control's label and a menu's
  choice are as wide as their words ("Game number", not "Game nu…").
- **Touch** — on a screen with a coarse pointer (a finger), buttons, toggles, text fields,
  menus, radio choices and a fold-out's heading are at least 44 × 44 CSS px, and a slider's handle is too, with
  room for it at both ends of its track (never over the slider's label or out of its box).
- **Choices** — a radio choice's circle comes before its words, so the circles of a
  question stand in one column.
- **Narrow screens** — no widget is wider than the page, and rows of controls wrap (a
  figure scales itself to the width there is: :class:`~widgets.plotly_view.ViewProbe`).

Two things CSS cannot do are done by the widget's script: a slider's handle gets its
description as its name, for screen readers, and a fold-out's heading becomes a button the
keyboard can reach and open.

The rules are plain CSS under ``.jp-OutputArea-output`` (the outputs of a lesson, in
JupyterLab, in the app view and on the static site alike). :class:`PageStyle` is an
invisible anywidget that brings them to the page; every lesson shows one through
:class:`~widgets.LessonDone`, and the bigger views (the game, the self-check, the Rally Run
board) hold one themselves, so they look the same anywhere.

>>> PageStyle()
The lessons' page style (focus rings, whole labels, touch targets).
"""

from __future__ import annotations

import anywidget

from ._display import StableRepr
from .messages import PageWrites
from .i18n import _

#: The smallest touch target, in CSS px (WCAG 2.2, 2.5.5 Target Size).
TOUCH_TARGET = 44
#: The focus ring's color: dark blue, 8.6:1 against white.
FOCUS_COLOR = "#1d4ed8"

#: The CSS class of a replay's row of buttons, which stays in sight on a phone
#: (:class:`~widgets.stich_rallye.game_replay.GameReplay`, a game's
#: :class:`~widgets.stich_rallye.replay_panel.ReplayPanel`).
REPLAY_CONTROLS = "rally-replay-controls"

PAGE_CSS = f"""
/* A replay's buttons stay at the top of a phone's screen while the child scrolls down to the
   trick they step through (under the track and the dials there): lesson 4's replay, a game's. */
@media (max-width: 760px) {{
  .jp-OutputArea-output .{REPLAY_CONTROLS} {{
    position: sticky; top: 0; z-index: 3; background: #fff; overflow: visible; padding-bottom: 4px;
    border-bottom: 1px solid #93c5fd; box-shadow: 0 -16px 0 #fff;  /* white over the scroller's top padding too */
  }}
  /* Its two step buttons share a row; the slider, as wide as the row, comes under them. */
  .jp-OutputArea-output .{REPLAY_CONTROLS} .widget-slider {{ order: 1; }}
  /* Sticky holds within the nearest box that scrolls: the output's boxes around a replay let
     the page do the scrolling (its widgets are never wider than the page). */
  :is(.jp-OutputArea, .jp-OutputArea-child, .jp-OutputArea-output, .widget-box):has(.{REPLAY_CONTROLS}) {{
    overflow: visible;
  }}
}}
.jp-OutputArea-output .jupyter-widgets :is(button, input, select, textarea, summary, [tabindex]):focus-visible,
.jp-OutputArea-output .jupyter-widgets .noUi-handle:focus-visible {{
  outline: 3px solid {FOCUS_COLOR} !important; outline-offset: 2px; box-shadow: none;
}}
.jp-OutputArea-output .jupyter-button {{
  white-space: normal; height: auto; min-height: var(--jp-widgets-inline-height, 28px);
  line-height: 1.3; padding-top: 4px; padding-bottom: 4px; overflow-wrap: anywhere;
}}
.jp-OutputArea-output .widget-toggle-button {{ max-width: 100%; }}
/* Narrow screens: no widget is wider than the page; rows of widgets wrap instead of being cut. */
.jp-OutputArea-output .jupyter-widgets {{ max-width: 100%; }}
.jp-OutputArea-output .widget-box > .jupyter-widgets {{ min-width: 0; }}  /* a flex item may shrink to its box */
.jp-OutputArea-output :is(.jupyter-widget-Collapse, .jupyter-widget-Collapse-contents,
  .jupyter-widget-Collapse-contents > .jupyter-widgets) {{ min-width: 0; max-width: 100%; }}  /* a fold's too */
.jp-OutputArea-output .rally-shrink > .widget-html-content {{ min-width: 0; }}  /* its wide table scrolls in its box */
.jp-OutputArea-output .widget-hbox, .jp-OutputArea-output .widget-toggle-buttons {{ flex-wrap: wrap; }}
.jp-OutputArea-output .widget-toggle-buttons {{ height: auto; }}
.jp-OutputArea-output .widget-inline-hbox .widget-input {{ min-width: 0; }}
/* A control's label and a menu's choice are never cut ("Game nu…", "schr…"): a label is as wide
   as its words, and a menu as its longest choice, on a line of its own when the two do not fit. */
.jp-OutputArea-output .widget-inline-hbox > .widget-label {{ min-width: max-content; }}
.jp-OutputArea-output .widget-dropdown {{ flex-wrap: wrap; height: auto; }}
.jp-OutputArea-output .widget-dropdown > select {{ width: max-content; max-width: 100%; flex: 0 1 auto; }}
/* A checkbox's words wrap under a narrow screen's edge instead of ending in "…". */
.jp-OutputArea-output .widget-checkbox {{ height: auto; max-width: 100%; }}
.jp-OutputArea-output .widget-checkbox > .widget-label-basic {{
  display: flex; align-items: center; white-space: normal; overflow: visible; line-height: 1.3;
}}
/* A choice's circle comes first, in one column under the question, its words after it. */
.jp-OutputArea-output .widget-radio-box label {{ display: flex; align-items: center; gap: 8px; }}
.jp-OutputArea-output .widget-radio-box input[type="radio"] {{ order: -1; flex: none; }}
@media (pointer: coarse) {{
  .jp-OutputArea-output .jupyter-button {{ min-height: {TOUCH_TARGET}px; min-width: {TOUCH_TARGET}px; }}
  .jp-OutputArea-output .widget-text input, .jp-OutputArea-output .widget-textarea textarea,
  .jp-OutputArea-output .widget-dropdown select, .jp-OutputArea-output .widget-inline-hbox .widget-input {{
    min-height: {TOUCH_TARGET}px; height: auto;
  }}
  .jp-OutputArea-output .widget-dropdown select {{ min-width: {TOUCH_TARGET * 2}px; }}
  .jp-OutputArea-output .widget-text, .jp-OutputArea-output .widget-dropdown {{ height: auto; }}
  .jp-OutputArea-output .widget-radio-box label {{
    display: flex; align-items: center; min-height: {TOUCH_TARGET}px; gap: 8px;
  }}
  .jp-OutputArea-output .widget-radio-box input[type="radio"] {{ width: 24px; height: 24px; margin: 0 4px; }}
  .jp-OutputArea-output .widget-checkbox, .jp-OutputArea-output .widget-checkbox > .widget-label-basic {{
    min-height: {TOUCH_TARGET}px; height: auto;
  }}
  .jp-OutputArea-output details > summary {{ min-height: {TOUCH_TARGET}px; box-sizing: border-box; padding: 12px 0; }}
  .jp-OutputArea-output .jupyter-widget-Collapse-header {{
    min-height: {TOUCH_TARGET}px; box-sizing: border-box; display: flex; align-items: center;
  }}
  .jp-OutputArea-output .widget-checkbox input[type="checkbox"] {{ width: 24px; height: 24px; }}
  .jp-OutputArea-output .widget-hslider .noUi-handle {{
    width: {TOUCH_TARGET}px !important; height: {TOUCH_TARGET}px !important; top: -{TOUCH_TARGET // 2 - 4}px !important;
    right: -{TOUCH_TARGET // 2}px !important; border-radius: 50%;
  }}
  .jp-OutputArea-output .widget-hslider {{ height: {TOUCH_TARGET + 8}px; }}
  /* The handle's middle stands on the ends of the track: half a handle of room each side, so
     at the first step it does not cover the label ("Ste") nor at the last stick out of its box. */
  .jp-OutputArea-output .widget-hslider .slider-container {{
    margin-left: {TOUCH_TARGET // 2 + 4}px; margin-right: {TOUCH_TARGET // 2 + 2}px;
  }}
}}
"""


class PageStyle(StableRepr, PageWrites, anywidget.AnyWidget):
    """Brings :data:`PAGE_CSS` to the page; shows nothing."""

    # ipywidgets' sliders name their handle nowhere (axe: aria-input-field-name, serious): the
    # handle is given its slider's description ("Step") as its name, once per page, for
    # every slider drawn then or later. A fold-out's heading (an Accordion's) takes only a
    # click: it becomes a button the keyboard reaches and opens (Enter or Space), saying
    # whether it is open.
    _esm = """
    export default {
      render({ el }) {
        el.style.display = "none";
        const KEY = Symbol.for("rally-notebooks.slider-names");
        if (globalThis[KEY]) return;
        globalThis[KEY] = true;
        const expanded = (header) => header.setAttribute("aria-expanded",
          String(header.parentElement.classList.contains("jupyter-widget-Collapse-open")));
        const name = () => {
          for (const handle of document.querySelectorAll('.widget-slider .noUi-handle[role="slider"]:not([aria-label])')) {
            const words = handle.closest(".widget-slider")?.querySelector(".widget-label")?.textContent?.trim();
            if (words) handle.setAttribute("aria-label", words);
          }
          for (const header of document.querySelectorAll(".jupyter-widget-Collapse-header:not([role])")) {
            header.setAttribute("role", "button");
            header.tabIndex = 0;
            expanded(header);
            header.addEventListener("click", () => setTimeout(() => expanded(header)));
            header.addEventListener("keydown", (event) => {
              if (event.key === "Enter" || event.key === " ") { event.preventDefault(); header.click(); }
            });
          }
        };
        new MutationObserver(name).observe(document.body, { childList: true, subtree: true });
        name();
      },
    };
    """
    _css = PAGE_CSS

    def __repr__(self) -> str:
        return _("The lessons' page style (focus rings, whole labels, touch targets).")


__all__ = ["PageStyle", "PAGE_CSS", "REPLAY_CONTROLS", "TOUCH_TARGET"]
