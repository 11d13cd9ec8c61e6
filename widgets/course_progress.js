// The learner's ticks on the course, kept in the browser (localStorage under the model's
// `storage_key`: a JSON list of lesson names). kind "done": a button that ticks its lesson
// off or takes the tick back; kind "progress": every lesson with ✓ or – (a dash: nothing to tap), its
// title a link where the page links the lesson. Every view on the
// page (and in other tabs) follows a change at once. Words come from Python (`labels`).

function read(key) {
  try {
    const list = JSON.parse(window.localStorage.getItem(key) || "[]");
    return Array.isArray(list) ? list.filter((name) => typeof name === "string") : [];
  } catch (err) {
    return null;  // storage off (private mode, blocked): say so, never fail
  }
}

function write(key, names) {
  try {
    window.localStorage.setItem(key, JSON.stringify(names));
    window.dispatchEvent(new CustomEvent("rally-course-change"));
    return true;
  } catch (err) {
    return false;
  }
}

function fill(text, values) {
  return (text || "").replace(/\{(\w+)\}/g, (all, name) => (name in values ? String(values[name]) : all));
}

// The page's own link to a lesson's notebook `file` (lesson 0 links every lesson in its text),
// or null: a link whose address, as the page resolves it, ends with the file's name (and is not
// this page's own).
function pageLink(file) {
  if (!file) return null;
  for (const link of document.querySelectorAll("a[href]")) {
    if (link.closest(".rally-course")) continue;
    try {
      const path = decodeURIComponent(new URL(link.href, document.baseURI).pathname);
      if (path.endsWith(`/${file}`) && path !== decodeURIComponent(location.pathname)) return link;
    } catch (err) { /* an address the page cannot read: not a lesson's */ }
  }
  return null;
}

// A lesson's title: a link where the page links the lesson (a tap on it is a tap on the page's own
// link, which knows how this page opens a lesson: the app view, JupyterLab, the site), else words.
function lessonLink(lesson) {
  const link = pageLink(lesson.file);
  const words = document.createElement(link ? "a" : "span");
  words.textContent = lesson.title;
  if (link) {
    words.href = link.href;
    words.addEventListener("click", (event) => {
      if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
      event.preventDefault();
      link.click();
    });
  }
  return words;
}

function render({ model, el }) {
  el.classList.add("rally-course");
  const labels = () => model.get("labels") || {};
  const key = () => model.get("storage_key");

  function showProgress() {
    const finished = read(key());
    el.replaceChildren();
    if (finished === null) {
      el.textContent = labels().storage || "";
      return;
    }
    const lessons = model.get("lessons") || [];
    const list = document.createElement("ol");
    let done = 0;
    for (const lesson of lessons) {
      const item = document.createElement("li");
      const isDone = finished.includes(lesson.name);
      done += isDone ? 1 : 0;
      item.className = isDone ? "rally-course__done" : "rally-course__open";
      item.dataset.lesson = lesson.name;
      const mark = document.createElement("span");
      mark.className = "rally-course__mark";
      mark.textContent = isDone ? "✓" : "–";
      mark.setAttribute("aria-hidden", "true");
      const words = lessonLink(lesson);
      // The mark shows the state; a screen reader hears it in words (on the link, where it goes).
      const said = `${lesson.title} (${isDone ? labels().done : labels().open})`;
      item.setAttribute("aria-label", said);
      if (words.href) words.setAttribute("aria-label", said);
      item.append(mark, words);
      list.append(item);
    }
    const count = document.createElement("p");
    count.className = "rally-course__count";
    count.textContent = fill(labels().count, { done, total: lessons.length });
    el.append(count);
    // A child who has ticked lessons off goes on with the first lesson after lesson 0 not ticked yet.
    const next = done ? lessons.slice(1).find((lesson) => !finished.includes(lesson.name)) : null;
    if (next && pageLink(next.file)) {
      const line = document.createElement("p");
      line.className = "rally-course__next";
      const lead = document.createElement("strong");
      lead.textContent = labels().next || "";
      line.append(lead, " ", lessonLink(next));
      el.append(line);
    }
    el.append(list);
  }

  function showDone() {
    const finished = read(key());
    el.replaceChildren();
    const button = document.createElement("button");
    button.type = "button";
    button.className = "rally-course__button";
    const note = document.createElement("p");  // its own line: read apart from the button
    note.className = "rally-course__note";
    note.setAttribute("aria-live", "polite");
    if (finished === null) {
      button.disabled = true;
      note.textContent = labels().storage || "";
    }
    const isDone = finished !== null && finished.includes(model.get("lesson"));
    button.textContent = isDone ? labels().ticked : labels().tick;
    button.setAttribute("aria-pressed", isDone ? "true" : "false");
    if (finished !== null) note.textContent = (isDone ? labels().note_ticked : labels().note_open) || "";
    button.addEventListener("click", () => {
      const now = read(key()) || [];
      const name = model.get("lesson");
      const next = now.includes(name) ? now.filter((n) => n !== name) : [...now, name];
      if (!write(key(), next)) note.textContent = labels().storage || "";
      const again = el.querySelector("button");
      if (again) again.focus();
    });
    el.append(button, note);
  }

  const show = () => (model.get("kind") === "done" ? showDone() : showProgress());
  const onStorage = (event) => {
    if (!event.key || event.key === key()) show();
  };
  window.addEventListener("rally-course-change", show);
  window.addEventListener("storage", onStorage);
  model.on("change", show);
  show();
  return () => {
    window.removeEventListener("rally-course-change", show);
    window.removeEventListener("storage", onStorage);
  };
}

export default { render };
