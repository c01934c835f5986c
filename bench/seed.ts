// The world the server targets are measured on, built the way a provider
// would build it: through the operator API (catalogue, users, keys,
// placements) and the project API (projects). Nothing is written to the
// database directly, so the seeding time is itself a figure: what the
// placements cost, and whether the last ones cost what the first did.
//
// Two users: the bench user owns the big project; a legacy user (granted the
// legacy API) owns the small one, so its legacy account holds exactly the
// small project's servers.
import { setTimeout as sleep } from 'node:timers/promises';

// Private space, never routed, and room for a location of 100,000 servers and
// more (262,144 IPv4 addresses, 16 million IPv6 /64s). The demo catalogue's
// pools are documentation ranges, so these overlap none of them.
const BENCH_IPV4_POOL = '10.64.0.0/14';
const BENCH_IPV6_POOL = '2001:db8:100::/40';
export const LOCATION = 'fsn1';
const PRODUCT_ID = 1; // CX22, the demo's first and cheapest product (pooled bandwidth)
const IMAGE = 'debian-12';
/** The placements at each end of the big project whose rates are compared (fewer when the project is small). */
const RATE_WINDOW = 1000;
const CALL_TIMEOUT_MS = 30_000;

export interface SeededProject {
  slug: string;
  /** Server ids in placement order. */
  serverIds: string[];
  /** API key of the project's owner. */
  token: string;
}

export interface Seeding {
  servers: number;
  concurrency: number;
  seconds: number;
  msPerPlacement: number;
  placementsPerSecond: number;
  /** How many placements each end's rate covers. */
  window: number;
  /** Placements a second over the first `window` placements of the big project, and over its last `window`. */
  firstWindowPerSecond: number;
  lastWindowPerSecond: number;
  /** PostgreSQL: placements a second on one process and on two, after the seeding (bench/placements.ts). */
  twoProcesses?: PlacementScaleOut;
}

/** One run of placements (bench/placements.ts): on one process, or spread over two on one database. */
export interface PlacementRun {
  processes: 1 | 2;
  servers: number;
  seconds: number;
  perSecond: number;
}

/** Placements a second on one `serve` process and on two against one database, alternated in one run (bench/placements.ts). */
export interface PlacementScaleOut {
  servers: number;
  concurrency: number;
  hosts: number;
  runs: PlacementRun[];
  /** Means of the runs on one process and on two; factor = two ÷ one. */
  onePerSecond?: number;
  twoPerSecond?: number;
  factor?: number;
  /** What stopped the runs, or with hosts: a host holding more than it has, a placement past the last room not refused. */
  problems: string[];
}

export interface ServersWorld {
  /** API key of the bench user, owner of the big project. */
  token: string;
  /** Project with many servers (the bench user's), and project with few (the legacy user's). */
  big: SeededProject;
  small: SeededProject;
  /** Placements in `big`: wall time, what one cost on average, and the rates at both ends. */
  seeding: Seeding;
}

