// CopyButton: puts the model's `text` on the clipboard. Where the page may not write to
// the clipboard (no secure context, permission refused) it selects the text instead and
// says how to copy it by hand; the status line is read out by screen readers.

function render({ model, el }) {
  el.classList.add("rally-copy");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rally-copy__button";
  const field = document.createElement("input");
  field.className = "rally-copy__field";
  field.readOnly = true;
  field.setAttribute("aria-label", "position code");
  const status = document.createElement("span");
  status.className = "rally-copy__status";
  status.setAttribute("aria-live", "polite");
  el.append(field, button, status);

  function show() {
    button.textContent = model.get("label");
    field.value = model.get("text");
    status.textContent = "";
  }
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(model.get("text"));
      status.textContent = "Copied.";
    } catch (err) {
      field.focus();
      field.select();
      status.textContent = "Selected: press Ctrl+C (or ⌘C) to copy.";
    }
    model.set("copies", model.get("copies") + 1);
    model.save_changes();
  });
  model.on("change:text", show);
  model.on("change:label", show);
  show();
}

export default { render };
