// The console's own script (no inline scripts: the Content-Security-Policy forbids them).
// Copy buttons: <button data-copy="element-id">Copy</button>.
document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-copy]') : null;
  if (!button) return;
  const source = document.getElementById(button.getAttribute('data-copy'));
  if (!source) return;
  const text = source.textContent.trim();
  const status = document.getElementById(`${button.getAttribute('data-copy')}-copied`);
  try {
    await navigator.clipboard.writeText(text);
    if (status) status.textContent = 'Copied.';
  } catch {
    // No clipboard (an insecure origin): select the text so it can be copied by hand.
    const range = document.createRange();
    range.selectNodeContents(source);
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
    if (status) status.textContent = 'Selected: press Ctrl+C (or Cmd+C) to copy.';
  }
});

// A form that charges or changes something is sent once: a second click while it is on its way does nothing.
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-once')) return;
  if (form.dataset.sent === 'yes') {
    event.preventDefault();
    return;
  }
  form.dataset.sent = 'yes';
  for (const button of form.querySelectorAll('button[type="submit"]')) button.setAttribute('aria-disabled', 'true');
});
