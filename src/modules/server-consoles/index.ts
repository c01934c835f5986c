// A server's console (D24): the token route, the service the WebSocket bridge (http/console-streams.ts) and the console page call.
export { consoleStreamUrl, serverConsoleRoutes } from './server-consoles.routes.ts';
export { CONSOLE_STREAM_PREFIX, CONSOLE_STREAM_ROUTE, CONSOLE_TOKEN_TTL_MS, ServerConsoleService, SESSION_RETENTION_MS as SERVER_CONSOLE_SESSION_RETENTION_MS } from './server-consoles.service.ts';
export type { ConsoleRequester, OpenConsoleSession } from './server-consoles.service.ts';
