// A browser-like client for the console over plain HTTP: it keeps cookies,
// follows nothing by itself (tests see each redirect), and sends a form with
// the CSRF token of the last page it read.
import type { TestApp } from './build.ts';

export interface PageResult {
  status: number;
  headers: Headers;
  html: string;
  /** The Location of a redirect, when there is one. */
  location: string | null;
}

export interface ConsoleClient {
  cookies: Map<string, string>;
  /** The CSRF token of the last page read. */
  csrfToken: string | null;
  get(path: string): Promise<PageResult>;
  /** Posts a form; `_csrf` is the last page's token unless the form names one (or `null` for none). */
  post(path: string, form: Record<string, string | null>): Promise<PageResult>;
  /** Reads the sign-in page, signs in, and expects the redirect; returns it. */
  signIn(email: string, password: string, next?: string): Promise<PageResult>;
}

const CSRF_FIELD = /name="_csrf" value="([^"]+)"/;

export function consoleClient(app: Pick<TestApp, 'baseUrl'>): ConsoleClient {
  const cookies = new Map<string, string>();
  const client: ConsoleClient = {
    cookies,
    csrfToken: null,
    async get(path) {
      return request(path, { method: 'GET' });
    },
    async post(path, form) {
      const fields = new URLSearchParams();
      if (!('_csrf' in form) && client.csrfToken) fields.set('_csrf', client.csrfToken);
      for (const [name, value] of Object.entries(form)) if (value !== null) fields.set(name, value);
      return request(path, { method: 'POST', body: fields.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    },
    async signIn(email, password, next) {
      await client.get(`/console/login${next ? `?next=${encodeURIComponent(next)}` : ''}`);
      return client.post('/console/login', { email, password, ...(next ? { next } : {}) });
    },
  };

  async function request(path: string, init: { method: string; body?: string; headers?: Record<string, string> }): Promise<PageResult> {
    const headers: Record<string, string> = { ...init.headers };
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${app.baseUrl}${path}`, { method: init.method, body: init.body, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute)) || value === '';
      if (expired) cookies.delete(name!.trim());
      else cookies.set(name!.trim(), value);
    }
    const html = await response.text();
    const token = CSRF_FIELD.exec(html);
    if (token) client.csrfToken = token[1]!;
    return { status: response.status, headers: response.headers, html, location: response.headers.get('location') };
  }
  return client;
}

/** The text of a page without its tags, spaces squeezed: what a reader sees. */
export function visibleText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}
