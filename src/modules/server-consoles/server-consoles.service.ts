// A server's console (D24): the rules. A member (not a read-only key) asks
// for a session of a running server whose machine has a serial console, and
// gets a single-use token valid 60 s; a WebSocket that presents it in time
// opens the session (the token used up in the same statement), after which
// the session is checked every few seconds: a newer session of the server
// takes over, and the server stopping or going, the member leaving the
// project or the key being revoked end it. Opening and closing are audited;
// opening is the `console.opened` event.
//
// The token is kept only as its SHA-256; it is compared in constant time and
// never logged. Only the stream (server-consoles.stream.ts) sees it.
import type { Kysely } from 'kysely';
import type { Clock } from '../../clock.ts';
import type { ChangeFeed } from '../../db/change-feed.ts';
import type { Database } from '../../db/schema.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { hashToken, randomToken, sameHash } from '../../secrets.ts';
import type { ConsoleConnection, ProvisioningPort } from '../../upstreams/provisioning/port.ts';
import type { Actor, ApiKeyService } from '../api-keys/index.ts';
import type { AuditActor, AuditDetails, AuditRecord, AuditService } from '../audit/index.ts';
import { asTransaction, recordEvent } from '../events/index.ts';
import type { ProjectAccess } from '../projects/index.ts';
import type { ServerService } from '../servers/index.ts';
import * as repo from './server-consoles.repo.ts';

/** How long a token may wait for its WebSocket. */
export const CONSOLE_TOKEN_TTL_MS = 60_000;
/** Where the WebSockets are served (on the main listener); the token follows. */
export const CONSOLE_STREAM_PREFIX = '/api/v1/consoles/';
/** How long a session's row is kept once it is over (its audit entries stay for the audit log's retention). */
export const SESSION_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** The route of the WebSocket, as the audit log and the service log name it (never with the token). */
export const CONSOLE_STREAM_ROUTE = `${CONSOLE_STREAM_PREFIX}:token`;
/** 32 random bytes, base64url. */
const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

/** Where a session was asked for, and by what. */
export interface ConsoleRequester {
  /** `project`: with an API key; `console`: in the console, whose WebSocket must come from the console's own origin. */
  interface: 'project' | 'console';
  clientIp: string;
  /** The console session that asked (`session_ref` in the audit log); null for a key. */
  sessionRef: string | null;
}

/** A session whose WebSocket presented its token. */
export interface OpenConsoleSession {
  id: number;
  serverId: string;
  projectSlug: string;
  interface: 'project' | 'console';
  actor: Actor;
  auditActor: AuditActor;
  /** Where the WebSocket came from. */
  clientIp: string;
  openedAt: Date;
}

export interface ServerConsoleDependencies {
  db: Kysely<Database>;
  clock: Clock;
  changes: ChangeFeed;
  access: ProjectAccess;
  servers: ServerService;
  apiKeys: ApiKeyService;
  provisioning: ProvisioningPort;
  audit: AuditService;
}

export class ServerConsoleService {
  constructor(private readonly deps: ServerConsoleDependencies) {}

  /** A token for a session of the server's console; 409 when the server is not running or has no console, 503 when its host does not answer. */
  async request(actor: Actor, slug: string, serverId: string, requester: ConsoleRequester): Promise<{ token: string; expires_at: string }> {
    const { project, server } = await this.deps.servers.requireServer(actor, slug, serverId, { write: true });
    if (server.status !== 'running') throw conflict(`The server is ${server.status}: its console opens only while it is running`);
    await this.deps.provisioning.checkAvailable(serverId);
    if (!(await this.deps.provisioning.hasConsole(serverId))) {
      throw conflict('The server has no serial console on its host (a server imported without a machine of ours has none)');
    }
    const token = randomToken();
    const now = this.deps.clock.now();
    const expiresAt = new Date(now.getTime() + CONSOLE_TOKEN_TTL_MS).toISOString();
    await repo.insertConsoleSession(this.deps.db, {
      server_id: serverId,
      project_id: project.id,
      token_hash: hashToken(token),
      interface: requester.interface,
      user_id: actor.userId,
      api_key_id: requester.interface === 'project' ? actor.keyId : null,
      session_ref: requester.sessionRef,
      client_ip: requester.clientIp.slice(0, 64),
      created_at: now.toISOString(),
      expires_at: expiresAt,
    });
    return { token, expires_at: expiresAt };
  }

