// Which system behind the API a failed request waited on, so that a retry
// line or a hint can name it ("billing did not answer") instead of saying
// "the service" for everything (spec: systems behind the API).

export function systemBehind(path: string, method = 'GET'): string {
  if (path.includes('/reverse-dns/')) return 'the reverse DNS service';
  if (/\/actions\/[a-z_]+\/$/.test(path)) return 'the provisioning system';
  // A console is asked of the server's host, and its WebSocket attached there.
  if (/\/servers\/[^/]+\/console\/$/.test(path) || path.includes('/consoles/')) return 'the provisioning system';
  if (/\/(orders|products|images|locations|pricing|isos|upgrade|bandwidth|cancel)\//.test(path)) return 'billing';
  // Ordering a server is a POST to the server list; reading the list does not depend on billing.
  if (method === 'POST' && /\/servers\/$/.test(path)) return 'billing';
  return 'a system behind the API';
}
