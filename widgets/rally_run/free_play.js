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
  const verdict = html("div", "rfp-verdict", el);
  verdict.setAttribute("aria-live", "polite");

  const send = (message) => model.send(message);
  lift.addEventListener("click", () => send({ type: "mode", mode: model.get("mode") === "lift" ? "lay" : "lift" }));
  round.addEventListener("click", () => send({ type: "round" }));

  let moving = null;  // the car's trip round, square by square
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
    status.textContent = text ? (kind === "error" ? `⚠ ${text}` : text) : "";
    status.className = `rfp-status rfp-status--${kind}`;
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
        chip.style.background = car.hex;
        chip.style.color = car.text_hex;
      }
      html("span", "rfp-name", button, sq.square);
      button.addEventListener("click", () => send({ type: "click", square: sq.square }));
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
      button.addEventListener("click", () => send({ type: "piece", name: piece.code }));
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
      button.addEventListener("click", () => send({ type: "car", color: car.color }));
    }
  }

  // After "Drive round": the route's squares light up one after the other.
  function drive() {
    clearInterval(moving);
    const route = model.get("route");
    if (!route.length) return;
    let step = 0;
    moving = setInterval(() => {
      grid.querySelectorAll(".rfp-square.is-on-route").forEach((b) => b.classList.remove("is-on-route"));
      const here = grid.querySelector(`[data-square="${route[step]}"]`);
      if (here) here.classList.add("is-on-route");
      step += 1;
      if (step >= route.length) {
        clearInterval(moving);
        setTimeout(() => here && here.classList.remove("is-on-route"), 400);
      }
    }, 250);
  }

  model.on("change", draw);
  model.on("change:route", drive);
  draw();
  return () => { clearInterval(moving); model.off("change", draw); model.off("change:route", drive); };
}

export default { render };
