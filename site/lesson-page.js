// Rally Notebooks on the static site: what JupyterLab's page does for a child
// (bin/site adds this script to lab/index.html, and so to each language's copy of that page:
// de/lab/, fr/lab/, es/lab/, zh/lab/; site/lesson_page.py, site/language_app.py).
// It uses JupyterLab's public commands and shell only (the site sets exposeAppInBrowser):
//
// - a lesson's widgets are drawn at once, as pictures (site/lesson_pictures.py), until its
//   Python is ready and the lesson's own run puts the live widgets in their place;
// - the lesson named in the address opens as soon as JupyterLab has started;
// - a lesson opens as a document: JupyterLab's simple interface, side panels closed;
// - a lesson runs itself as soon as its Python answers, with no "Run All" for the child;
//   <body data-rally-live="<path>"> says which lesson has run (tests and benchmarks read it);
//   just before, the lesson's folder on the kernel's drive leaves Python's import path;
// - a "Course map" button opens lesson 0 (its map of every lesson) in the same language;
// - once a lesson is live, the service worker (site/offline-worker.js) saves the whole site
//   for use with no network, and a note in the corner says how far it is and when it is done;
// - the browser's tab shows the lesson's title ("Lesson 0: Start here", the notebook's
//   metadata), not its file name: JupyterLab sets its own title, and it is put back.
(() => {
  "use strict";
  // The app's language is its folder's: de/lab/, fr/lab/, es/lab/, zh/lab/ (site/language_app.py); lab/ is English.
  const lang = (location.pathname.match(/\/(de|fr|es|zh)\/lab\//) || [null, "en"])[1];
  const plural = new Intl.PluralRules(lang);
  const ONE = (n) => plural.select(n) === "one";
  const ALL_WORDS = {
    de: {
      map: "Kursübersicht",
      mapLabel: "Kursübersicht: Lektion 0 mit allen Lektionen öffnen",
      saving: (percent) => `Die Lektionen werden gespeichert, damit sie auch ohne Internet funktionieren: ${percent}\u00a0%`,
      ready: "✓ Fertig gespeichert: Alle Lektionen funktionieren jetzt auch ohne Internet.",
      failed: (n) => (ONE(n) ? "1 Datei konnte" : `${n} Dateien konnten`) + " nicht gespeichert werden. Beim nächsten Besuch geht es weiter.",
      insecure: "Unter dieser Adresse lassen sich die Lektionen nicht für die Nutzung ohne Internet speichern. Dafür braucht die Adresse am Anfang „https“, eine sichere Verbindung.",
      close: "Hinweis schließen",
      start: "notebooks/de/00_hier_anfangen.ipynb",
    },
    fr: {
      map: "Plan des leçons",
      mapLabel: "Plan des leçons\u00a0: ouvrir la leçon 0, avec toutes les leçons",
      saving: (percent) => `Les leçons s’enregistrent pour marcher sans Internet\u00a0: ${percent}\u00a0%`,
      ready: "✓ C’est enregistré\u00a0: toutes les leçons marchent maintenant sans Internet.",
      failed: (n) => (ONE(n) ? "1 fichier n’a pas pu être enregistré." : `${n} fichiers n’ont pas pu être enregistrés.`) + " La suite se fera à la prochaine visite.",
      insecure: "À cette adresse, les leçons ne peuvent pas s’enregistrer pour marcher sans Internet. Pour cela, l’adresse doit commencer par «\u00a0https\u00a0», une connexion sûre.",
      close: "Fermer ce message",
      start: "notebooks/fr/00_commencer_ici.ipynb",
    },
    es: {
      map: "Mapa de lecciones",
      mapLabel: "Mapa de lecciones: abrir la lección 0, con todas las lecciones",
      saving: (percent) => `Guardando las lecciones para que funcionen sin internet: ${percent}\u00a0%`,
      ready: "✓ Ya está guardado: ahora todas las lecciones funcionan sin internet.",
      failed: (n) => (ONE(n) ? "No se ha podido guardar 1 archivo." : `No se han podido guardar ${n} archivos.`) + " Se seguirá en la próxima visita.",
      insecure: "En esta dirección no se pueden guardar las lecciones para usarlas sin internet. Para eso, la dirección tiene que empezar por «https», una conexión segura.",
      close: "Cerrar este aviso",
      start: "notebooks/es/00_empieza_aqui.ipynb",
    },
    zh: {
      map: "课程地图",
      mapLabel: "课程地图：打开第 0 课，里面有所有的课",
      saving: (percent) => `正在保存课程，这样没有网络也能用：${percent}%`,
      ready: "✓ 保存好了：现在所有的课没有网络也能用。",
      failed: (n) => `有 ${n} 个文件没能保存。下次打开时会接着保存。`,
      insecure: "在这个网址下，课程不能保存下来离线使用。网址要以“https”开头，也就是安全连接。",
      close: "关闭这条提示",
      start: "notebooks/zh/00_cong_zheli_kaishi.ipynb",
    },
    en: {
      map: "Course map",
      mapLabel: "Course map: open lesson 0, with every lesson",
      saving: (percent) => `Saving the lessons for use without internet: ${percent}%`,
      ready: "✓ Offline ready: every lesson now works without internet.",
      failed: (n) => (ONE(n) ? "1 file" : `${n} files`) + " could not be saved; saving goes on at the next visit.",
      insecure: "This address cannot save the lessons for use without internet (that needs https).",
      close: "Close this note",
      start: "notebooks/00_start_here.ipynb",
    },
  };
  const WORDS = ALL_WORDS[lang];

  const until = (test) => new Promise((resolve) => {
    const look = () => { const value = test(); if (value) resolve(value); else setTimeout(look, 50); };
    look();
  });

  const style = document.createElement("style");
  style.textContent = `
    .rally-site-map, .rally-offline { position: fixed; z-index: 10000; font: 15px/1.3 system-ui, sans-serif; }
    .rally-site-map { top: 4px; right: 8px; min-height: 30px; padding: 4px 12px; border: 2px solid #1d4ed8;
      border-radius: 6px; background: #fff; color: #1d4ed8; font-weight: 600; cursor: pointer; }
    .rally-site-map:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
    .rally-offline { right: 8px; bottom: 30px; max-width: min(420px, calc(100vw - 16px)); padding: 6px 10px;
      border: 1px solid #1e3a8a; border-radius: 6px; background: #eff6ff; color: #1e3a8a; display: flex;
      gap: 8px; align-items: center; }
    .rally-offline[hidden] { display: none; }
    .rally-offline button { min-width: 30px; min-height: 30px; border: 1px solid #1e3a8a; border-radius: 4px;
      background: #fff; color: #1e3a8a; cursor: pointer; }
    /* A picture draws inside its own box, never over the page (its CSS may say position: fixed). */
    .rally-picture { cursor: progress; contain: layout paint; }
    .rally-picture__words { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    @media (pointer: coarse) { .rally-site-map, .rally-offline button { min-height: 44px; min-width: 44px; } }
    /* A phone: JupyterLab's menu bar needs the top's whole width (its overflow menu sits
       at the right), so the button goes to the bottom, the note above it. */
    @media (max-width: 600px) {
      .rally-site-map { top: auto; bottom: 30px; left: 40px; right: auto; }
      .rally-offline { bottom: 82px; }
    }`;
  document.head.append(style);

  // The note on saving for offline use: a live region, so a screen reader hears it too.
  const note = document.createElement("div");
  note.className = "rally-offline";
  note.setAttribute("role", "status");
  note.hidden = true;
  const noteText = document.createElement("span");
  const closeNote = document.createElement("button");
  closeNote.type = "button";
  closeNote.textContent = "×";
  closeNote.setAttribute("aria-label", WORDS.close);
  closeNote.addEventListener("click", () => { note.hidden = true; note.dataset.closed = "true"; });
  note.append(noteText, closeNote);

  let asked = false;  // the note shows progress only once this page asked for saving
  const say = (text) => {
    noteText.textContent = text;
    if (note.dataset.closed !== "true") note.hidden = false;
  };
  const showOffline = (s) => {
    if (!s || s.type !== "rally-offline" || !(s.complete || asked)) return;
    document.body.dataset.rallyOffline = s.complete ? "ready" : "saving";
    document.body.dataset.rallyOfflineVersion = s.version;
    if (s.complete) say(WORDS.ready);
    else if (s.failed && s.saved + s.failed >= s.total) say(WORDS.failed(s.failed));
    else say(WORDS.saving(Math.floor((100 * s.saved) / Math.max(1, s.total))));
  };

  // Ask the worker that controls the page (the newest build's, once it has taken over);
  // again every half minute while saving is not done: a browser may stop a worker that
  // works for minutes, and saving then goes on from where it stopped.
  const worker = () => navigator.serviceWorker.controller;
  let again = null;
  function saveForOffline() {
    if (!("serviceWorker" in navigator)) return;
    asked = true;
    if (navigator.storage && navigator.storage.persist) navigator.storage.persist().catch(() => {});
    worker()?.postMessage({ type: "rally-offline-save" });
    again ??= setInterval(() => {
      if (document.body.dataset.rallyOffline === "ready") { clearInterval(again); return; }
      worker()?.postMessage({ type: "rally-offline-save" });
    }, 30_000);
  }
  if ("serviceWorker" in navigator) {
    // Only the worker in charge speaks for the site: an older build's worker, still
    // finishing, is old news.
    navigator.serviceWorker.addEventListener("message", (event) => {
      if (event.source === worker()) showOffline(event.data);
    });
    const ask = () => {
      worker()?.postMessage({ type: "rally-offline-status" });
      if (asked) worker()?.postMessage({ type: "rally-offline-save" });
    };
    navigator.serviceWorker.addEventListener("controllerchange", () => {
      delete document.body.dataset.rallyOffline;
      ask();
    });
    navigator.serviceWorker.ready.then(ask).catch(() => {});
  } else if (!window.isSecureContext) {
    // Browsers keep a site for offline use only from https (or this computer itself).
    setTimeout(() => say(WORDS.insecure), 0);
  }

  // The lesson's widgets at once: the site's copy of a lesson holds a picture of each
  // widget output (site/lesson_pictures.py), drawn by this renderer until the lesson's own
  // run puts the live widget in its place. A picture is not clickable and is hidden from
  // screen readers, which read the widget's words instead.
  const PICTURE = "application/vnd.rally-notebooks.picture+json";
  // A picture is drawn from a notebook file, and a file may come from anywhere. What it may
  // hold is site/picture-policy.json, put in here by site/lesson_page.py (the build cleans
  // the site's own pictures by the same file, with nh3). DOMPurify keeps the policy's tags
  // and attributes, and an attribute whose value names an address but a place in the
  // picture (url(#id)) goes. A style (a rule, or an element's style attribute) is kept only
  // if the browser's own reading of it, escapes undone, calls no function but the policy's:
  // so no url(), image-set() or image(); @import, @font-face and every other at-rule but
  // the policy's go. The picture is drawn in a shadow root, so its CSS styles nothing else,
  // and the page keeps whatever it draws inside its own box (.rally-picture's contain).
  const POLICY = __PICTURE_POLICY__;
  const FUNCTIONS = new Set(POLICY.css_functions);
  // CSS rules by kind: style rules, the declarations nested in them, and the policy's
  // at-rules (media: CSSMediaRule, supports: CSSSupportsRule).
  const RULE_KINDS = [window.CSSStyleRule, window.CSSNestedDeclarations,
    ...POLICY.css_at_rules.map((name) => window[`CSS${name[0].toUpperCase()}${name.slice(1)}Rule`])].filter(Boolean);
  // Every name before a "(" in the serialized CSS (a CSS name is letters, digits, "-", "_"
  // and any non-ASCII letter); a backslash would be an escape the serializer kept.
  const harmless = (css) => !css.includes("\\")
    && [...css.matchAll(/([\w\u0080-\uFFFF-]*)\(/g)].every(([, name]) => !name || FUNCTIONS.has(name.toLowerCase()));
  function prune(owner) {  // a style sheet, or a rule holding rules: what the policy refuses goes
    for (let i = owner.cssRules.length - 1; i >= 0; i--) {
      const rule = owner.cssRules[i];
      if (!RULE_KINDS.some((kind) => rule instanceof kind) || (rule.style && !harmless(rule.style.cssText))) {
        owner.deleteRule(i);
      } else if (rule.cssRules) {
        prune(rule);
      }
    }
  }
  function pictureSheet(css) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);  // a constructed style sheet takes no @import
    try {
      prune(sheet);
    } catch {
      sheet.replaceSync("");  // an @namespace rule cannot be deleted while others remain: none kept
    }
    return sheet;
  }
  // Inside its shadow root a picture is styled as the live widget is outside one: by the
  // page's own style sheets (JupyterLab's, the widgets' base rules), copied into one sheet
  // that every picture shares and that follows the page's as they grow. Linked sheets are
  // left out: their relative addresses would be read from the page's folder (the theme's
  // variables reach a picture anyway, as inherited values do).
  const pageSheet = new CSSStyleSheet();
  let pageRules = -1;
  function pageStyles() {
    const own = [...document.styleSheets].filter((sheet) => !sheet.href);
    const count = own.reduce((sum, sheet) => sum + sheet.cssRules.length, 0);
    if (count !== pageRules) {
      pageRules = count;
      pageSheet.replaceSync(own.flatMap((sheet) => [...sheet.cssRules].map((rule) => rule.cssText)).join("\n"));
    }
    return pageSheet;
  }
  const purify = window.DOMPurify();  // an instance of its own, with the style check
  const probe = document.implementation.createHTMLDocument("").createElement("div");  // never drawn
  purify.addHook("uponSanitizeAttribute", (_node, attribute) => {
    if (attribute.attrName !== "style") return;
    probe.setAttribute("style", attribute.attrValue);
    attribute.attrValue = probe.style.cssText;  // what was checked is what is kept
    attribute.keepAttr = harmless(attribute.attrValue);
  });
  const PURIFY = {
    ALLOWED_TAGS: POLICY.tags,
    ALLOWED_ATTR: POLICY.attributes,
    ALLOW_DATA_ATTR: POLICY.attribute_prefixes.includes("data-"),
    ALLOW_ARIA_ATTR: POLICY.attribute_prefixes.includes("aria-"),
    ALLOWED_URI_REGEXP: new RegExp(POLICY.attribute_value, "i"),
    RETURN_DOM_FRAGMENT: true,
  };
  const fitting = new WeakMap();  // renderer -> the ResizeObserver that fits its figures
  function pictureFactory(html) {  // html: JupyterLab's own text/html renderer factory
    return {
      safe: true,  // drawn cleaned of anything that runs or loads, its CSS kept inside it
      mimeTypes: [PICTURE],
      defaultRank: 5,
      createRenderer(options) {
        const renderer = html.createRenderer({ ...options, mimeType: "text/html" });
        renderer.removeClass("jp-RenderedHTMLCommon");  // the widget's own look, not a document's
        renderer.removeClass("jp-RenderedHTML");
        renderer.addClass("rally-picture");
        renderer.renderModel = async (model) => {
          const picture = model.data[PICTURE] || {};
          const view = document.createElement("div");
          view.className = "rally-picture__view";
          view.inert = true;
          view.setAttribute("aria-hidden", "true");
          const root = view.attachShadow({ mode: "open" });
          root.adoptedStyleSheets = [pageStyles(), pictureSheet(String(picture.css || ""))];
          // The widgets' rules name the output they were drawn in.
          const output = document.createElement("div");
          output.className = "jp-OutputArea-output";
          output.append(purify.sanitize(String(picture.html || ""), PURIFY));
          root.append(output);
          const words = document.createElement("div");
          words.className = "rally-picture__words";
          words.textContent = picture.text || "";
          renderer.node.replaceChildren(view, words);
          // A figure's picture was taken on a wide screen (Plotly sizes a figure to its
          // place): on a narrower one it is drawn smaller, as the live figure would be.
          const fit = () => {
            for (const figure of root.querySelectorAll(".svg-container")) {
              figure.style.zoom = "";
              const room = view.getBoundingClientRect().right - figure.getBoundingClientRect().left;
              if (room > 0 && figure.offsetWidth > room) figure.style.zoom = String(room / figure.offsetWidth);
            }
          };
          fitting.get(renderer)?.disconnect();
          const observer = new ResizeObserver(fit);
          observer.observe(renderer.node);
          fitting.set(renderer, observer);
        };
        return renderer;
      },
    };
  }
  const withPictures = (rendermime) => {
    if (!rendermime || rendermime.mimeTypes.includes(PICTURE)) return false;
    const html = rendermime.getFactory("text/html");
    if (html) rendermime.addFactory(pictureFactory(html), 5);
    return Boolean(html);
  };
  // Every notebook opened from now on draws pictures; one opened before this script found
  // the app (JupyterLab opens the lesson as it starts) draws its outputs again.
  function drawPictures(app) {
    const notebooks = () => app.docRegistry.getWidgetFactory("notebook");
    withPictures(notebooks()?.rendermime);
    app.docRegistry.changed.connect(() => withPictures(notebooks()?.rendermime));
    const redraw = (panel) => {
      if (!isNotebook(panel) || !withPictures(panel.content.rendermime)) return;
      for (const cell of panel.content.widgets) {
        const outputs = cell.model.outputs;
        for (let i = 0; outputs && i < outputs.length; i++) {
          if (PICTURE in outputs.get(i).data) outputs.set(i, outputs.get(i).toJSON());
        }
      }
    };
    app.restored.then(() => { for (const panel of app.shell.widgets("main")) redraw(panel); });
  }

  // The simple interface (one document), side panels closed. Applied when a lesson opens:
  // JupyterLab opens the file browser for a lesson named in the address after it starts.
  async function asDocument(app) {
    if (app.shell.mode !== "single-document") {
      await app.commands.execute("application:set-mode", { mode: "single-document" });
    }
    app.shell.collapseLeft();
    app.shell.collapseRight();
  }

  // The lesson named in the address opens as soon as JupyterLab has started. JupyterLite's
  // own opener waits until the last visit's layout is restored (about a second later on a
  // laptop); it then finds the lesson open and only brings it to the front.
  async function openAtOnce(app) {
    const path = new URLSearchParams(location.search).get("path");
    if (!path || !path.endsWith(".ipynb")) return;
    await app.started;
    await app.commands.execute("docmanager:open", { path });
  }

  // One lesson at a time: every Python in the page takes a tablet's memory and time, so the
  // lesson in front closes the others (the lessons open at the last visit, which JupyterLab
  // opens again, or the lesson left for another) and stops their Python. What a learner
  // keeps (the ticks) lives in the browser's storage.
  const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const inFront = (app, panel) => !panel.isDisposed && app.shell.currentWidget === panel;
  async function closeOthers(app, keep) {
    for (const widget of [...app.shell.widgets("main")]) {
      if (!inFront(app, keep)) return;  // another lesson came to the front: it decides
      if (widget === keep || widget.isDisposed || !widget.sessionContext || !widget.context) continue;
      // A Python still starting is let finish first: stopped half-way, JupyterLite's kernel
      // leaves a promise rejected that nobody hears.
      for (let waited = 0; !widget.isDisposed && !widget.sessionContext.session && waited < 60_000; waited += 200) {
        await pause(200);
      }
      const kernel = widget.sessionContext.session?.kernel;
      if (kernel) await Promise.race([kernel.info.catch(() => {}), pause(60_000)]);
      if (!inFront(app, keep) || widget.isDisposed || widget === app.shell.currentWidget) continue;
      widget.context.model.dirty = false;  // no "save your changes?" question for a child
      await widget.sessionContext.shutdown().catch(() => {});
      if (!widget.isDisposed) widget.close();
    }
  }

  const isNotebook = (panel) => Boolean(panel && panel.sessionContext && panel.content && "widgets" in panel.content);

  // The tab's title: the current lesson's, kept when JupyterLab writes its own.
  let tabTitle = null;
  const keepTitle = () => { if (tabTitle && document.title !== tabTitle) document.title = tabTitle; };
  new MutationObserver(keepTitle).observe(document.head, { childList: true, characterData: true, subtree: true });
  async function titleFor(panel) {
    if (!isNotebook(panel)) return;
    await panel.context.ready;
    if (panel.isDisposed) return;
    const title = panel.context.model.getMetadata?.("title");
    tabTitle = typeof title === "string" && title.trim() ? title.trim() : null;
    keepTitle();
  }
  // Python's import path without the lesson's folder (Pyodide puts '' first, the kernel's
  // current folder, /drive/notebooks). The lessons import only installed packages (rally,
  // widgets, the standard library), so they need nothing from there; and in the kernel's
  // worker every look at /drive is a synchronous request, during which WebKit runs Pyodide's
  // PyProxy finalizer without Python's lock (NoGilError, issue 43, docs/site.md). The
  // current folder stays /drive/notebooks: only imports no longer look there.
  const PYTHON_SETUP = "import sys\n" +
    "sys.path[:] = [p for p in sys.path if p not in ('', '.') and not p.startswith('/drive')]";
  const ran = new WeakSet();
  async function runWhenReady(app, panel) {
    if (!isNotebook(panel) || ran.has(panel)) return;  // each notebook once
    ran.add(panel);
    await panel.context.ready;
    if (!inFront(app, panel)) return;
    await closeOthers(app, panel);
    await asDocument(app);
    await panel.sessionContext.ready;
    const kernel = await until(() => panel.isDisposed || panel.sessionContext.session?.kernel);
    if (panel.isDisposed) return;
    await kernel.info;  // Python has answered: it is ready
    if (!inFront(app, panel)) return;  // another lesson was opened meanwhile
    await asDocument(app);
    await kernel.requestExecute({ code: PYTHON_SETUP, silent: true, store_history: false }).done;
    if (!inFront(app, panel)) return;
    // Run All makes the last cell active and scrolls to it; the child stays where they read.
    const notebook = panel.content, scroller = notebook.outerNode || notebook.node;
    const top = scroller.scrollTop, active = notebook.activeCellIndex;
    const running = app.commands.execute("notebook:run-all-cells", { widgetId: panel.id });
    const stay = () => { if (!panel.isDisposed) { notebook.activeCellIndex = active; scroller.scrollTop = top; } };
    requestAnimationFrame(() => requestAnimationFrame(stay));
    await running;
    if (panel.isDisposed) return;
    stay();
    document.body.dataset.rallyLive = panel.context.path;
    saveForOffline();
  }

  until(() => window.jupyterapp).then(async (app) => {
    drawPictures(app);
    openAtOnce(app).catch((error) => console.warn("Rally Notebooks:", error));
    await app.restored;
    await asDocument(app);
    // JupyterLite shows a lesson named in the address in the file browser: not for a child.
    app.commands.commandExecuted.connect((_commands, { id, result }) => {
      const collapse = () => app.shell.collapseLeft();
      if (id === "docmanager:show-in-file-browser") Promise.resolve(result).then(collapse, collapse);
    });
    const map = document.createElement("button");
    map.type = "button";
    map.className = "rally-site-map";
    map.textContent = WORDS.map;
    map.setAttribute("aria-label", WORDS.mapLabel);
    const complain = (error) => console.warn("Rally Notebooks:", error);
    map.addEventListener("click", () => app.commands.execute("docmanager:open", { path: WORDS.start }).catch(complain));
    document.body.append(map, note);
    runWhenReady(app, app.shell.currentWidget).catch(complain);
    titleFor(app.shell.currentWidget).catch(complain);
    app.shell.currentChanged.connect((_shell, change) => {
      runWhenReady(app, change.newValue).catch(complain);
      titleFor(change.newValue).catch(complain);
    });
  }).catch((error) => console.warn("Rally Notebooks:", error));
})();
