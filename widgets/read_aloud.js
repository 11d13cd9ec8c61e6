// Read aloud with the browser's speech synthesis (the Web Speech API), in the lesson's
// language (the model's `language`). kind "page" (ReadAloud): a 🔊 button at each heading,
// paragraph and list item of the lesson's text and at each message area of its widgets,
// and the switch "Read new moments aloud" (kept in localStorage under `storage_key`);
// while it is on, what an Announcer says is read as it comes. kind "button" (SpeakButton):
// one 🔊 button for the model's `text`, read by itself when new if `new` and the switch is on.
// Words come from Python (`labels`). The page sends nothing back to the kernel.

const SHARED = Symbol.for("rally-notebooks.read-aloud");
const G = (globalThis[SHARED] ??= { roots: new Map(), heard: new WeakMap(), current: null });

const BUTTON = "rally-read-aloud__button";
const NOTE = "rally-read-aloud__note";
//: The lesson's text: rendered Markdown cells (JupyterLab, JupyterLite, the app view).
const TEXT = ":is(.jp-MarkdownCell, .jp-MarkdownOutput) .jp-RenderedMarkdown :is(h1, h2, h3, h4, h5, h6, p, li)";
//: The widgets' message areas (status lines, alerts, a quiz's feedback), the hidden announcer left out.
const MESSAGES = ".jp-OutputArea-output :is([role=status], [role=alert], [aria-live], .rally-quiz__feedback)" +
  ":not(.rally-announcer)";
//: Never read: our own buttons and notes, JupyterLab's ¶ links, what is hidden from everyone.
const SKIP = `.${BUTTON}, .${NOTE}, .jp-InternalAnchorLink, [aria-hidden=true], script, style`;

// ------------------------------------------------------------------ the switch
function switchOn(key) {
  try {
    return window.localStorage.getItem(key) === "on";
  } catch (err) {
    return false;
  }
}

function setSwitch(key, on) {
  try {
    window.localStorage.setItem(key, on ? "on" : "off");
  } catch (err) {
    // storage off: the switch holds for this page only
  }
  window.dispatchEvent(new CustomEvent("rally-read-aloud-change", { detail: { on } }));
}

// ------------------------------------------------------------------ speaking
function synth() {
  const s = window.speechSynthesis;
  return s && typeof window.SpeechSynthesisUtterance === "function" ? s : null;
}

function matches(voice, lang) {
  const tag = String(voice.lang || "").toLowerCase().replace("_", "-");
  const want = String(lang).toLowerCase();
  return tag === want || tag.startsWith(want + "-");
}

// A voice for `lang`: one on the device first (it works offline), the default next.
function pickVoice(voices, lang) {
  const fit = voices.filter((v) => matches(v, lang));
  return fit.find((v) => v.localService && v.default) || fit.find((v) => v.localService) ||
    fit.find((v) => v.default) || fit[0] || null;
}

// The device's voices; Chromium loads them a moment after the page (voiceschanged).
function voices(s, wait = 1500) {
  const now = s.getVoices() || [];
  if (now.length || !wait) return Promise.resolve(now);
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      s.removeEventListener?.("voiceschanged", done);
      resolve(s.getVoices() || []);
    };
    const timer = setTimeout(done, wait);
    s.addEventListener?.("voiceschanged", done);
  });
}

// Why nothing can be read in `lang` ("no_speech", "no_voice"), or null.
async function cannotRead(lang) {
  const s = synth();
  if (!s) return "no_speech";
  return pickVoice(await voices(s), lang) ? null : "no_voice";
}

// Read `text` in `lang`; `queue`: after what is being read (a new moment), else at once.
// Returns null when it was sent to the speech synthesis, or why it could not be.
async function speak(text, lang, { queue = false, onend = null } = {}) {
  const words = String(text || "").replace(/\s+/g, " ").trim();
  const why = await cannotRead(lang);
  if (why || !words) return why;
  const s = synth();
  const utterance = new window.SpeechSynthesisUtterance(words);
  utterance.lang = lang;
  try {
    utterance.voice = pickVoice(await voices(s), lang);
  } catch (err) {
    // a voice the browser refuses: its own choice for `lang` reads
  }
  if (onend) {
    utterance.onend = onend;
    utterance.onerror = onend;
  }
  if (!queue) s.cancel();
  G.current = utterance;
  s.speak(utterance);
  return null;
}

// ------------------------------------------------------------------ the text of an element
// What a reader sees of `el`: its text, ours and the hidden left out; a list item without
// the items of a list inside it (they have buttons of their own).
function visibleText(el) {
  const parts = [];
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child.nodeType === Node.TEXT_NODE) parts.push(child.data);
      else if (child.nodeType === Node.ELEMENT_NODE) {
        if (child.matches(SKIP)) continue;
        if (el.tagName === "LI" && child.matches("ul, ol")) continue;
        if (child.tagName === "BR") parts.push(" ");
        else if (getComputedStyle(child).display !== "none") walk(child);
      }
    }
  };
  walk(el);
  return parts.join("").replace(/\s+/g, " ").trim();
}

