// MotorDial: an SVG dial. Position 0 is at the top and positions run clockwise, like
// the arrow. The arrow turns clockwise when wound and back when released, so it keeps
// a running angle instead of jumping the short way round.

const SVG = "http://www.w3.org/2000/svg";
const CX = 60;
const CY = 60;

function svg(tag, attrs, parent) {
  const node = document.createElementNS(SVG, tag);
  for (const [key, value] of Object.entries(attrs)) node.setAttribute(key, String(value));
  if (parent) parent.append(node);
  return node;
}

function polar(radius, degrees) {
  const rad = (degrees * Math.PI) / 180;
  return [CX + radius * Math.sin(rad), CY - radius * Math.cos(rad)];
}

const mod360 = (a) => ((a % 360) + 360) % 360;

// A label from Python (the model's `labels`, in the language rally speaks) with its
// {placeholders} filled in; "" when Python gave none.
function fill(template, values) {
  return (template || "").replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

function render({ model, el }) {
  el.classList.add("rally-dial");
  const picture = svg("svg", { viewBox: "0 0 120 120", width: 108, height: 108, role: "img" });
  const ring = svg("circle", { cx: CX, cy: CY, r: 53, class: "rally-dial__ring" }, picture);
  svg("circle", { cx: CX, cy: CY, r: 47, class: "rally-dial__face" }, picture);
  const marks = svg("g", {}, picture);
  const arrow = svg("g", { class: "rally-dial__arrow" }, picture);
  svg("line", { x1: CX, y1: CY + 6, x2: CX, y2: CY - 26, class: "rally-dial__shaft" }, arrow);
  const head = `${CX - 5},${CY - 24} ${CX},${CY - 33} ${CX + 5},${CY - 24}`;
  svg("polygon", { points: head, class: "rally-dial__head" }, arrow);
  const hub = svg("circle", { cx: CX, cy: CY, r: 6, class: "rally-dial__hub" }, picture);
  const name = document.createElement("div");
  name.className = "rally-dial__name";
  const value = document.createElement("div");
  value.className = "rally-dial__value";
  const side = document.createElement("div");
  side.className = "rally-dial__side";
  el.append(picture, name, value, side);

  let shownDial = "";
  let labels = [];
  let angle = null;
  let revision = null;

  function drawMarks(dial) {
    marks.replaceChildren();
    labels = dial.map((v, i) => {
      const [x, y] = polar(38, (i * 360) / dial.length);
      const spot = svg("circle", { cx: x, cy: y, r: 10, class: "rally-dial__spot" }, marks);
      const text = svg("text", { x, y, class: "rally-dial__number" }, marks);
      text.textContent = String(v);
      return [spot, text];
    });
  }

  function turn(change, target) {
    if (angle === null) return target;
    const now = mod360(angle);
    if (change === "wound" || change === "over-wound") return angle + mod360(target - now);
    if (change === "released") return angle - mod360(now - target);
    const ahead = mod360(target - now);
    return ahead <= 180 ? angle + ahead : angle - (360 - ahead);
  }

  function draw() {
    const dial = model.get("dial");
    if (dial.join(",") !== shownDial) {
      shownDial = dial.join(",");
      drawMarks(dial);
    }
    const position = model.get("position");
    const change = model.get("change");
    angle = turn(change, (position * 360) / dial.length);
    arrow.style.transform = `rotate(${angle}deg)`;
    labels.forEach(([spot, text], i) => {
      spot.classList.toggle("is-current", i === position);
      text.classList.toggle("is-current", i === position);
    });
    ring.style.stroke = model.get("side_color");
    hub.style.fill = model.get("car_hex");
    hub.style.stroke = model.get("outline_hex");
    const who = model.get("name");
    const texts = model.get("labels") || {};  // the words from Python (not the dial's marks, `labels`)
    const words = { name: who, value: model.get("value"), position, positions: dial.length, label: model.get("label") };
    name.textContent = who;
    value.textContent = fill(texts.value, words) || String(words.value);
    // "lap 1 · yellow side" may wrap in the dial's width, but only before its dot: never "yellow /
    // side", and never a dot left at a line's end ("lap 1 ·" / "yellow side").
    const parts = String(model.get("label")).split(" · ");
    side.replaceChildren(...parts.flatMap((part, i) => {
      const span = document.createElement("span");
      span.className = "rally-dial__part";
      span.textContent = i ? `· ${part}` : part;
      return i ? [" ", span] : [span];
    }));
    side.dataset.side = model.get("side");
    picture.setAttribute(
      "aria-label",
      fill(who ? texts.described : texts.described_nameless, words) ||
        `${who ? who + ": " : ""}${position} / ${dial.length}, ${words.value}, ${words.label}`,
    );
    const rev = model.get("revision");
    if (revision !== null && rev !== revision && change) {
      el.classList.remove("is-wound", "is-over-wound", "is-released", "is-set");
      void el.offsetWidth; // restart the CSS animation
      el.classList.add(`is-${change}`);
    }
    revision = rev;
  }

  // "change" fires once per update from Python, however many traits it holds.
  model.on("change", draw);
  draw();
  return () => model.off("change", draw);
}

export default { render };
