// RallyRunBoard: the board as SVG, drawn from the plain data Python sends (face-down
// tiles arrive without kind or rotation). Clicks go back to Python as messages; the
// rules and every refusal come from there. Every word shown comes from Python too (the
// labels trait and the texts in the data), in the language the lesson speaks.

const SVG = "http://www.w3.org/2000/svg";
const S = 80; // cell size
// The board's text size, in units: 16 where the board has room; larger on a narrow screen,
// where the whole board is scaled down to fit, so that no word on it is under 14 px on a
// 360-px phone (under 12 px on none: below about 300 px of room the text stops growing).
const TEXT = 16;
const TEXT_MAX = 28;
const SMALLEST_PX = 14.1; // the smallest word on a phone, 14 px, with room for rounding
// The board being drawn: its text size and its room for the row numbers and the column
// letters, which grows with the text (set by drawBoard, for every board of the page in turn).
let T = TEXT;
let ML = T + 6;
let MT = T + 4;
const REST = 6 + 7 * S + 4; // the board's width in units, but for its text size (ML = T + 6)
const HALF = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const OPPOSITE = { N: "S", E: "W", S: "N", W: "E" };
const SLOTS = [[-1, -1], [1, -1], [1, 1], [-1, 1]]; // a corner of the cell per seat
const SLOT = 0.27; // how far toward its corner a car stands

function svg(tag, attrs, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs || {})) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

function html(tag, className, parent, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  if (parent) parent.append(node);
  return node;
}

function xOf(col) {
  return ML + (col + 1) * S;
}

function yOf(row) {
  return MT + row * S;
}

// Pattern ids are page-wide: each board gets its own, so its stripes and checks never
// depend on another board of the page (one scrolled away or not drawn is not painted).
let boards = 0;

function defs(root, uid) {
  const d = svg("defs", {}, root);
  const back = svg("pattern", { id: `${uid}-back`, width: 8, height: 8, patternUnits: "userSpaceOnUse",
    patternTransform: "rotate(45)" }, d);
  svg("rect", { width: 8, height: 8, fill: "#cbd5e1" }, back);
  svg("rect", { width: 3, height: 8, fill: "#64748b" }, back);
  const checker = svg("pattern", { id: `${uid}-checker`, width: 10, height: 10, patternUnits: "userSpaceOnUse" }, d);
  svg("rect", { width: 10, height: 10, fill: "#ffffff" }, checker);
  svg("rect", { width: 5, height: 5, fill: "#111827" }, checker);
  svg("rect", { x: 5, y: 5, width: 5, height: 5, fill: "#111827" }, checker);
}

// A road tile: grey roads from the centre to each opening; a curve bends through the
// centre; a dead end stops at a bar. The road's shape shows the kind, never a letter: a
// letter would read as a driver's initial (C: a curve or Cy's car?).
function drawTile(g, x, y, size, kind, openings) {
  const cx = x + size / 2;
  const cy = y + size / 2;
  const h = size / 2;
  svg("rect", { x, y, width: size, height: size, class: "rr-tile" }, g);
  const ends = openings.map((d) => [cx + HALF[d][0] * h, cy + HALF[d][1] * h]);
  let path;
  if (kind === "C") {
    path = `M${ends[0][0]},${ends[0][1]} Q${cx},${cy} ${ends[1][0]},${ends[1][1]}`;
  } else {
    path = ends.map(([ex, ey]) => `M${cx},${cy} L${ex},${ey}`).join(" ");
  }
  svg("path", { d: path, class: "rr-road", "stroke-width": size * 0.3 }, g);
  svg("path", { d: path, class: "rr-road-line" }, g);
  if (kind === "D") {
    const [dx, dy] = HALF[openings[0]];
    const w = size * 0.22;
    svg("line", { x1: cx - dy * w, y1: cy - dx * w, x2: cx + dy * w, y2: cy + dx * w, class: "rr-dead-bar" }, g);
  }
}

// How wide an SVG text is drawn: measured once the board is on the page, else a guess from
// its letters (the board is drawn again once it is on the page).
function widthOf(text) {
  return (text.getComputedTextLength ? text.getComputedTextLength() : 0) || text.textContent.length * T * 0.55;
}

