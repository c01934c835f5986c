// First start against an empty database: load the demo catalogue, make the
// operator token, create a demo user with credit, a console password, a
// project and an API key.
// Each step runs only when its piece is missing, so a restart changes nothing.
import type { Kysely } from 'kysely';
import type { Database } from './db/schema.ts';
import { demoCatalogue } from './modules/catalogue/index.ts';
import type { Services } from './services.ts';
import { hashToken, randomToken } from './secrets.ts';
import type { Upstreams } from './upstreams/index.ts';

const OPERATOR_TOKEN_KEY = 'operator_token_hash';
export const DEMO_EMAIL = 'demo@cloudplane.local';
export const DEMO_PROJECT_SLUG = 'demo';

export interface OperatorToken {
  hash: string;
  /** Set only when the token was generated just now, to be printed once. */
  generated: string | null;
}

export async function ensureCatalogue(upstreams: Upstreams): Promise<void> {
  if (!(await upstreams.backOffice.billing.hasCatalogue())) await upstreams.backOffice.billing.replaceCatalogue(demoCatalogue);
}

export async function ensureOperatorToken(db: Kysely<Database>, configured: string | undefined): Promise<OperatorToken> {
  if (configured) return { hash: hashToken(configured), generated: null };
  const stored = await db.selectFrom('settings').select('value').where('key', '=', OPERATOR_TOKEN_KEY).executeTakeFirst();
  if (stored) return { hash: stored.value, generated: null };
  const token = `cpo_${randomToken(32)}`;
  await db.insertInto('settings').values({ key: OPERATOR_TOKEN_KEY, value: hashToken(token) }).execute();
  return { hash: hashToken(token), generated: token };
}

export interface DemoCredentials {
  /** The demo user's API key. */
  key: string;
  /** The demo user's console password. */
  password: string;
}

/** Creates the demo world when there are no users yet; returns its key and console password then (to be printed once), else null. */
export async function ensureDemoWorld(db: Kysely<Database>, services: Services): Promise<DemoCredentials | null> {
  const anyUser = await db.selectFrom('users').select('id').limit(1).executeTakeFirst();
  if (anyUser) return null;
  const password = randomToken(12);
  const user = await services.users.create({
    email: DEMO_EMAIL,
    password,
    first_name: 'Demo',
    last_name: 'User',
    billing_account: { currency: 'EUR', credit_balance: '100.00' },
    legacy_api_access: true,
  });
  // The demo user's default project (its slug is the e-mail's local part, `demo`): the legacy API deploys
  // into it too, so both interfaces show the same servers from the start. Provisioning confirms it at once.
  const slug = await services.projects.ensureDefaultProject(user.id, { create: true, name: 'Demo' });
  if (slug !== DEMO_PROJECT_SLUG) throw new Error(`the demo project was made as "${slug}", not "${DEMO_PROJECT_SLUG}"`);
  const key = await services.apiKeys.create(user.id, { name: 'demo key' });
  return { key: key.token, password };
}
