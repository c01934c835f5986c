// The world the server targets are measured on, built the way a provider
// would build it: through the operator API (catalogue, user, key, placements)
// and the project API (projects). Nothing is written to the database directly,
// so the seeding time is itself a figure: what 10,000 placements cost.
import { setTimeout as sleep } from 'node:timers/promises';

// RFC 2544's benchmarking range (198.18.0.0/15): never routed, and big enough
// for 10,000 servers. The demo catalogue already uses 198.18.0.0/24 for `sin`,
// and pools must not overlap, so fsn1 takes the other half.
const BENCH_IPV4_POOL = '198.19.0.0/16';
const LOCATION = 'fsn1';
const PRODUCT_ID = 1; // CX22, the demo's first and cheapest product (pooled bandwidth)
const IMAGE = 'debian-12';

export interface ServersWorld {
  /** API key of the bench user, owner of both projects. */
  token: string;
  /** Project with many servers, and project with few. */
  big: { slug: string; serverIds: string[] };
  small: { slug: string; serverIds: string[] };
  /** Wall time of the placements in `big`, and what one cost on average (wall time / count). */
  seeding: { servers: number; concurrency: number; seconds: number; msPerPlacement: number };
}

/** A JSON call that must answer `expected`; anything else fails the bench with the problem it got. */
async function call<T>(base: string, token: string, method: string, path: string, body: unknown, expected: number): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: HTTP ${response.status}, expected ${expected}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

async function createReadyProject(base: string, token: string, slug: string): Promise<void> {
  await call(base, token, 'POST', '/api/v1/projects/', { name: `Bench ${slug}`, slug }, 201);
  const deadline = Date.now() + 30_000;
  while ((await call<{ status: string }>(base, token, 'GET', `/api/v1/projects/${slug}/`, undefined, 200)).status !== 'ready') {
    if (Date.now() > deadline) throw new Error(`project ${slug} not ready after 30 s`);
    await sleep(20);
  }
}

/** Places `count` servers in the project, `concurrency` requests at a time; ids in placement order. */
async function placeServers(base: string, adminToken: string, slug: string, count: number, concurrency: number, log: (line: string) => void) {
  const ids = new Array<string>(count);
  const started = performance.now();
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      const body = { hostname: `${slug}-${String(index).padStart(5, '0')}`, product_id: PRODUCT_ID, location: LOCATION, image: IMAGE };
      ids[index] = (await call<{ id: string }>(base, adminToken, 'POST', `/admin/v1/projects/${slug}/servers`, body, 201)).id;
      if ((index + 1) % 1000 === 0) log(`    ${index + 1} servers placed in ${slug} after ${((performance.now() - started) / 1000).toFixed(1)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  return { ids, seconds: (performance.now() - started) / 1000 };
}

export async function seedServers(
  base: string,
  adminToken: string,
  options: { big: number; small: number; concurrency: number; log: (line: string) => void },
): Promise<ServersWorld> {
  const catalogue = await call<{ locations: { code: string; ipv4_pool?: string }[] }>(base, adminToken, 'GET', '/admin/v1/catalogue', undefined, 200);
  const location = catalogue.locations.find((entry) => entry.code === LOCATION);
  if (!location) throw new Error(`the catalogue has no location ${LOCATION}`);
  location.ipv4_pool = BENCH_IPV4_POOL;
  await call(base, adminToken, 'PUT', '/admin/v1/catalogue', catalogue, 200);

  const user = await call<{ id: number }>(base, adminToken, 'POST', '/admin/v1/users', {
    email: 'bench@cloudplane.example',
    billing_account: { currency: 'EUR', credit_balance: '1000.00' },
  }, 201);
  const { token } = await call<{ token: string }>(base, adminToken, 'POST', `/admin/v1/users/${user.id}/api-keys`, { name: 'bench' }, 201);
  const [bigSlug, smallSlug] = ['bench-big', 'bench-small'];
  await createReadyProject(base, token, bigSlug);
  await createReadyProject(base, token, smallSlug);

  const small = await placeServers(base, adminToken, smallSlug, options.small, options.concurrency, options.log);
  const big = await placeServers(base, adminToken, bigSlug, options.big, options.concurrency, options.log);
  return {
    token,
    big: { slug: bigSlug, serverIds: big.ids },
    small: { slug: smallSlug, serverIds: small.ids },
    seeding: { servers: options.big, concurrency: options.concurrency, seconds: big.seconds, msPerPlacement: (big.seconds * 1000) / options.big },
  };
}
