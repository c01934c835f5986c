// Every environment variable cloudplane reads, parsed once at start.
// A bad value stops the process with a message naming the variable.

export interface Config {
  port: number;
  legacyPort: number;
  host: string;
  databaseUrl: string | undefined;
  dataDir: string;
  adminToken: string | undefined;
  publicUrl: string | undefined;
  simScale: number;
  testClock: boolean;
  logLevel: string;
}

export class ConfigError extends Error {}

function integerIn(name: string, raw: string | undefined, fallback: number, min: number, max: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be an integer from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

function positiveNumber(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ConfigError(`${name} must be a number above 0, got "${raw}"`);
  return value;
}

function databaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  if (!/^postgres(ql)?:\/\//.test(raw)) throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://');
  return raw;
}

function publicUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  try {
    const url = new URL(raw);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('not http');
  } catch {
    throw new ConfigError(`CLOUDPLANE_PUBLIC_URL must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const adminToken = env.CLOUDPLANE_ADMIN_TOKEN;
  if (adminToken !== undefined && adminToken !== '' && adminToken.length < 16) {
    throw new ConfigError('CLOUDPLANE_ADMIN_TOKEN must be at least 16 characters');
  }
  return {
    port: integerIn('PORT', env.PORT, 8080, 0, 65535),
    legacyPort: integerIn('LEGACY_PORT', env.LEGACY_PORT, 8081, 0, 65535),
    host: env.HOST || '127.0.0.1',
    databaseUrl: databaseUrl(env.DATABASE_URL),
    dataDir: env.DATA_DIR || './data',
    adminToken: adminToken || undefined,
    publicUrl: publicUrl(env.CLOUDPLANE_PUBLIC_URL),
    simScale: positiveNumber('CLOUDPLANE_SIM_SCALE', env.CLOUDPLANE_SIM_SCALE, 1),
    testClock: env.CLOUDPLANE_TEST_CLOCK === '1',
    logLevel: env.LOG_LEVEL || 'info',
  };
}