// A text wider than its room is squeezed to fit, not cut (measured once the board is on
// the page: the board is drawn again then).
function fit(text, room) {
  const wide = text.getComputedTextLength ? text.getComputedTextLength() : 0;
  if (wide > room) {
    text.setAttribute("textLength", String(room));
    text.setAttribute("lengthAdjust", "spacingAndGlyphs");
  }
  return text;
}

// ``words`` in lines no wider than ``room`` (as drawn with class ``cls`` in ``g``), broken
// at spaces, after hyphens and at soft hyphens (U+00AD, which a translator puts in a long
// word: a line broken there ends in "-"); a single part wider than the room is a line of its own.
function wrap(g, words, cls, room) {
  const probe = svg("text", { x: 0, y: 0, class: cls, visibility: "hidden" }, g);
  const wide = (text) => {
    probe.textContent = text;
    return widthOf(probe);
  };
  const shown = (line) => line.trim().replace(/\u00AD$/, "-").replace(/\u00AD/g, "");
  const lines = [];
  for (const part of words.split(/(?<=[\s\-\u00AD])/)) {
    const last = lines.length - 1;
    if (last >= 0 && wide(shown(lines[last] + part)) <= room) lines[last] += part;
    else lines.push(part);
  }
  probe.remove();
  return lines.map(shown).filter(Boolean);
}

function drawCar(g, car, cx, cy, r = 12) {
  // The label's size is the board's text size (in a player's list: 16).
  let shape;
  const style = { fill: car.hex, class: "rr-car-shape" };
  if (car.shape === "circle") shape = svg("circle", { cx, cy, r, ...style }, g);
  else if (car.shape === "square") shape = svg("rect", { x: cx - r, y: cy - r, width: 2 * r, height: 2 * r, ...style }, g);
  else if (car.shape === "triangle") {
    shape = svg("polygon", { points: `${cx},${cy - r - 2} ${cx + r + 2},${cy + r} ${cx - r - 2},${cy + r}`, ...style }, g);
  } else {
    shape = svg("polygon", { points: `${cx},${cy - r - 2} ${cx + r + 2},${cy} ${cx},${cy + r + 2} ${cx - r - 2},${cy}`,
      ...style }, g);
  }
  svg("title", {}, shape).textContent = car.title ?? car.name;
  const t = svg("text", { x: cx, y: cy + r * 0.4, class: "rr-car-label", fill: car.text_hex }, g);
  t.textContent = car.label;
  fit(t, 2 * r);
}

// A word on a plate over a tile, at the board's text size (14 px or more on a phone). A longer
// word's plate reaches over the tile's edges, never as far as its neighbours' middles (where
// their own marks are: the caller draws badges after every tile); longer still, it is broken
// into lines (see wrap), and a part still too wide is squeezed.
function badge(g, x, y, text, place = "middle", lo = x, hi = x + S) {
  const most = Math.min(S * 1.45, hi - lo) - 8;
  const lines = wrap(g, text, "rr-badge-text", most);
  const pitch = T + 2;
  const h = lines.length * pitch + 2;
  // In the middle: the cars stand in the corners (see SLOTS), so they never hide it. On
  // the pit stop it sits low, below the trophies left; on a tile being laid, at an edge its
  // road does not reach (see edgeClear), so the road the learner must judge stays in view.
  const cy = { middle: y + S / 2, top: y + h / 2 + 1, bottom: y + S - h / 2 - 1 }[place];
  const plate = svg("rect", { y: cy - h / 2, height: h, rx: 3, class: "rr-badge" }, g);
  let widest = 0;
  const texts = [];
  lines.forEach((line, i) => {
    const t = svg("text", { x: x + S / 2, y: cy - h / 2 + 1 + i * pitch + pitch / 2 + T * 0.375,
      class: "rr-badge-text" }, g);
    texts.push(t);
    t.textContent = line;
    widest = Math.max(widest, widthOf(t));
    fit(t, most);
  });
  // The plate stays between ``lo`` and ``hi`` (never over a start tile's word, nor over a
  // neighbour's own badge), its words moved with it.
  const w = Math.min(most, widest) + 8;
  const left = Math.max(lo, Math.min(x + S / 2 - w / 2, hi - w));
  plate.setAttribute("x", String(left));
  plate.setAttribute("width", String(w));
  for (const t of texts) t.setAttribute("x", String(left + w / 2));
}

