// A server's serial console (views/server-console.eta) in xterm.js, which cloudplane serves itself.
// Connect posts the page's form (its CSRF token with it) and gets the WebSocket's single-use URL as JSON
// (server-console.routes.ts). The socket carries the console's bytes both ways as binary frames, and the
// terminal's size, whenever it changes, as the text frame {"type":"resize","cols":C,"rows":R}. When the
// session ends, the status line says why: the reason the server closed it with (taken over, idle, the
// server stopped), or, when no session was given, the refusal's own words.
(() => {
  const section = document.getElementById('server-console');
  if (!section || typeof window.Terminal !== 'function' || !window.FitAddon) return;
  const form = document.getElementById('server-console-connect');
  const connectButton = document.getElementById('server-console-connect-button');
  const disconnectButton = document.getElementById('server-console-disconnect');
  const status = document.getElementById('server-console-status');
  const encoder = new window.TextEncoder();
  let socket = null;
  /** Whether the open session is being ended here (Disconnect), not by the server. */
  let disconnecting = false;

  const terminal = new window.Terminal({
    disableStdin: true,
    cursorBlink: true,
    fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace',
    fontSize: 14,
    // Room below the baseline, so an underscore is not cut off by the row under it.
    lineHeight: 1.2,
    scrollback: 2000,
  });
  const fit = new window.FitAddon.FitAddon();
  terminal.loadAddon(fit);

  // xterm.js keeps the styles it works out while opening (the rows' font and layout, its theme's colours) in
  // <style> elements, which the Content-Security-Policy refuses (no inline style): the terminal would show
  // nothing. While it opens, a <style> it asks for is a stand-in whose text goes to a constructed style sheet,
  // which the policy leaves to this origin's scripts, as it leaves them element.style (xtermjs/xterm.js#4445).
  function openTerminal(parent) {
    const createElement = document.createElement;
    document.createElement = function (name, options) {
      if (String(name).toLowerCase() !== 'style') return createElement.call(document, name, options);
      const sheet = new window.CSSStyleSheet();
      document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
      // A <template> is never rendered; xterm.js only adds it to the page and sets its text.
      const standIn = createElement.call(document, 'template');
      let css = '';
      Object.defineProperty(standIn, 'textContent', { get: () => css, set: (text) => { css = String(text); sheet.replaceSync(css); } });
      return standIn;
    };
    try {
      terminal.open(parent);
    } finally {
      document.createElement = createElement;
    }
  }

  // The section is shown before the terminal opens into it: xterm.js measures its characters and the fit its box.
  section.hidden = false;
  openTerminal(document.getElementById('server-terminal'));
  fit.fit();
  window.addEventListener('resize', () => fit.fit());

  /** "The server is stopped" → "The server is stopped." */
  const sentence = (text) => (/[.!?]$/.test(text) ? text : `${text}.`);

  function say(text, tone = 'info') {
    status.textContent = text;
    status.className = `console-status alert ${tone === 'problem' ? 'alert-danger' : 'alert-secondary'}`;
  }

  function showConnected(connected) {
    connectButton.hidden = connected;
    disconnectButton.hidden = !connected;
    terminal.options.disableStdin = !connected;
  }

  const isOpen = () => socket !== null && socket.readyState === window.WebSocket.OPEN;
  const sendSize = () => isOpen() && socket.send(JSON.stringify({ type: 'resize', cols: terminal.cols, rows: terminal.rows }));
  terminal.onResize(sendSize);
  terminal.onData((text) => isOpen() && socket.send(encoder.encode(text)));
  // Mouse reports of some terminal modes are bytes, not text.
  terminal.onBinary((bytes) => isOpen() && socket.send(Uint8Array.from(bytes, (character) => character.charCodeAt(0))));

  // Every key goes to the server, Tab too (completion); Esc then Tab leaves the terminal, so the keyboard alone can get out.
  let afterEscape = false;
  terminal.attachCustomKeyEventHandler((event) => {
    if (event.type !== 'keydown' || ['Shift', 'Control', 'Alt', 'Meta'].includes(event.key)) return true;
    const leaving = afterEscape && event.key === 'Tab';
    afterEscape = event.key === 'Escape';
    return !leaving;
  });

  function connect(url) {
    const opened = new window.WebSocket(url);
    opened.binaryType = 'arraybuffer';
    socket = opened;
    disconnecting = false;
    let wasOpen = false;
    opened.addEventListener('open', () => {
      wasOpen = true;
      terminal.reset();
      showConnected(true);
      say('Connected. Press Enter for the login prompt.');
      sendSize();
      terminal.focus();
    });
    opened.addEventListener('message', (event) => {
      if (event.data instanceof ArrayBuffer) terminal.write(new Uint8Array(event.data));
    });
    opened.addEventListener('close', (event) => {
      socket = null;
      showConnected(false);
      connectButton.disabled = false;
      if (disconnecting) say('Disconnected. Connect to open a new session.');
      else if (!wasOpen) say('The console could not be opened: its address was refused or has expired. Connect again to try once more.', 'problem');
      else if (event.reason) say(`The session ended. ${sentence(event.reason)}`, 'problem');
      else say('The connection to the console was lost. Connect again to open a new session.', 'problem');
    });
  }

  disconnectButton.addEventListener('click', () => {
    if (socket === null) return;
    disconnecting = true;
    socket.close(1000);
  });

  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (socket !== null || connectButton.disabled) return;
    connectButton.disabled = true;
    say('Connecting…');
    try {
      // A session that has ended answers with a redirect to sign-in: not followed, it is said.
      const response = await window.fetch(form.action, { method: 'POST', body: new window.URLSearchParams(new window.FormData(form)), headers: { accept: 'application/json' }, credentials: 'same-origin', redirect: 'manual' });
      if (response.type === 'opaqueredirect') throw new Error('You are signed out. Reload the page to sign in again.');
      const answer = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(`The console did not open. ${sentence(answer.detail ?? `The console answered ${response.status}`)}`);
      connect(answer.url);
    } catch (error) {
      connectButton.disabled = false;
      say(error instanceof TypeError ? 'The console could not be reached. Check the connection and try again.' : error.message, 'problem');
    }
  });
})();
