// The console's own script (no inline scripts: the Content-Security-Policy forbids them).
// Every page works without it; it adds copying, confirmations, sent-once forms and live parts that follow the project's events.

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

// Live parts follow the project's events. A page with live parts names its stream on <body data-events-url="…"
// data-events-after="…"> (the last event before the page was read); each part says which event types it follows in
// data-live-events (and, in data-live-server, the server they must be about) and asks for itself on `live-refresh`
// (its hx-trigger). An event it follows refreshes it at once; its polling is only the fallback.
(() => {
  const streamUrl = document.body.dataset.eventsUrl;
  const { htmx, EventSource, URL } = window;
  if (!streamUrl || typeof EventSource !== 'function' || !htmx) return;
  const liveParts = () => document.querySelectorAll('[data-live-events][id]');
  const types = new Set();
  for (const part of liveParts()) for (const type of part.dataset.liveEvents.split(' ')) if (type) types.add(type);
  if (types.size === 0) return;
  // The last event this page has had: where a stream opened again goes on from.
  let lastId = document.body.dataset.eventsAfter || '';

  // Whether an event is about a server: the server itself, or an action or order on it.
  const concernsServer = (event, serverId) =>
    (event.resource.type === 'server' && event.resource.id === serverId) ||
    event.data?.resource?.id === serverId ||
    event.data?.server_id === serverId;

  // One request per part at a time: an event that comes while its part is being fetched asks once more after the
  // swap, as that answer may have been read before the change (htmx would drop a request queued on the element the
  // swap replaced).
  const fetching = new Map(); // part id → { since, again }
  const STUCK_MS = 30_000;
  const refresh = (part) => {
    const current = fetching.get(part.id);
    if (current && Date.now() - current.since < STUCK_MS) {
      current.again = true;
      return;
    }
    htmx.trigger(part, 'live-refresh');
  };
  const fetched = (id) => {
    const done = fetching.get(id);
    fetching.delete(id);
    const part = document.getElementById(id);
    if (done?.again && part) refresh(part);
  };
  document.addEventListener('htmx:beforeRequest', (event) => {
    const part = event.detail.elt;
    if (part instanceof Element && part.matches('[data-live-events][id]')) fetching.set(part.id, { since: Date.now(), again: false });
  });
  // The new part is in place (a swap), or the old one stays (a refused or failed request).
  document.addEventListener('htmx:afterSettle', (event) => {
    if (event.target instanceof Element && fetching.has(event.target.id)) fetched(event.target.id);
  });
  document.addEventListener('htmx:afterRequest', (event) => {
    const part = event.target;
    if (part instanceof Element && part.isConnected && fetching.has(part.id) && !event.detail.successful) fetched(part.id);
  });

  const received = (message) => {
    let event;
    try {
      event = JSON.parse(message.data);
    } catch {
      return;
    }
    lastId = message.lastEventId || lastId;
    for (const part of liveParts()) {
      if (!part.dataset.liveEvents.split(' ').includes(event.type)) continue;
      if (part.dataset.liveServer && !concernsServer(event, part.dataset.liveServer)) continue;
      refresh(part);
    }
  };

  let source = null;
  const open = () => {
    if (source) return;
    const url = new URL(streamUrl, window.location.href);
    url.searchParams.set('types', [...types].join(','));
    if (lastId) url.searchParams.set('after', lastId);
    const stream = new EventSource(url);
    source = stream;
    for (const type of types) stream.addEventListener(type, received);
    stream.addEventListener('error', () => {
      // EventSource reconnects by itself after a lost connection; a refusal (the session over) closes it for good.
      // The parts then ask once, which takes the page to sign-in when the session is over.
      if (stream.readyState !== EventSource.CLOSED || source !== stream) return;
      source = null;
      for (const part of liveParts()) refresh(part);
    });
  };
  const close = () => {
    source?.close();
    source = null;
  };
  // A tab in the background gives its connection back (a browser holds only a few per site over HTTP/1.1) and
  // resumes after the last event it had when shown again.
  document.addEventListener('visibilitychange', () => (document.visibilityState === 'hidden' ? close() : open()));
  window.addEventListener('pagehide', close);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted && document.visibilityState !== 'hidden') open();
  });
  if (document.visibilityState !== 'hidden') open();
})();