// The edge of a tile a badge may cover: the top unless the road leaves there, then the bottom
// unless it leaves there too (then the top: it hides only the end of the road going up).
function edgeClear(openings) {
  return openings.includes("N") && !openings.includes("S") ? "bottom" : "top";
}

function render({ model, el }) {
  // A word of the page, as Python gives it; nothing (never a crash) if one is missing.
  const word = (key) => (model.get("labels") || {})[key] ?? "";
  // A tile's name and one more thing about it, joined as the language writes it ("…; …", French "… ; …").
  const withNote = (label, note) => word("with_note").replace("{label}", () => label).replace("{note}", () => note);
  el.classList.add("rally-run");
  boards += 1;
  const uid = `rr${boards}-${Math.random().toString(36).slice(2, 8)}`;
  const heading = html("div", "rally-run__heading", el);
  const prompt = html("div", "rally-run__prompt", el);
  const controls = html("div", "rally-run__controls", el);
  const moveButton = html("button", "rally-run__mode", controls);
  const swapButton = html("button", "rally-run__mode", controls);
  const seedLabel = html("label", "rally-run__seed", controls);
  const seedText = document.createTextNode("");
  seedLabel.append(seedText);
  const seedInput = html("input", "", seedLabel);
  seedInput.type = "number";
  seedInput.min = "0";
  const newButton = html("button", "rally-run__new", controls);
  const status = html("div", "rally-run__status", el);
  status.setAttribute("aria-live", "polite");
  const main = html("div", "rally-run__main", el);
  // Drawn at its own size where there is room; scaled down as a whole (viewBox) on a narrow
  // screen, start tiles and all (a 360-px phone: cells about 45 px wide), its text made
  // larger there (textSize) so no word on it is under 12 px.
  const boardBox = html("div", "rally-run__board-box", main);
  const board = svg("svg", { class: "rally-run__board", role: "group" }, boardBox);
  const side = html("div", "rally-run__side", main);
  // The ways to lay a tile come first, right under the board on a phone (walk 74: below the
  // players' list they were out of view while the board was in view).
  const rotations = html("div", "rally-run__rotations", side);
  const people = html("ul", "rally-run__players", side);
  const logBox = html("div", "rally-run__log", el);
  logBox.setAttribute("role", "log");
  logBox.tabIndex = 0;  // it scrolls: a keyboard must reach it to scroll it

  const send = (message) => model.send(message);
  for (const [button, mode] of [[moveButton, "move"], [swapButton, "swap"]]) {
    button.type = "button";
    button.addEventListener("click", () => send({ type: "mode", mode }));
  }
  newButton.type = "button";
  // The game number as it was dealt, untouched: the next game (a new board). A number typed
  // into the field, even the one it showed: that game (walk 78: a child who typed the number
  // of the game just lost got the next board, though the lesson says "same number, same board").
  let typedSeed = false;
  seedInput.addEventListener("input", () => { typedSeed = true; });
  newButton.addEventListener("click", () => {
    const typed = seedInput.value.trim();
    send(typedSeed || typed !== String(model.get("seed")) ? { type: "new", seed: typed } : { type: "new" });
    typedSeed = false;
  });

  let refocusing = false;  // keepFocus is putting the focus back after a redraw

  // Every place answers a click (a refused one says why), but only the places that do
  // something now are in the Tab order, so a keyboard user goes from target to target.
  function clickable(g, place, label, interactive, target, x, y) {
    g.dataset.place = place;
    g.setAttribute("aria-label", label);
    if (!interactive) {
      g.setAttribute("role", "img");  // a label needs a role, or assistive technology drops it
      return;
    }
    g.setAttribute("role", "button");
    g.setAttribute("tabindex", target ? "0" : "-1");
    svg("rect", { x: x + 1, y: y + 1, width: S - 2, height: S - 2, class: "rr-focus" }, g);
    g.addEventListener("click", () => send({ type: "click", place }));
    // A square the keyboard reaches is brought into view: a tall board on a short screen
    // (not the focus a redraw puts back, which stays where the page is).
    g.addEventListener("focus", () => { if (!refocusing) g.scrollIntoView({ block: "nearest", inline: "nearest" }); });
    g.addEventListener("keydown", (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        send({ type: "click", place });
      }
    });
  }

  // The text size (units) that shows 14 px or more when the board is drawn ``room`` px wide:
  // the board is T + REST units wide, so T * room / (T + REST) >= 14.
  function textSize(room) {
    if (!(room > 0)) return TEXT;
    if (room <= SMALLEST_PX) return TEXT_MAX;
    const wanted = Math.ceil((SMALLEST_PX * REST) / (room - SMALLEST_PX));
    return Math.min(TEXT_MAX, Math.max(TEXT, wanted));
  }

  // Cars in a row on one tile (a start-finish tile, the pit stop), a seat each: four spread
  // no wider than the tile, the outer cars' edges (and outlines) stay on it.
  function rowCarRadius() { return T * 0.625; }
  function carsApart(r) { return Math.min(S * 0.18, (S / 2 - r - 3) / 1.5); }

  // The pit stop: a white plate on the checks with its word and the trophies left, the
  // count broken into lines (at spaces, after hyphens) where it is wider than the plate; the
  // lines close up to 0.8 of the text size where there are many. A pit the car may enter has
  // its badge at the bottom, and the plate stays above it: with fewer lines to hold, the
  // count goes on one line (squeezed to fit), and on a phone's board only the word stays (the
  // tile's label still says the count). Cars on the pit stand in a row along its top
  // (rowCarRadius) and the plate goes below them: a car in a corner hid the word (walk 78:
  // "BIT"). Where a car and a badge leave no room for the word, the tile's label still says it.
  function drawPit(g, x, y, badged, occupied) {
    svg("rect", { x, y, width: S, height: S, fill: `url(#${uid}-checker)`, class: "rr-pit" }, g);
    const room = S - 12;
    const from = occupied ? y + 2 * rowCarRadius() + 4 : y + 3;
    const tall = y + S - 3 - (badged ? T + 8 : 0) - from;
    if (tall < 0.8 * T + 6) return;
    const most = Math.max(1, Math.floor((tall - 6) / (0.8 * T)));
    let lines = [word("pit"), ...wrap(g, word("trophies"), "rr-pit-count", room)];
    if (lines.length > most) lines = most >= 2 ? [word("pit"), word("trophies")] : [word("pit")];
    const pitch = Math.min(T + 2, (tall - 6) / lines.length);
    const high = lines.length * pitch + 6;
    const top = occupied ? from + (tall - high) / 2
      : Math.max(y + 3, Math.min(y + 38 - high / 2, y + 3 + tall - high));
    svg("rect", { x: x + 3, y: top, width: S - 6, height: high, rx: 4, class: "rr-pit-plate" }, g);
    lines.forEach((line, i) => {
      const text = svg("text", { x: x + S / 2, y: top + 3 + i * pitch + pitch / 2 + T * 0.35,
        class: i ? "rr-pit-count" : "rr-pit-text" }, g);
      text.textContent = line;
      fit(text, room);
    });
  }

  function drawBoard(interactive) {
    T = size;
    ML = T + 6;
    MT = T + 4;
    const boardWidth = T + REST, boardHeight = MT + 5 * S + 4;
    board.setAttribute("width", boardWidth);
    board.setAttribute("height", boardHeight);
    board.setAttribute("viewBox", `0 0 ${boardWidth} ${boardHeight}`);
    board.style.setProperty("--rr-text", `${T}px`);
    drawnOnPage = board.isConnected && board.getBoundingClientRect().width > 0;
    board.replaceChildren();
    defs(board, uid);
    for (let c = 0; c < 5; c += 1) {
      svg("text", { x: xOf(c) + S / 2, y: MT - 6, class: "rr-axis" }, board).textContent = "ABCDE"[c];
    }
    for (let r = 0; r < 5; r += 1) {
      svg("text", { x: T / 2, y: yOf(r) + S / 2 + T / 4, class: "rr-axis" }, board).textContent = String(r + 1);
    }
    const spots = {};
    const badges = [];  // drawn after every tile, which would cover a wide one's ends
    const carsAt = new Set(model.get("cars").map((car) => car.place));
    const pit = model.get("cells").find((c) => c.state === "pit")?.cell;
    for (const cell of model.get("cells")) {
      const x = xOf(cell.col);
      const y = yOf(cell.row);
      spots[cell.cell] = [x, y];
      const g = svg("g", { class: `rr-cell rr-cell--${cell.state}` }, board);
      let label = cell.label;
      if (cell.state === "down") {
        svg("rect", { x, y, width: S, height: S, fill: `url(#${uid}-back)`, class: "rr-back" }, g);
        svg("text", { x: x + S / 2, y: y + S / 2 + T * 0.375, class: "rr-hidden-mark" }, g).textContent =
          cell.target ? "" : "?";
      } else if (cell.state === "pit") {
        drawPit(g, x, y, Boolean(cell.target), carsAt.has(cell.cell));
      } else {
        drawTile(g, x, y, S, cell.kind, cell.openings);
      }
      if (cell.no_swap) {
        const mark = svg("text", { x: x + S - 3, y: y + T - 1, class: "rr-no-swap" }, g);
        mark.textContent = "⇄✕";
        svg("title", {}, mark).textContent = word("no_swap_title");
        label = withNote(label, word("no_swap_note"));
      }
      if (cell.pending) {
        svg("rect", { x: x + 3, y: y + 3, width: S - 6, height: S - 6, class: "rr-pending" }, g);
        badges.push([x, y, word("pending_badge"), edgeClear(cell.openings || []), cell.col, cell.row]);
        label = withNote(label, word("pending_note"));
      }
      if (cell.target) {
        svg("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, class: `rr-target rr-target--${cell.target}` }, g);
        badges.push([x, y, word(`badge_${cell.target}`), cell.state === "pit" ? "bottom" : "middle", cell.col, cell.row]);
        label = withNote(label, word(`click_${cell.target}`));
      }
      clickable(g, cell.cell, label, interactive, cell.target, x, y);
    }
    for (const sf of model.get("starts")) {
      const x = xOf(sf.col);
      const y = yOf(sf.row);
      spots[sf.color] = [x, y];
      const g = svg("g", { class: "rr-start" }, board);
      svg("rect", { x, y, width: S, height: S, fill: sf.hex, class: "rr-start-tile" }, g);
      const road = OPPOSITE[sf.side]; // the road runs toward the corner cell
      const stripX = road === "E" ? x : x + S - 10;
      svg("rect", { x: stripX, y, width: 10, height: S, fill: `url(#${uid}-checker)` }, g);
      const [dx] = HALF[road];
      svg("path", { d: `M${x + S / 2},${y + S / 2} L${x + S / 2 + (dx * S) / 2},${y + S / 2}`, class: "rr-road",
        "stroke-width": S * 0.22 }, g);
      // The color as a word, never a letter: a "B" here would read as Bo's car, not blue.
      // Centred on the tile beside its checkered strip, and no wider: a long word ("Grün",
      // "Gelb") is never cut by the checks.
      const free = road === "E" ? x + 10 : x;
      const colorWord = svg("text", { x: free + (S - 10) / 2, y: y + S - 4 - T / 8, class: "rr-start-word",
        fill: sf.text_hex }, g);
      colorWord.textContent = sf.word ?? "";
      fit(colorWord, S - 16);
      let label = sf.label;
      if (sf.target) {
        svg("rect", { x: x + 2, y: y + 2, width: S - 4, height: S - 4, class: "rr-target rr-target--finish" }, g);
        badges.push([x, y, word("badge_finish"), "middle", null, null]);
        label = withNote(label, word("click_finish"));
      }
      clickable(g, sf.color, label, interactive, sf.target, x, y);
    }
    // A guide points at places (the highlight trait): a thick ring round each, never catching a
    // click; under the badges and cars, which it would cut (walk 78: "revea|l").
    for (const place of model.get("highlight") || []) {
      if (!spots[place]) continue;
      const [x, y] = spots[place];
      svg("rect", { x: x - 3, y: y - 3, width: S + 6, height: S + 6, rx: 8, class: "rr-highlight" }, board);
    }
    // Over the tiles but never catching a click (the tile under it takes it), and said by
    // each tile's own label, not a second time.
    const plates = svg("g", { class: "rr-badges", "pointer-events": "none", "aria-hidden": "true" }, board);
    // A plate may reach over a cell beside it that shows only its "?" (face down, no badge,
    // no car), short of its middle: never over a road, the pit stop or a car (a start tile's
    // plate stays on its tile).
    const plain = new Set(model.get("cells").filter((c) => c.state === "down" && !c.target && !c.pending
      && !carsAt.has(c.cell)).map((c) => `${c.col},${c.row}`));
    const free = (col, row) => plain.has(`${col},${row}`);
    for (const [x, y, text, place, col, row] of badges) {
      const lo = col !== null && free(col - 1, row) ? x - S * 0.45 : x;
      const hi = col !== null && free(col + 1, row) ? x + S * 1.45 : x + S;
      badge(plates, x, y, text, place, lo, hi);
    }
    const startColors = new Set(model.get("starts").map((sf) => sf.color));
    for (const car of model.get("cars")) {
      const [x, y] = spots[car.place];
      const g = svg("g", { class: "rr-car" }, board);
      if (startColors.has(car.place)) {
        // On a start-finish tile: on its road, side by side, clear of the color word (on a
        // small board, raised above the word's accents: "Grün" keeps its dots).
        const r = rowCarRadius();
        const above = y + S - 4 - T / 8 - 0.95 * T - r - 1;
        drawCar(g, car, x + S / 2 + (car.seat - 1.5) * carsApart(r), Math.max(y + r + 1, Math.min(y + S / 2, above)), r);
      } else if (car.place === pit) {
        const r = rowCarRadius();
        drawCar(g, car, x + S / 2 + (car.seat - 1.5) * carsApart(r), y + r + 2, r);
      } else {
        const [sx, sy] = SLOTS[car.seat];
        drawCar(g, car, x + S / 2 + sx * S * SLOT, y + S / 2 + sy * S * SLOT, T * 0.75);
      }
    }
  }

  function drawPlayers() {
    people.replaceChildren();
    for (const p of model.get("players_info")) {
      const li = html("li", p.current ? "is-current" : "", people);
      const icon = svg("svg", { width: 26, height: 26, "aria-hidden": "true" }, li);
      drawCar(icon, { ...p, place: "" }, 13, 13, 9);
      const turn = p.current ? "▶ " : "";
      html("span", "", li, `${turn}${p.text ?? p.name}`);
    }
  }

  function drawRotations(interactive) {
    rotations.replaceChildren();
    const offered = model.get("rotations");
    const pointed = new Set(model.get("highlight") || []);  // a guide rings a choice: "rotation:3"
    if (!offered.length) return;
    html("div", "rally-run__rotations-title", rotations, word(interactive ? "rotations" : "rotations_shown"));
    for (const r of offered) {
      // A shown position draws the ways to lay the tile as pictures, not as buttons that
      // would look tappable and do nothing.
      const kind = r.trap ? "rally-run__rotation rally-run__rotation--trap" : "rally-run__rotation";
      const button = html(interactive ? "button" : "div", interactive ? kind : kind + " rally-run__rotation--shown",
        rotations);
      if (interactive) button.type = "button";
      else button.setAttribute("role", "img");
      const size = interactive ? 48 : 30;  // a shown way is a small picture beside its words
      const icon = svg("svg", { width: size, height: size, viewBox: "0 0 48 48", "aria-hidden": "true" }, button);
      drawTile(icon, 1, 1, 46, r.kind, r.openings);
      html("span", "", button, r.text ?? r.openings.join(", "));
      button.setAttribute("aria-label", r.label ?? r.words ?? "");
      button.dataset.rotation = String(r.rotation);
      button.classList.toggle("is-pointed", pointed.has(`rotation:${r.rotation}`));
      if (interactive) button.addEventListener("click", () => send({ type: "rotate", rotation: r.rotation }));
    }
  }

  // Keyboard focus survives a redraw: back on the same place, or on the first rotation
  // button when a tile waits to be laid, or on the first place to click after it is laid.
  function keepFocus(before) {
    if (!before) return;
    const first = rotations.querySelector("button");
    const again = before.place && board.querySelector(`[data-place="${before.place}"][tabindex="0"]`);
    // Once the game is over the move buttons are hidden: the focus goes to New game.
    const next = first || again || board.querySelector('[tabindex="0"]') || (model.get("over") ? newButton : moveButton);
    refocusing = true;
    next.focus({ preventScroll: true });
    refocusing = false;
  }

  function draw() {
    const active = document.activeElement;
    const before = el.contains(active) && (board.contains(active) || rotations.contains(active))
      ? { place: active.dataset?.place } : null;
    const interactive = model.get("interactive");
    moveButton.textContent = word("move_button");
    swapButton.textContent = word("swap_button");
    seedText.data = `${word("seed")} `;
    newButton.textContent = word("new_game");
    board.setAttribute("aria-label", word("board"));
    logBox.setAttribute("aria-label", word("log"));
    heading.textContent = model.get("heading");
    prompt.textContent = model.get("prompt");
    controls.style.display = interactive ? "" : "none";
    moveButton.hidden = swapButton.hidden = Boolean(model.get("over"));  // nothing to choose once it is over
    swapButton.classList.toggle("is-pointed", (model.get("highlight") || []).includes("swap"));  // a guide points at it
    newButton.classList.toggle("is-next", Boolean(model.get("over")));  // what there is to do then
    el.classList.toggle("is-paused", Boolean(model.get("paused")));
    const mode = model.get("mode");
    moveButton.setAttribute("aria-pressed", String(mode === "move"));
    swapButton.setAttribute("aria-pressed", String(mode === "swap"));
    if (document.activeElement !== seedInput) seedInput.value = String(model.get("seed"));
    const kind = model.get("status_kind");
    const text = model.get("status");
    status.textContent = text ? (kind === "error" ? `⚠ ${text}` : text) : "";
    status.setAttribute("role", kind === "error" ? "alert" : "status");
    status.className = `rally-run__status rally-run__status--${kind}`;
    drawBoard(interactive);
    drawPlayers();
    drawRotations(interactive);
    logBox.replaceChildren();
    const lines = model.get("log");
    const list = html("ol", "", logBox);
    list.start = Math.max(1, lines.length - 59);
    for (const line of lines.slice(-60)) html("li", "", list, line);
    logBox.style.display = lines.length ? "" : "none";
    logBox.scrollTop = logBox.scrollHeight;
    keepFocus(before);
  }

  // Python asks for the keyboard (after a guided game's tip): the rotation to choose, or
  // the first place to click, or the move button.
  const onMessage = (msg) => { if (msg?.type === "focus") keepFocus({}); };
  // The board's width on the page decides its text size; it is drawn again when that size
  // changes, and once it is first on the page (texts are measured to fit only there).
  let size = TEXT;
  let drawnOnPage = false;
  let pending = 0;
  const resized = new ResizeObserver(() => {
    cancelAnimationFrame(pending);
    pending = requestAnimationFrame(() => {
      const wanted = textSize(boardBox.clientWidth);
      if (wanted === size && drawnOnPage) return;
      size = wanted;
      draw();
    });
  });
  resized.observe(boardBox);
  model.on("change", draw);
  model.on("msg:custom", onMessage);
  draw();
  return () => {
    resized.disconnect();
    cancelAnimationFrame(pending);
    model.off("change", draw);
    model.off("msg:custom", onMessage);
  };
}

export default { render };