// ------------------------------------------------------------------ a 🔊 button
// The icons are drawn (not an emoji: a computer without an emoji font would show a box):
// a speaker with its sound, and a square to stop while it reads. Hidden from screen
// readers: the button's name says it.
const SVG = "http://www.w3.org/2000/svg";
const SHAPES = {
  speaker: [["path", { d: "M3 9v6h4l5 4V5L7 9H3z", fill: "currentColor" }],
            ["path", { d: "M15.5 8.5a4.5 4.5 0 0 1 0 7M18 6a8 8 0 0 1 0 12", fill: "none", stroke: "currentColor",
                       "stroke-width": "2", "stroke-linecap": "round" }]],
  stop: [["rect", { x: "6", y: "6", width: "12", height: "12", rx: "1.5", fill: "currentColor" }]],
};

function icon(name) {
  const svg = document.createElementNS(SVG, "svg");
  for (const [key, value] of Object.entries({ viewBox: "0 0 24 24", width: "18", height: "18", "aria-hidden": "true",
    focusable: "false", class: `rally-read-aloud__icon rally-read-aloud__icon--${name}` })) svg.setAttribute(key, value);
  for (const [tag, attrs] of SHAPES[name]) {
    const shape = document.createElementNS(SVG, tag);
    for (const [key, value] of Object.entries(attrs)) shape.setAttribute(key, value);
    svg.append(shape);
  }
  return svg;
}

// Words with the speaker drawn where they say {icon}.
function withIcon(text) {
  const out = document.createDocumentFragment();
  const [before, after] = String(text || "").split("{icon}");
  out.append(before);
  if (after !== undefined) out.append(icon("speaker"), after);
  return out;
}

function makeButton(labels, lang, read, noteAt) {
  const button = document.createElement("button");
  button.type = "button";
  button.className = BUTTON;
  button.dataset.rallyNoPicture = "";  // added by this page's script: not part of a widget's picture
  button.append(icon("speaker"), icon("stop"));
  button.setAttribute("aria-label", labels.read || "Read aloud");
  button.title = labels.read || "Read aloud";
  button.setAttribute("aria-pressed", "false");
  let reading = false;
  const stopped = () => {
    reading = false;
    button.setAttribute("aria-pressed", "false");
    button.setAttribute("aria-label", labels.read || "Read aloud");
  };
  button.addEventListener("click", async (event) => {
    event.stopPropagation();
    const s = synth();
    if (reading && s) {
      s.cancel();
      stopped();
      return;
    }
    const why = await speak(read(), lang, { onend: stopped });
    showNote(noteAt(button), why ? labels[why] : "");
    if (!why) {
      reading = true;
      button.setAttribute("aria-pressed", "true");
      button.setAttribute("aria-label", labels.stop || labels.read);
    }
  });
  // A double click on a lesson's text opens it for editing in JupyterLab: not on the button.
  button.addEventListener("dblclick", (event) => event.stopPropagation());
  button.addEventListener("mousedown", (event) => event.stopPropagation());
  return button;
}

// The note beside a button: why it cannot read (in words, never only a color), or none.
function showNote(after, text) {
  let note = after.nextElementSibling?.classList.contains(NOTE) ? after.nextElementSibling : null;
  if (!text) {
    note?.remove();
    return;
  }
  if (!note) {
    note = document.createElement("span");
    note.className = NOTE;
    note.dataset.rallyNoPicture = "";
    note.setAttribute("role", "status");
    after.after(note);
  }
  note.textContent = text;
}

// ------------------------------------------------------------------ kind "page"
function decorate(root, model) {
  const labels = model.get("labels") || {};
  const lang = model.get("language") || "en";
  // The lesson's text: the button first in the heading, paragraph or list item.
  for (const el of root.querySelectorAll(TEXT)) {
    if (el.tagName === "LI" && el.querySelector(":scope > p")) continue;  // its paragraphs have buttons
    const has = el.firstElementChild?.classList.contains(BUTTON);
    if (has || !visibleText(el)) continue;
    el.prepend(makeButton(labels, lang, () => visibleText(el), (b) => b));
  }
  // The widgets' messages: the button after the message area (inside a live region it
  // would be announced), shown while there are words to read.
  for (const el of root.querySelectorAll(MESSAGES)) {
    if (el.parentElement?.closest(MESSAGES) || el.closest(`.${NOTE}, .rally-read-aloud`)) continue;
    let button = el.nextElementSibling?.classList.contains(BUTTON) ? el.nextElementSibling : null;
    if (!button) {
      button = makeButton(labels, lang, () => visibleText(el), (b) => b);
      button.classList.add("rally-read-aloud__button--message");
      el.after(button);
    }
    const empty = !visibleText(el);
    if (button.hidden !== empty) button.hidden = empty;
  }
  // New moments: what each announcer says, read as it comes while the switch is on.
  for (const region of root.querySelectorAll(".rally-announcer")) {
    const said = `${region.dataset.count || ""}|${region.textContent}`;
    const before = G.heard.get(region);
    G.heard.set(region, said);
    if (before !== undefined && before !== said && region.textContent.trim() && switchOn(model.get("storage_key")))
      speak(region.textContent, lang, { queue: true });
  }
}

