// `npm test` and `npm run test:postgres`: make sure the system tools the tests
// use are on this machine, then run the suite.
//
// `npm test` first runs the static checks, in order: the type checker (tsx
// only strips types), ESLint, and the import rules (dependency-cruiser, with
// the violations known when the rules were written in
// .dependency-cruiser-known-violations.json). The first that fails stops the
// run with its own output. `npm run test:postgres` skips them: they do not
// depend on the database, and CI runs `npm test` first.
//
// The tests use real programs (nftables, iproute2, PowerDNS, dig, Prometheus,
// ssh-keygen, Chromium, tmux, zsh, fish, PostgreSQL), never stand-ins, and never skip when one is missing. So this
// script checks for each of them first. Run as root, it installs the missing
// Debian packages (`apt-get update` once, then one `apt-get install -y`);
// otherwise it stops at once with the one command that would install them.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { delimiter, join, sep } from 'node:path';
import { performance } from 'node:perf_hooks';

interface Tool {
  /** What the tests need, as a person would look for it. */
  what: string;
  /** The Debian package that provides it. */
  debianPackage: string;
  present: () => boolean;
}

const onPath = (command: string) => () =>
  (process.env.PATH ?? '')
    .split(delimiter)
    .concat(['/usr/sbin', '/sbin'])
    .some((directory) => existsSync(join(directory, command)));

const postgresBinaries = () => {
  const root = '/usr/lib/postgresql';
  return existsSync(root) && readdirSync(root).some((version) => existsSync(join(root, version, 'bin', 'initdb')));
};

const suiteTools: Tool[] = [
  { what: 'ssh-keygen (key fingerprints are checked against it)', debianPackage: 'openssh-client', present: onPath('ssh-keygen') },
  { what: 'nft (every compiled firewall ruleset is checked with it)', debianPackage: 'nftables', present: onPath('nft') },
  { what: 'ip (the firewall is enforced between network namespaces)', debianPackage: 'iproute2', present: onPath('ip') },
  { what: 'pdns_server (the PowerDNS reverse DNS backend)', debianPackage: 'pdns-server', present: onPath('pdns_server') },
  {
    what: "PowerDNS's SQLite backend",
    debianPackage: 'pdns-backend-sqlite3',
    present: () => existsSync('/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql'),
  },
  { what: 'dig (PTR records are resolved for real)', debianPackage: 'dnsutils', present: onPath('dig') },
  { what: 'Prometheus (server metrics read from a real one, METRICS_BACKEND=prometheus)', debianPackage: 'prometheus', present: () => existsSync('/usr/bin/prometheus') },
  { what: 'Chromium (pages are checked in a real browser, driven by playwright-core)', debianPackage: 'chromium', present: () => existsSync('/usr/bin/chromium') },
  { what: 'tmux (the progress display of the command line is checked on a real terminal)', debianPackage: 'tmux', present: onPath('tmux') },
  { what: 'zsh (the zsh completion script is run in it)', debianPackage: 'zsh', present: onPath('zsh') },
  { what: 'fish (the fish completion script is run in it)', debianPackage: 'fish', present: onPath('fish') },
  // Servers that run (D19): real libvirt domains under QEMU, booting a test image built from Debian's packages.
  { what: 'libvirtd and virtlogd (servers run as libvirt domains)', debianPackage: 'libvirt-daemon-system', present: onPath('libvirtd') },
  { what: 'virsh (the libvirt backend drives libvirt through it)', debianPackage: 'libvirt-clients', present: onPath('virsh') },
  // libvirt's network driver reads dnsmasq's capabilities even for networks that run none; without the binary libvirtd 9 crashes on restart.
  { what: "dnsmasq's binary (libvirt's network driver needs it present)", debianPackage: 'dnsmasq-base', present: onPath('dnsmasq') },
  { what: 'QEMU for x86_64 (the domains run under it)', debianPackage: 'qemu-system-x86', present: onPath('qemu-system-x86_64') },
  { what: 'qemu-img (libvirt makes the qcow2 disks with it)', debianPackage: 'qemu-utils', present: onPath('qemu-img') },
  { what: 'genisoimage (the NoCloud seed of each server)', debianPackage: 'genisoimage', present: onPath('genisoimage') },
  { what: "Debian's kernel (the test VM image boots it)", debianPackage: 'linux-image-amd64', present: () => existsSync('/boot') && readdirSync('/boot').some((name) => name.startsWith('vmlinuz-')) },
  { what: 'a static busybox (the test VM image is built around it)', debianPackage: 'busybox-static', present: () => existsSync('/usr/share/doc/busybox-static') },
  { what: 'dropbear (the SSH server of the test VM image)', debianPackage: 'dropbear-bin', present: onPath('dropbear') },
  // The real guest (test/guest-image): Debian made into a disk image without a loop device, cached per machine.
  { what: 'debootstrap (the real Debian guest is built from Debian\'s packages)', debianPackage: 'debootstrap', present: onPath('debootstrap') },
  { what: 'sfdisk (the real guest\'s disk gets a partition table)', debianPackage: 'fdisk', present: onPath('sfdisk') },
  { what: 'mkfs.ext4 with -d (the real guest\'s root filesystem made from a directory)', debianPackage: 'e2fsprogs', present: onPath('mkfs.ext4') },
];
const postgresTools: Tool[] = [{ what: 'PostgreSQL server binaries (a throwaway cluster)', debianPackage: 'postgresql', present: postgresBinaries }];

