// The import rules of cloudplane's layout (docs/architecture.md, "What may
// import what"), checked by dependency-cruiser in `npm test`:
//
//   depcruise src test bench scripts --ignore-known
//
// Violations that were in the tree when a rule was written are listed in
// .dependency-cruiser-known-violations.json: they are reported as a count, and
// only a new one fails the run. When you remove one, shrink the list with
//
//   npx depcruise src test bench scripts --output-type baseline --output-to .dependency-cruiser-known-violations.json
//
// and never regenerate it to hide a new violation.

/** A module's repository: every query for its tables (src/modules/<m>/<m>.repo.ts). */
const moduleRepo = '^src/modules/[^/]+/[^/]+[.]repo[.]ts$';

/** A module's public surface: the one file of it the rest of the tree may import. */
const moduleSurface = '^src/modules/[^/]+/index[.]ts$';

/** What sits above the modules: the interfaces, the registry of services, the composition root, the command. */
const aboveModules = ['^src/(http|legacy|console|cli)/', '^src/(app|services|bootstrap)[.]ts$'];

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'A cycle makes two files one unit that neither can be read, tested or loaded without the other, and its load order ' +
        'decides which of them sees the other half-initialised. Type-only imports count: they tie the files together as much.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'past-a-module-surface',
      severity: 'error',
      comment:
        "Another module, or anything outside src/modules, uses a module through its index.ts only: what a module offers is " +
        'written down in one place, and everything else in it may change without a search of the tree. test/unit is exempt: ' +
        'a unit test exercises the part it tests.',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', moduleSurface] },
    },
    {
      name: 'past-a-module-surface-from-outside',
      severity: 'error',
      comment: 'The same rule for code outside src/modules (interfaces, composition, tests but unit tests, bench, scripts).',
      from: { pathNot: ['^src/modules/', '^test/unit/'] },
      to: { path: '^src/modules/', pathNot: moduleSurface },
    },
    {
      name: 'repo-on-a-surface',
      severity: 'error',
      comment: "A module's index.ts offers its services' functions, never its repo's queries (rule repo-outside-its-module).",
      from: { path: moduleSurface },
      to: { path: moduleRepo },
    },
    {
      name: 'modules-point-down',
      severity: 'error',
      comment:
        'Modules hold the rules; the interfaces (project, operator and legacy APIs, console), the registry of services and the ' +
        "composition root are built on them. A module that imported one would depend on how it is served. What routes of every " +
        'interface share lives below the modules: src/schemas (the schema vocabulary) and src/routing (request-time helpers).',
      from: { path: '^src/modules/' },
      to: { path: aboveModules },
    },
    {
      name: 'below-modules-point-down',
      severity: 'error',
      comment:
        'Storage, jobs, ports and the shared vocabulary (src/db, src/jobs, src/upstreams, src/schemas, src/routing and the ' +
        'files directly in src/) know no module and no interface: the modules use them, never the other way round.',
      from: { path: ['^src/(db|jobs|upstreams|schemas|routing)/', '^src/[^/]+[.]ts$'], pathNot: aboveModules },
      to: { path: ['^src/modules/', ...aboveModules] },
    },
    {
      name: 'repo-outside-its-module',
      severity: 'error',
      comment:
        "A module's repo is its own: another module asks that module's service (SshKeyService.requireOwned, ensureDefaultProject, " +
        'lockForChange), so each rule lives in one place and its copies cannot drift apart.',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: moduleRepo, pathNot: '^src/modules/$1/' },
    },
    {
      name: 'repo-outside-modules',
      severity: 'error',
      comment:
        "The same rule for code outside src/modules (legacy interface, bootstrap, tests): it goes through the module's service. " +
        "Tests included: a test that writes rows through a repo builds a state the API can't reach, and drifts from the rules the service keeps.",
      from: { pathNot: '^src/modules/' },
      to: { path: moduleRepo },
    },
    {
      name: 'builtin-upstream-outside-upstreams',
      severity: 'error',
      comment:
        'A port is the only door to a system behind the API. Only src/upstreams (index.ts wraps each built-in in fault injection) ' +
        "may name a built-in implementation; elsewhere a call would skip faults and a real system couldn't replace the built-in one. " +
        'test/unit is exempt: a unit test of a built-in system (billing-engine.test.ts) imports what it tests.',
      from: { pathNot: ['^src/upstreams/', '^test/unit/'] },
      to: { path: ['^src/upstreams/[^/]+/builtin[.]ts$', '^src/upstreams/rdns/powerdns[.]ts$'] },
    },
    {
      name: 'http-from-a-service',
      severity: 'error',
      comment:
        'Services hold the rules and know nothing of HTTP: they throw domain errors that the HTTP layer and the legacy envelope ' +
        'each map once, and never set a header. The legacy interface and the console call the same services. Schemas ' +
        '(src/schemas) are shared with the routes; request-time helpers (src/routing) and error statuses are not for services.',
      from: { path: '[.]service[.]ts$' },
      to: { path: ['^src/http/', '^src/routing/', '^src/schemas/error-statuses[.]ts$'] },
    },
    {
      name: 'migration-imports-live-code',
      severity: 'error',
      comment:
        'Migrations are frozen: a migration must do tomorrow what it did the day it was written, so it imports the query builder ' +
        '(kysely) and nothing else. Siblings in src/db/migrations (column-types.ts) are under the same rule.',
      from: { path: '^src/db/migrations/' },
      to: { pathNot: ['^node_modules/kysely/', '^src/db/migrations/[^/]+[.]ts$'] },
    },
    {
      name: 'client-imports-server-code',
      severity: 'error',
      comment:
        "src/client is what a user's program imports (cloudplane/client): it talks to the service over HTTP only, so it imports " +
        'nothing but itself, packages and Node built-ins. Reaching into the server code would pull the database and Fastify into ' +
        'every program that uses the client, and tie the client to internals the API contract does not promise.',
      from: { path: '^src/client/' },
      to: { pathNot: ['^src/client/', '^node_modules/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment:
        "An import the checker can't resolve is one it can't check against the rules above (and usually a typo or a missing package).",
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // Type-only imports count: `import type { BuiltinBilling }` ties a module to the built-in engine as much as a value import does.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