function undecorate(root) {
  for (const el of root.querySelectorAll(`.${BUTTON}, .${NOTE}`)) {
    if (!el.closest(".rally-read-aloud")) el.remove();
  }
}

function renderPage({ model, el }) {
  const labels = model.get("labels") || {};
  const lang = model.get("language") || "en";
  const key = model.get("storage_key");
  el.classList.add("rally-read-aloud");
  // What it shows depends on the device (its voices, the switch kept in this browser): the
  // site's picture of the lesson, drawn before Python is ready, leaves it out.
  el.dataset.rallyNoPicture = "";
  el.setAttribute("lang", lang);

  const row = document.createElement("div");
  row.className = "rally-read-aloud__row";
  const label = document.createElement("label");
  label.className = "rally-read-aloud__switch";
  const box = document.createElement("input");
  box.type = "checkbox";
  box.setAttribute("role", "switch");
  box.checked = switchOn(key);
  const words = document.createElement("span");
  words.textContent = labels.switch || "";
  label.append(box, icon("speaker"), words);
  const hint = document.createElement("span");
  hint.className = "rally-read-aloud__hint";
  hint.append(withIcon(labels.hint));
  row.append(label, hint);
  el.append(row);

  box.addEventListener("change", async () => {
    setSwitch(key, box.checked);
    const why = box.checked ? await speak(labels.on, lang) : null;
    if (!box.checked) synth()?.cancel();
    showNote(row, why ? labels[why] : "");
  });
  const follow = () => { box.checked = switchOn(key); };
  const onStorage = (event) => { if (!event.key || event.key === key) follow(); };
  window.addEventListener("rally-read-aloud-change", follow);
  window.addEventListener("storage", onStorage);

  // When this computer cannot read the lesson's language, show nothing that cannot work
  // (no switch, no 🔊 buttons), and where the lesson asks for it, say so at once, in words.
  let alive = true;
  let silent = false;
  cannotRead(lang).then((why) => {
    if (!alive || !why) return;
    silent = true;
    label.hidden = true;
    hint.hidden = true;
    if (model.get("say_when_silent")) showNote(row, labels[why]);
    else row.hidden = true;
    if (root) undecorate(root);
  });

  // The page around: the notebook this widget is in (JupyterLab, JupyterLite), or the app.
  let root = null;
  let observer = null;
  let pending = 0;
  const scan = () => {
    pending = 0;
    if (root && alive && !silent) decorate(root, model);
  };
  const later = () => { if (!pending) pending = setTimeout(scan, 60); };
  const attach = () => {
    if (!alive) return;
    if (!el.isConnected) {
      setTimeout(attach, 100);
      return;
    }
    root = el.closest(".jp-Notebook") || document.getElementById("rendered_cells") || document.body;
    if (!G.roots.has(root)) G.roots.set(root, new Set());
    G.roots.get(root).add(scan);
    observer = new MutationObserver(later);
    observer.observe(root, { childList: true, subtree: true, characterData: true });
    scan();
  };
  attach();

  return () => {
    alive = false;
    clearTimeout(pending);
    observer?.disconnect();
    window.removeEventListener("rally-read-aloud-change", follow);
    window.removeEventListener("storage", onStorage);
    const views = root && G.roots.get(root);
    if (views) {
      views.delete(scan);
      if (views.size === 0) {
        G.roots.delete(root);
        undecorate(root);
      }
    }
  };
}

// ------------------------------------------------------------------ kind "button"
function renderButton({ model, el }) {
  const labels = model.get("labels") || {};
  const lang = model.get("language") || "en";
  el.classList.add("rally-read-aloud", "rally-read-aloud--button");
  el.setAttribute("lang", lang);
  const button = makeButton(labels, lang, () => model.get("text"), (b) => b);
  el.append(button);
  // Shown while there are words to read and this computer can read the lesson's language.
  let silent = false;
  const show = () => { button.hidden = silent || !model.get("text"); };
  cannotRead(lang).then((why) => { silent = Boolean(why); show(); });
  const heard = () => {
    show();
    if (model.get("new") && model.get("text") && switchOn(model.get("storage_key")))
      speak(model.get("text"), lang, { queue: true });
  };
  show();
  model.on("change:count", heard);
  model.on("change:text", show);
  return () => {
    model.off("change:count", heard);
    model.off("change:text", show);
  };
}

function render(context) {
  return context.model.get("kind") === "button" ? renderButton(context) : renderPage(context);
}

export default { render };
