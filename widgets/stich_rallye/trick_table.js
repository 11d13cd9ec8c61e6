// TrickTable: the trick's cards in play order, as a list of name + card. The winner's row says
// "wins" in words as well as being highlighted: the words come from Python (the model's
// `labels`), in the language rally speaks.

function smallFace(card) {
  const el = document.createElement("span");
  el.className = `rally-card rally-card--small rally-card--${card.color}`;
  el.setAttribute("role", "img");
  el.setAttribute("aria-label", `${card.words} (${card.letter} ${card.symbol})`);
  el.innerHTML = '<span class="rally-card__corner"></span><span class="rally-card__value"></span>';
  el.firstChild.textContent = `${card.letter} ${card.symbol}`;
  el.lastChild.textContent = String(card.value);
  return el;
}

function render({ model, el }) {
  el.classList.add("rally-trick");
  const title = document.createElement("div");
  title.className = "rally-trick__title";
  title.id = `rally-trick-${Math.random().toString(36).slice(2)}`;
  const list = document.createElement("ol");
  list.className = "rally-trick__plays";
  list.setAttribute("aria-labelledby", title.id);
  const status = document.createElement("p");
  status.className = "rally-trick__status";
  status.setAttribute("aria-live", "polite");
  const why = document.createElement("p");
  why.className = "rally-trick__why";
  el.append(title, list, status, why);

  function draw() {
    title.textContent = model.get("title");
    list.replaceChildren();
    for (const play of model.get("plays")) {
      const item = document.createElement("li");
      item.className = play.wins ? "rally-trick__play is-winner" : "rally-trick__play";
      const who = document.createElement("span");
      who.className = "rally-trick__who";
      const swatch = document.createElement("span");
      swatch.className = `rally-trick__car rally-trick__car--${play.car}`;
      swatch.setAttribute("aria-hidden", "true");
      who.append(swatch, document.createTextNode(play.name));
      const result = document.createElement("span");
      result.className = "rally-trick__result";
      result.textContent = play.wins ? (model.get("labels") || {}).wins || "★" : "";
      item.append(who, smallFace(play.card), result);
      list.append(item);
    }
    status.textContent = model.get("status");
    why.textContent = model.get("explanation");
    why.hidden = !model.get("explanation");
  }

  // "change" fires once per update from Python, however many traits it holds.
  model.on("change", draw);
  draw();
  return () => model.off("change", draw);
}

export default { render };