  /**
   * Opens the session a WebSocket's token names, using the token up. 401 for a
   * token that is malformed, unknown, used or expired (one answer for all, so
   * none tells a guesser more); 403 for a console's token from another origin;
   * 409 when the server stopped meanwhile; 404 when it or the member's access is gone.
   */
  async open(token: string, from: { origin: string | undefined; consoleOrigin: string; clientIp: string }): Promise<OpenConsoleSession> {
    const tokenHash = TOKEN_FORMAT.test(token) ? hashToken(token) : '';
    const row = tokenHash ? await repo.findByTokenHash(this.deps.db, tokenHash) : undefined;
    if (!row || !sameHash(row.token_hash, tokenHash)) throw refused();
    const now = this.deps.clock.now();
    if (row.opened_at !== null || row.expires_at <= now.toISOString()) throw refused();
    // A console's page signs its WebSocket with nothing but the token; the origin check keeps other sites' pages out all the same.
    if (row.interface === 'console' && from.origin !== from.consoleOrigin) {
      throw new AppError('forbidden', "A console session's WebSocket must come from the console's own pages");
    }
    const actor = actorOf(row);
    const projectSlug = await this.deps.access.slugOf(row.project_id);
    if (projectSlug === undefined) throw notFound('server');
    const { server } = await this.deps.servers.requireServer(actor, projectSlug, row.server_id);
    if (server.status !== 'running') throw conflict(`The server is ${server.status}: its console opens only while it is running`);
    if (row.api_key_id !== null && !(await this.deps.apiKeys.isUsable(row.api_key_id))) throw refused();

    const session: OpenConsoleSession = {
      id: row.id,
      serverId: row.server_id,
      projectSlug,
      interface: row.interface,
      actor,
      auditActor: row.api_key_id !== null ? { type: 'api_key', userId: row.user_id, apiKeyId: row.api_key_id } : { type: 'user', userId: row.user_id, sessionRef: row.session_ref },
      clientIp: from.clientIp,
      openedAt: now,
    };
    // The token used up, the event and the audit entry: one transaction.
    const opened = await this.deps.changes.commit('server-consoles', async (trx) => {
      if (!(await repo.markOpened(trx, row.id, now.toISOString()))) return false;
      await recordEvent(asTransaction(trx), {
        projectId: row.project_id,
        type: 'console.opened',
        resource: { type: 'server', id: row.server_id },
        data: { server_id: row.server_id, console_session_id: row.id, interface: row.interface, user_id: row.user_id, api_key_id: row.api_key_id },
        now: now.toISOString(),
      });
      await this.deps.audit.recordIn(trx, auditRecordOf(session, 'console.opened', { console_session_id: session.id }));
      return true;
    });
    if (!opened) throw refused();
    return session;
  }

  /** Deletes the sessions over and made before `before` (their retention); answers how many. */
  pruneBefore(before: string): Promise<number> {
    return repo.pruneSessions(this.deps.db, before);
  }

  /** Attaches to the server's console for an open session. */
  attach(session: OpenConsoleSession): Promise<ConsoleConnection> {
    return this.deps.provisioning.openConsole(session.serverId);
  }

  /**
   * Why each of these open sessions must end now, if it must: a newer session
   * of its server took over, the server stopped or is gone, the member lost
   * the project, the key was revoked or expired.
   */
  async endings(sessions: readonly OpenConsoleSession[]): Promise<Map<number, string>> {
    const endings = new Map<number, string>();
    const latest = await repo.latestOpenedSessions(this.deps.db, [...new Set(sessions.map((session) => session.serverId))]);
    for (const session of sessions) {
      const reason = (latest.get(session.serverId) ?? session.id) !== session.id ? 'Another console session of this server took over' : await this.whyEnd(session);
      if (reason) endings.set(session.id, reason);
    }
    return endings;
  }

  /** Records the end of a session: its row, and the audit entry with how long it lasted and what it carried. */
  async close(session: OpenConsoleSession, closed: { reason: string; bytesIn: number; bytesOut: number }): Promise<void> {
    const now = this.deps.clock.now();
    const reason = closed.reason.slice(0, 120);
    const record = auditRecordOf(session, 'console.closed', {
      console_session_id: session.id,
      duration_seconds: Math.max(0, Math.round((now.getTime() - session.openedAt.getTime()) / 1000)),
      bytes_in: closed.bytesIn,
      bytes_out: closed.bytesOut,
      close_reason: reason,
    });
    await this.deps.db.transaction().execute(async (trx) => {
      await repo.markClosed(trx, session.id, { at: now.toISOString(), reason, bytesIn: closed.bytesIn, bytesOut: closed.bytesOut });
      await this.deps.audit.recordIn(trx, record);
    });
  }

  private async whyEnd(session: OpenConsoleSession): Promise<string | null> {
    if (session.auditActor.type === 'api_key' && !(await this.deps.apiKeys.isUsable(session.auditActor.apiKeyId))) return 'The API key was revoked or has expired';
    try {
      const { server } = await this.deps.servers.requireServer(session.actor, session.projectSlug, session.serverId);
      return server.status === 'running' ? null : `The server is ${server.status}`;
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'not_found') throw error;
      return (await this.isMember(session)) ? 'The server was deleted' : 'You are no longer a member of the project';
    }
  }

  private async isMember(session: OpenConsoleSession): Promise<boolean> {
    try {
      await this.deps.access.require(session.actor, session.projectSlug);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') return false;
      throw error;
    }
  }
}

/** A session's opening or closing as the audit log records it (a WebSocket's GET, answered 101). */
function auditRecordOf(session: OpenConsoleSession, operation: 'console.opened' | 'console.closed', details: AuditDetails): AuditRecord {
  return {
    interface: session.interface,
    actor: session.auditActor,
    clientIp: session.clientIp,
    method: 'GET',
    route: CONSOLE_STREAM_ROUTE,
    operation,
    resource: { type: 'server', id: session.serverId },
    projectSlug: session.projectSlug,
    statusCode: 101,
    problemCode: null,
    requestId: `console-session-${session.id}`,
    details,
  };
}

function refused(): AppError {
  return new AppError('unauthenticated', 'The console token is not valid: unknown, already used or expired. Ask for a new one.');
}

/** The member the session acts for: their key, or in the console the user (console-actor.ts's key id). */
function actorOf(row: repo.ConsoleSessionRow): Actor {
  return { userId: row.user_id, keyId: row.api_key_id ?? -row.user_id, readOnly: false };
}
