// The console's own script (no inline scripts: the Content-Security-Policy forbids them).
// Every page works without it; it adds copying, confirmations and sent-once forms.

// Copy buttons: <button data-copy="element-id"> copies an element's text; <button data-copy-text="…"> copies the value itself.
document.addEventListener('click', async (event) => {
  const button = event.target instanceof Element ? event.target.closest('button[data-copy], button[data-copy-text]') : null;
  if (!button) return;
  const source = button.hasAttribute('data-copy') ? document.getElementById(button.getAttribute('data-copy')) : null;
  const text = button.hasAttribute('data-copy-text') ? button.getAttribute('data-copy-text') : source?.textContent.trim();
  if (!text) return;
  const status = source ? document.getElementById(`${button.getAttribute('data-copy')}-copied`) : button.parentElement?.querySelector('.copy-status');
  try {
    await navigator.clipboard.writeText(text);
    if (status) status.textContent = 'Copied.';
    button.classList.add('copied');
    setTimeout(() => button.classList.remove('copied'), 1500);
  } catch {
    // No clipboard (an insecure origin): select the text so it can be copied by hand.
    const target = source ?? button.parentElement?.querySelector('code');
    if (!target) return;
    const range = document.createRange();
    range.selectNodeContents(target);
    window.getSelection().removeAllRanges();
    window.getSelection().addRange(range);
    if (status) status.textContent = 'Selected: press Ctrl+C (or Cmd+C) to copy.';
  }
});

// Destructive forms ask first: <form data-confirm="Delete server web-1?" data-confirm-button="Delete server">.
// The question is a modal dialog; the form is sent only when its confirm button is pressed.
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !form.hasAttribute('data-confirm')) return;
  if (form.dataset.confirmed === 'yes') {
    delete form.dataset.confirmed;
    return;
  }
  const dialog = document.getElementById('confirm-dialog');
  if (!(dialog instanceof HTMLDialogElement)) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  document.getElementById('confirm-dialog-message').textContent = form.getAttribute('data-confirm');
  document.getElementById('confirm-dialog-button').textContent = form.getAttribute('data-confirm-button') || 'Confirm';
  const submitter = event.submitter;
  dialog.returnValue = '';
  dialog.addEventListener(
    'close',
    () => {
      if (dialog.returnValue !== 'confirm') return;
      form.dataset.confirmed = 'yes';
      form.requestSubmit(submitter instanceof HTMLElement && submitter.form === form ? submitter : undefined);
    },
    { once: true },
  );
  dialog.showModal();
}, true);

// A form that charges or changes something is sent once: a second click while it is on its way does nothing.
document.addEventListener('submit', (event) => {
  const form = event.target;
  if (event.defaultPrevented || !(form instanceof HTMLFormElement) || !form.hasAttribute('data-once')) return;
  if (form.dataset.sent === 'yes') {
    event.preventDefault();
    return;
  }
  form.dataset.sent = 'yes';
  for (const button of form.querySelectorAll('button[type="submit"]')) button.setAttribute('aria-disabled', 'true');
});

// A print button: <button type="button" data-print>Print</button> (the print stylesheet hides the navigation).
document.addEventListener('click', (event) => {
  if (event.target instanceof Element && event.target.closest('button[data-print]')) window.print();
});
