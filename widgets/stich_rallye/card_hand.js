// CardHand: one <button> per card. Playable cards set the model's `selected`;
// the others are aria-disabled (still reachable, so their reason can be read) and
// show the reason rally gave in the message line when pressed. Every word shown comes
// from Python (the model's `labels` and the cards' data), in the language rally speaks.
// The hand is one Tab stop (a toolbar): Tab lands on a card that may be played, the arrow
// keys, Home and End move along every card.

// A label from Python with its {placeholders} filled in; "" when Python gave none.
function fill(template, values) {
  return (template || "").replace(/\{(\w+)\}/g, (whole, key) => (key in values ? String(values[key]) : whole));
}

function face(card, tag) {
  const el = document.createElement(tag);
  el.className = `rally-card rally-card--${card.color} rally-card--${card.pattern}`;
  const parts = { corner: `${card.letter} ${card.symbol}`, value: String(card.value), words: card.color_word ?? card.color };
  for (const [part, text] of Object.entries(parts)) {
    const span = document.createElement("span");
    span.className = `rally-card__${part}`;
    span.textContent = text;
    el.append(span);
  }
  return el;
}

function render({ model, el }) {
  el.classList.add("rally-hand");
  const title = document.createElement("div");
  title.className = "rally-hand__title";
  const prompt = document.createElement("div");
  prompt.className = "rally-hand__prompt";
  const row = document.createElement("div");
  row.className = "rally-hand__row";
  row.setAttribute("role", "toolbar");
  row.tabIndex = -1;  // the keyboard waits here while the hand is empty (between rounds)
  const message = document.createElement("div");
  message.className = "rally-hand__message";
  message.setAttribute("aria-live", "polite");
  el.append(title, prompt, row, message);

  // The line lights up briefly at each tap: a second tap on a card that may not be played
  // says the same words, and would otherwise change nothing a child can see.
  function say(text) {
    message.textContent = text;
    message.classList.remove("is-said");
    void message.offsetWidth;  // restarts the animation
    message.classList.add("is-said");
  }

  function choose(card) {
    if (!card.playable) {
      say(card.reason);
      // A waiting hand's tap goes to Python too, which refuses it and may answer elsewhere
      // (a guided game brings its tip into view).
      if (card.waiting) {
        model.set("selected", card.code);
        model.save_changes();
      }
      return;
    }
    if (card.code === model.get("selected")) {
      // Chosen already: the model does not change, so say its words again here (a dimmed
      // card's reason may stand in the line since).
      say(model.get("message"));
      return;
    }
    model.set("selected", card.code);
    model.save_changes();
  }

  let restoring = false;  // true while draw() puts the focus back

  const buttons = () => [...row.querySelectorAll("button")];

  // The one card Tab lands on: `button`, else the first that may be played, else the first.
  function tabTo(button) {
    const all = buttons();
    const target = button || all.find((b) => b.getAttribute("aria-disabled") === "false") || all[0];
    for (const b of all) b.tabIndex = b === target ? 0 : -1;
    return target;
  }

  function focusQuietly(target) {
    restoring = true;
    target.focus();
    restoring = false;
  }

  row.addEventListener("keydown", (event) => {
    const all = buttons();
    const at = all.indexOf(document.activeElement);
    if (at < 0) return;
    const to = { ArrowRight: at + 1, ArrowDown: at + 1, ArrowLeft: at - 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    all[Math.max(0, Math.min(all.length - 1, to))].focus();  // its focus listener makes it the Tab stop
  });

  function draw() {
    const inHand = row.contains(document.activeElement);
    const focused = inHand ? document.activeElement.dataset.code : null;
    title.textContent = model.get("title");
    row.setAttribute("aria-label", model.get("title"));
    prompt.textContent = model.get("prompt");
    message.textContent = model.get("message");
    const selected = model.get("selected");
    const cards = model.get("cards");
    const labels = model.get("labels") || {};
    row.replaceChildren();
    if (cards.length === 0) {
      const empty = document.createElement("span");
      empty.className = "rally-hand__empty";
      empty.textContent = labels.empty || "";
      row.append(empty);
    }
    for (const card of cards) {
      const button = face(card, "button");
      button.type = "button";
      button.dataset.code = card.code;
      const words = `${card.words} (${card.letter} ${card.symbol})`;
      if (card.playable) {
        button.title = fill(labels.play, card) || card.code;
        button.setAttribute("aria-label", fill(labels.playable, { words }) || words);
        button.setAttribute("aria-disabled", "false");
      } else {
        button.title = card.reason;
        // A waiting hand's card is not against the rules: it waits (another's turn, a tip).
        button.setAttribute("aria-label", fill(card.waiting ? labels.waiting : labels.unplayable,
                                               { words, reason: card.reason }) || `${words}. ${card.reason}`);
        button.setAttribute("aria-disabled", "true");
        if (card.waiting) {
          // Not this player's turn: the card is not wrong to play, so it is not crossed out.
          button.classList.add("rally-card--waiting");
        } else {
          const no = document.createElement("span");
          no.className = "rally-card__no";
          no.setAttribute("aria-hidden", "true");
          no.textContent = "✕";
          button.append(no);
        }
      }
      if (card.code === selected) button.classList.add("is-selected");
      button.addEventListener("click", () => choose(card));
      button.addEventListener("focus", () => {
        tabTo(button);
        if (!card.playable && !restoring) message.textContent = card.reason;
      });
      row.append(button);
    }
    const same = focused ? row.querySelector(`[data-code="${focused}"]`) : null;
    const playable = (b) => b && b.getAttribute("aria-disabled") === "false";
    const again = tabTo(playable(same) || !buttons().some(playable) ? same : null);
    if (inHand) {
      // Keep the keyboard in the hand after a redraw (the card played is gone, or the
      // learner's turn has come): on the same card if it may be played, else the first one
      // that may be played (else the same card); on the hand itself while it is empty, so
      // the next round's cards get it. Focus moved here is not the learner asking about a
      // card, so it writes no reason under the hand.
      focusQuietly(again || row);
    }
    askedFocus();
  }

  // Python asks for the keyboard's focus (CardHand.focus_card) by counting up `focus_asked`:
  // the first card that may be played gets it, else the first. What was served is kept on
  // the model (never sent back), so a hand drawn after the asking, as a new game's is, still
  // takes the focus, once the page shows it, and a hand drawn again does not take it twice.
  let frames = 0;
  function askedFocus() {
    const asked = model.get("focus_asked") || 0;
    if (asked <= (model.get("focus_served") || 0)) return;
    if (!row.isConnected) {
      if (frames++ < 120) requestAnimationFrame(askedFocus);
      return;
    }
    frames = 0;
    model.set("focus_served", asked);
    const target = tabTo(null);
    if (target) focusQuietly(target);
  }

  // "change" fires once per update from Python, however many traits it holds.
  model.on("change", draw);
  draw();
  return () => { model.off("change", draw); };
}

export default { render };