function ensureTools(tools: Tool[]): void {
  const missing = tools.filter((tool) => !tool.present());
  if (missing.length === 0) return;
  const packages = [...new Set(missing.map((tool) => tool.debianPackage))];
  const install = `apt-get update && apt-get install -y ${packages.join(' ')}`;
  if (process.getuid?.() !== 0) {
    process.stderr.write(`The tests need ${missing.map((tool) => tool.what).join('; ')}. Install them as root: sudo sh -c '${install}'\n`);
    process.exit(1);
  }
  process.stdout.write(`Installing what the tests need: ${packages.join(' ')}\n`);
  const environment = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [['update', '-q'], ['install', '-y', '-q', '--no-install-recommends', ...packages]]) {
    const run = spawnSync('apt-get', args, { stdio: 'inherit', env: environment });
    if (run.status !== 0) {
      process.stderr.write(`apt-get ${args.join(' ')} failed (exit ${run.status ?? run.signal}); the tests cannot run without ${packages.join(' ')}\n`);
      process.exit(1);
    }
  }
  const stillMissing = missing.filter((tool) => !tool.present());
  if (stillMissing.length > 0) {
    process.stderr.write(`Still missing after apt-get install: ${stillMissing.map((tool) => tool.what).join('; ')}\n`);
    process.exit(1);
  }
}

function run(command: string, args: string[], environment: NodeJS.ProcessEnv = process.env): number {
  const result = spawnSync(command, args, { stdio: 'inherit', env: environment });
  return result.status ?? 1;
}

/** The same commands as `npm run typecheck`, `npm run lint` and `npm run check:imports`. */
const staticChecks: { what: string; tool: string; args: string[] }[] = [
  { what: 'types', tool: 'tsc', args: ['--noEmit', '-p', '.'] },
  // Cached by content: a file whose text is unchanged since the last run is not linted again. Type-aware rules read
  // other files' types, so an edit can leave a cached file's result stale until it changes too; CI, on a clean
  // clone, has no cache and lints everything.
  { what: 'lint', tool: 'eslint', args: ['--cache', '--cache-strategy', 'content', '--cache-location', 'node_modules/.cache/eslint/', '.'] },
  { what: 'import rules', tool: 'depcruise', args: ['src', 'test', 'bench', 'scripts', '--ignore-known'] },
];

function runStaticChecks(): void {
  for (const check of staticChecks) {
    const commandLine = [check.tool, ...check.args].join(' ');
    process.stdout.write(`== ${check.what}: ${commandLine}\n`);
    const started = performance.now();
    const status = run(join('node_modules', '.bin', check.tool), check.args);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    if (status !== 0) {
      process.stderr.write(`== ${check.what} failed (${commandLine}, exit ${status}, ${seconds} s); the suite was not run\n`);
      process.exit(status);
    }
    process.stdout.write(`== ${check.what} passed in ${seconds} s\n`);
  }
}

const onPostgres = process.argv.includes('--postgres');
if (!onPostgres) runStaticChecks();
// PostgreSQL in both runs: the database-outage test starts a PostgreSQL of its own whichever engine the suite is on.
ensureTools([...suiteTools, ...postgresTools]);

// test/<kind>/<name>.test.ts, as the shell would expand test/*/*.test.ts.
//
// Some run once, on SQLite: what they prove does not depend on the engine, and every query they reach is run on
// both engines by test/integration and test/console. The real guests (test/guest) prove the guest's and libvirt's
// side (the busybox VM tests run on both engines); the browser (test/browser), the command line (test/cli) and the
// client's HTTP (test/http) prove the interfaces' side over the same services; the unit tests touch no database;
// the OpenAPI lint reads the documents and the production build packs the tree.
const ONCE_ONLY_KINDS = new Set(['guest', 'browser', 'cli', 'http', 'unit']);
const ONCE_ONLY_FILES = new Set([join('test', 'integration', 'openapi-lint.test.ts'), join('test', 'integration', 'production-build.test.ts')]);
// The longest files start first, so that the others fill the second slot beside them rather than leave one file
// running alone at the end: on SQLite the real guests (the light files of test/browser, test/cli and test/console
// run beside them, not the VM tests, which would take the guests' CPU); on PostgreSQL the VM tests and the crash
// tests (real processes killed and restarted).
const LONGEST_FIRST = onPostgres ? [/^test\/integration\/(libvirt-|crash-points|nft-enforcement|firewall-propagation|database-outage)/] : [/^test\/guest\//];
const rank = (file: string) => {
  const index = LONGEST_FIRST.findIndex((pattern) => pattern.test(file.split(sep).join('/')));
  return index < 0 ? LONGEST_FIRST.length : index;
};
const testFiles = readdirSync('test', { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !(onPostgres && ONCE_ONLY_KINDS.has(entry.name)))
  .flatMap((directory) => readdirSync(join('test', directory.name)).filter((name) => name.endsWith('.test.ts')).map((name) => join('test', directory.name, name)))
  .filter((file) => !(onPostgres && ONCE_ONLY_FILES.has(file)))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
const suite = ['--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=2', ...testFiles];
if (!onPostgres) process.exit(run(process.execPath, suite));

// The PostgreSQL run starts its own throwaway server and stops it afterwards, pass or fail.
const started = spawnSync('scripts/test-postgres.sh', [], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
if (started.status !== 0) process.exit(started.status ?? 1);
const databaseUrl = started.stdout.trim();
process.stdout.write(`== tests on PostgreSQL (${databaseUrl})\n`);
let status: number;
try {
  status = run(process.execPath, suite, { ...process.env, TEST_DATABASE_URL: databaseUrl });
} finally {
  spawnSync('scripts/test-postgres.sh', ['stop'], { stdio: 'inherit' });
}
process.exit(status);
