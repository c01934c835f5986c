// What each listener publishes about itself: its OpenAPI document at
// /api/v1/openapi.json and a readable reference of it at /docs. Both are made
// from the route schemas by @fastify/swagger, then each titled schema becomes
// a named entry of components.schemas (schemas/openapi-names.ts); the
// reference page is Swagger UI, whose scripts and styles the service serves
// itself, so /docs works offline.
import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import swaggerUi from '@fastify/swagger-ui';
import { Type } from 'typebox';
import { checkRouteSchemaTitles, withNamedSchemas } from '../../schemas/openapi-names.ts';

export interface ApiDocumentsOptions {
  /** The reference page's title. */
  title: string;
  /** Where this listener's API is rooted, relative to the listener: `/api/v1` for the project API, `` for the legacy one. */
  apiRoot: string;
  /** Said next to the `servers` entry: which install this is (production behind CLOUDPLANE_PUBLIC_URL, or a local one). */
  serverDescription: string;
  /** This listener's address as the client reached it (or as configured). */
  baseUrl: (request: FastifyRequest) => string;
}

// Scripts only from this listener. Swagger UI sets a few inline styles while it renders (no user
// content reaches this page, so inline styles risk nothing), hence 'unsafe-inline' for styles alone.
// No upgrade-insecure-requests: a local install is plain http, and its own assets must load from it.
const REFERENCE_PAGE_CSP =
  "default-src 'self'; base-uri 'self'; img-src 'self' data:; object-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self' data:; frame-ancestors 'none'; form-action 'none'";

type OpenApiDocument = Record<string, unknown>;

/**
 * The document generated at start names the API root only as a path; each
 * answer carries the absolute URL of this listener as the client reached it
 * (or CLOUDPLANE_PUBLIC_URL), so a downloaded document still points home.
 */
function withServers(document: OpenApiDocument, request: FastifyRequest, options: ApiDocumentsOptions): OpenApiDocument {
  // x-internal: false says who the API is for: the provider's customers, not its back office (the operator API is not in the document).
  return { ...document, servers: [{ url: `${options.baseUrl(request)}${options.apiRoot}`, description: options.serverDescription, 'x-internal': false }] };
}

/**
 * Call before the routes are added: a title given to two different schemas
 * stops the listener at start. The document is made on its first request
 * (as @fastify/swagger does), not at start: most processes never serve it.
 */
export async function publishApiDocuments(app: FastifyInstance, options: ApiDocumentsOptions): Promise<void> {
  // Checked when the listener is ready, on each route as every onRoute hook
  // left it: a plugin's own hook may hide its routes (the console's) or close
  // their bodies (plugins/validation.ts) after this one has seen them.
  const routes: RouteOptions[] = [];
  app.addHook('onRoute', (route) => void routes.push(route));
  app.addHook('onReady', async () => {
    const check = checkRouteSchemaTitles(options.title);
    for (const route of routes) check(route);
  });
  let named: OpenApiDocument | undefined;
  const document = () => (named ??= withNamedSchemas(app.swagger() as unknown as OpenApiDocument));
  app.get('/api/v1/openapi.json', { schema: { hide: true, response: { 200: Type.Object({}, { additionalProperties: true }) } } }, async (request) =>
    withServers(document(), request, options),
  );
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // Everything the page needs comes from this listener: no CDN, no validator badge, works offline.
    staticCSP: REFERENCE_PAGE_CSP,
    transformSpecification: (_generated, request) => withServers(document(), request, options),
    theme: { title: options.title },
    // BaseLayout: no top bar with its "explore another URL" box; this page documents this listener only.
    uiConfig: { layout: 'BaseLayout', validatorUrl: null, deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 0, displayOperationId: true, tryItOutEnabled: false },
  });
}
