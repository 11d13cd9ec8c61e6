// CopyButton: puts the model's `text` on the clipboard. Where the page may not write to
// the clipboard (no secure context, permission refused) it selects the text instead and
// says how to copy it by hand; the status line is read out by screen readers. Its words
// come from Python (the model's `label` and `labels`), in the language rally speaks.

function render({ model, el }) {
  el.classList.add("rally-copy");
  const button = document.createElement("button");
  button.type = "button";
  button.className = "rally-copy__button";
  const field = document.createElement("input");
  field.className = "rally-copy__field";
  field.readOnly = true;
  const status = document.createElement("span");
  status.className = "rally-copy__status";
  status.setAttribute("aria-live", "polite");
  el.append(field, button, status);

  const labels = () => model.get("labels") || {};

  function show() {
    button.textContent = model.get("label");
    field.setAttribute("aria-label", labels().field || model.get("label"));
    field.value = model.get("text");
    status.textContent = "";
  }
  button.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(model.get("text"));
      status.textContent = labels().copied || "✓";
    } catch (err) {
      field.focus();
      field.select();
      status.textContent = labels().selected || "Ctrl+C / ⌘C";
    }
    model.set("copies", model.get("copies") + 1);
    model.save_changes();
  });
  model.on("change:text", show);
  model.on("change:label", show);
  model.on("change:labels", show);
  show();
}

export default { render };
