// FreePlayBoard: Rally Run's free play. Draws what Python sends (squares, the box's
// pieces, the cars, the engine's verdict) and sends back clicks; every rule is Python's.
// A tile is a button: grey arms from its middle to the sides it opens to; a broken side
// also carries a ✕, so no color stands alone. Every word comes from Python.

function html(tag, className, parent, text) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  if (text !== undefined) el.textContent = text;
  if (parent) parent.append(el);
  return el;
}

// A piece drawn small or large: its arms, and its word (the pit stop's, a start-finish
// tile's color; a road tile has none: its arms show its kind).
function drawPiece(box, piece) {
  box.replaceChildren();
  if (!piece.kind) return;
  const tile = html("span", `rfp-tile rfp-tile--${piece.color ? "start" : piece.kind === "P" ? "pit" : "road"}`, box);
  if (piece.hex) tile.style.setProperty("--rfp-color", piece.hex);
  for (const side of piece.openings) html("span", `rfp-arm rfp-arm--${side}`, tile);
  for (const side of piece.broken || []) html("span", `rfp-broken rfp-broken--${side}`, tile, "✕");
  html("span", "rfp-hub", tile);
  if (piece.mark) html("span", "rfp-letter", tile, piece.mark);
}

function render({ model, el }) {
  el.classList.add("rally-free-play");
  const status = html("div", "rfp-status", el);
  status.setAttribute("aria-live", "polite");
  const main = html("div", "rfp-main", el);
  const grid = html("div", "rfp-grid", main);
  grid.setAttribute("role", "group");  // a group of buttons, named (a "grid" role would need rows and cells)
  const side = html("div", "rfp-side", main);
  const boxTitle = html("div", "rfp-title", side);
  const box = html("div", "rfp-box", side);
  const carTitle = html("div", "rfp-title", side);
  const cars = html("div", "rfp-cars", side);
  const tools = html("div", "rfp-tools", side);
  const lift = html("button", "rfp-tool", tools);
  lift.type = "button";
  const round = html("button", "rfp-tool", tools);
  round.type = "button";
  // What a tool did (or why not) is said under the tools, where the finger is; what a
  // click on the grid or the box did is said above the grid.
  const said = html("div", "rfp-status rfp-said", side);
  said.setAttribute("aria-live", "polite");
  let saidBy = status;
  const verdict = html("div", "rfp-verdict", el);
  verdict.setAttribute("aria-live", "polite");

  const send = (message) => model.send(message);
  const sendFrom = (region, message) => { saidBy = region; send(message); };
  lift.addEventListener("click", () => sendFrom(said, { type: "mode", mode: model.get("mode") === "lift" ? "lay" : "lift" }));
  round.addEventListener("click", () => sendFrom(said, { type: "round" }));

  let trip = null;  // the car's trip round: { route, car, step, timer }
  function draw() {
    const labels = model.get("labels") || {};
    const rows = model.get("rows"), cols = model.get("cols");
    // Squares as wide as there is room for, up to --rfp-size: a phone shows the whole grid.
    grid.style.gridTemplateColumns = `repeat(${cols}, minmax(0, var(--rfp-size)))`;
    grid.setAttribute("aria-label", labels.grid || "");
    boxTitle.textContent = labels.box || "";
    carTitle.textContent = labels.cars || "";
    lift.textContent = labels.lift || "";
    lift.setAttribute("aria-pressed", String(model.get("mode") === "lift"));
    round.textContent = labels.round || "";
    const kind = model.get("status_kind"), text = model.get("status");
    for (const region of [status, said]) {
      region.textContent = region === saidBy && text ? (kind === "error" ? `⚠ ${text}` : text) : "";
      region.classList.toggle("rfp-status--error", kind === "error");
      region.setAttribute("role", region === saidBy && kind === "error" ? "alert" : "status");
    }
    verdict.textContent = model.get("verdict");

    grid.replaceChildren();
    for (const sq of model.get("squares")) {
      const button = html("button", "rfp-square", grid);
      button.type = "button";
      button.dataset.square = sq.square;
      button.setAttribute("aria-label", sq.label);
      button.title = sq.label;
      drawPiece(button, sq);
      for (const car of sq.cars) {
        const chip = html("span", "rfp-car", button, car.letter);
        chip.dataset.car = car.color;
        chip.style.background = car.hex;
        chip.style.color = car.text_hex;
      }
      html("span", "rfp-name", button, sq.square);
      button.addEventListener("click", () => sendFrom(status, { type: "click", square: sq.square }));
    }
    void rows;

    box.replaceChildren();
    for (const piece of model.get("pieces")) {
      const button = html("button", "rfp-piece", box);
      button.type = "button";
      button.dataset.piece = piece.code;
      button.disabled = piece.left === 0;
      button.setAttribute("aria-pressed", String(model.get("chosen_piece") === piece.code));
      button.setAttribute("aria-label", `${piece.words}: ${piece.left}`);
      button.title = piece.words;
      const icon = html("span", "rfp-icon", button);
      drawPiece(icon, piece);
      html("span", "rfp-count", button, `× ${piece.left}`);
      button.addEventListener("click", () => sendFrom(status, { type: "piece", name: piece.code }));
    }

    cars.replaceChildren();
    for (const car of model.get("car_buttons")) {
      const button = html("button", "rfp-car-button", cars);
      button.type = "button";
      button.dataset.car = car.color;
      button.setAttribute("aria-pressed", String(model.get("chosen_car") === car.color));
      button.setAttribute("aria-label", car.label);
      const chip = html("span", "rfp-car", button, car.letter);
      chip.style.background = car.hex;
      chip.style.color = car.text_hex;
      if (car.on) html("span", "", button, `· ${car.on}`);
      button.addEventListener("click", () => sendFrom(status, { type: "car", color: car.color }));
    }
  }

  // The trip as far as it has come, on the grid as drawn now (a redraw paints it again):
  // the squares passed keep a ring (the trail), the car stands on the square it has reached,
  // ringed thicker. With reduced motion the whole trail shows at once and the car stays.
  function paintTrip() {
    if (!trip) return;
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    const upto = still ? trip.route.length - 1 : trip.step;
    const squareOf = (name) => grid.querySelector(`[data-square="${name}"]`);
    for (const name of trip.route.slice(0, upto + 1)) squareOf(name)?.classList.add("is-on-route");
    if (still) return;
    const here = squareOf(trip.route[upto]);
    here?.classList.add("is-car-here");
    const chip = grid.querySelector(`.rfp-car[data-car="${trip.car}"]`);
    if (chip && here && chip.parentElement !== here) here.append(chip);
  }

  function endTrip() {
    if (trip) clearInterval(trip.timer);
    trip = null;
    redraw();
  }

  // After "Drive round": the car drives the route square by square, leaving a trail; the
  // trail stays a moment after it is back.
  function drive() {
    if (trip) clearInterval(trip.timer);
    trip = null;
    const route = model.get("route");
    if (!route.length) return redraw();
    trip = { route, car: model.get("driver"), step: 0, timer: 0 };
    redraw();
    const still = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    // The trip is watched on the grid: on a phone the "Drive round" button pressed may be
    // far below it, so the grid comes into view first.
    const box = grid.getBoundingClientRect();
    if (box.top < 0 || box.bottom > window.innerHeight) {
      grid.scrollIntoView({ block: "nearest", behavior: still ? "auto" : "smooth" });
    }
    if (still) {
      trip.timer = setTimeout(endTrip, 3000);
      return;
    }
    const current = trip;
    current.timer = setInterval(() => {
      if (current.step >= current.route.length - 1) {
        clearInterval(current.timer);
        current.timer = setTimeout(() => trip === current && endTrip(), 1500);
        return;
      }
      current.step += 1;
      grid.querySelectorAll(".is-car-here").forEach((b) => b.classList.remove("is-car-here"));
      paintTrip();
    }, 450);
  }

  const redraw = () => { draw(); paintTrip(); };
  model.on("change", redraw);
  model.on("change:route", drive);
  draw();
  return () => {
    if (trip) clearInterval(trip.timer);  // an interval's id or a timeout's: one pool
    model.off("change", redraw);
    model.off("change:route", drive);
  };
}

export default { render };