/** A JSON call that must answer `expected`; anything else fails the seeding with the problem it got. */
export async function call<T>(base: string, token: string, method: string, path: string, body: unknown, expected: number): Promise<T> {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
  });
  const text = await response.text();
  if (response.status !== expected) throw new Error(`${method} ${path}: HTTP ${response.status}, expected ${expected}: ${text.slice(0, 500)}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

export async function createUser(base: string, adminToken: string, email: string, legacyApiAccess: boolean): Promise<string> {
  const user = await call<{ id: number }>(base, adminToken, 'POST', '/admin/v1/users', {
    email,
    billing_account: { currency: 'EUR', credit_balance: '1000.00' },
    legacy_api_access: legacyApiAccess,
  }, 201);
  return (await call<{ token: string }>(base, adminToken, 'POST', `/admin/v1/users/${user.id}/api-keys`, { name: 'bench' }, 201)).token;
}

export async function createReadyProject(base: string, token: string, slug: string): Promise<void> {
  await call(base, token, 'POST', '/api/v1/projects/', { name: `Bench ${slug}`, slug }, 201);
  const deadline = Date.now() + 30_000;
  while ((await call<{ status: string }>(base, token, 'GET', `/api/v1/projects/${slug}/`, undefined, 200)).status !== 'ready') {
    if (Date.now() > deadline) throw new Error(`project ${slug} not ready after 30 s`);
    await sleep(20);
  }
}

/**
 * Places `count` servers in the project, `concurrency` requests at a time,
 * each of them through one of `bases` in turn (the same API on several
 * processes): ids in placement order, and when each answer came (ms since
 * the start, in order of answer).
 */
export async function placeServers(bases: string[], adminToken: string, slug: string, count: number, concurrency: number, log: (line: string) => void) {
  const ids = new Array<string>(count);
  const answeredAt: number[] = [];
  const started = performance.now();
  const logEvery = Math.max(1000, Math.round(count / 10 / 1000) * 1000);
  let next = 0;
  const worker = async (base: string) => {
    while (next < count) {
      const index = next++;
      const body = { hostname: `${slug}-${String(index).padStart(6, '0')}`, product_id: PRODUCT_ID, location: LOCATION, image: IMAGE };
      ids[index] = (await call<{ id: string }>(base, adminToken, 'POST', `/admin/v1/projects/${slug}/servers`, body, 201)).id;
      answeredAt.push(performance.now() - started);
      if (answeredAt.length % logEvery === 0) {
        const elapsed = answeredAt.at(-1)! / 1000;
        const rate = answeredAt.length / elapsed;
        log(`    ${answeredAt.length} servers placed in ${slug} after ${elapsed.toFixed(1)} s (${rate.toFixed(0)}/s; ${((count - answeredAt.length) / rate / 60).toFixed(1)} min to go)`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, count) }, (_, index) => worker(bases[index % bases.length]!)));
  return { ids, answeredAt, seconds: (performance.now() - started) / 1000 };
}

/** The placement figures of the big project: the overall rate, and the rate over its first and last `window` answers. */
function seedingFigures(count: number, concurrency: number, answeredAt: number[], seconds: number): Seeding {
  const window = Math.max(1, Math.min(RATE_WINDOW, Math.floor(count / 2)));
  const perSecond = (placements: number, fromMs: number, toMs: number) => (placements * 1000) / Math.max(toMs - fromMs, 1e-3);
  return {
    servers: count,
    concurrency,
    seconds,
    msPerPlacement: (seconds * 1000) / count,
    placementsPerSecond: count / seconds,
    window,
    firstWindowPerSecond: perSecond(window, 0, answeredAt[window - 1]!),
    lastWindowPerSecond: perSecond(window, answeredAt[count - window - 1] ?? 0, answeredAt[count - 1]!),
  };
}

/** The bench's location gets address pools with room for every server the bench places. */
export async function widenAddressPools(base: string, adminToken: string): Promise<void> {
  const catalogue = await call<{ locations: { code: string; ipv4_pool?: string; ipv6_pool?: string }[] }>(base, adminToken, 'GET', '/admin/v1/catalogue', undefined, 200);
  const location = catalogue.locations.find((entry) => entry.code === LOCATION);
  if (!location) throw new Error(`the catalogue has no location ${LOCATION}`);
  location.ipv4_pool = BENCH_IPV4_POOL;
  location.ipv6_pool = BENCH_IPV6_POOL;
  await call(base, adminToken, 'PUT', '/admin/v1/catalogue', catalogue, 200);
}

export async function seedServers(
  base: string,
  adminToken: string,
  options: { big: number; small: number; concurrency: number; log: (line: string) => void },
): Promise<ServersWorld> {
  await widenAddressPools(base, adminToken);
  const benchToken = await createUser(base, adminToken, 'bench@cloudplane.example', false);
  const legacyToken = await createUser(base, adminToken, 'bench-legacy@cloudplane.example', true);
  const [bigSlug, smallSlug] = ['bench-big', 'bench-small'];
  await createReadyProject(base, benchToken, bigSlug);
  await createReadyProject(base, legacyToken, smallSlug);

  const small = await placeServers([base], adminToken, smallSlug, options.small, options.concurrency, options.log);
  const big = await placeServers([base], adminToken, bigSlug, options.big, options.concurrency, options.log);
  return {
    token: benchToken,
    big: { slug: bigSlug, serverIds: big.ids, token: benchToken },
    small: { slug: smallSlug, serverIds: small.ids, token: legacyToken },
    seeding: seedingFigures(options.big, options.concurrency, big.answeredAt, big.seconds),
  };
}
