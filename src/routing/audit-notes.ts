// What a handler knows of a change that its route does not say, kept on the
// request for the audit log's hook (http/plugins/audit.ts) to write once the
// answer is settled: a sign-in and its failure, the key just made, the
// refusal's problem code, the project a legacy call acted in. Handlers of
// every interface leave notes; only the hook reads them.
import type { FastifyRequest } from 'fastify';

/** Methods that change nothing: the audit log records none of them, so nothing is kept for them. */
export const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface AuditNote {
  /** What happened, when the route alone does not say it: `sign_in`, `sign_in_failed`, `api_key.created`… */
  operation?: string;
  /** The resource, when the route's path does not name it by its id (a key just made, a legacy server). */
  resource?: { type: string; id: string | number; name?: string };
  /** The user a console request concerned when no session of theirs says so (a sign-in refused for their account). */
  userId?: number;
  /** The project a request acted in when its route does not name it (the legacy API's calls). */
  projectSlug?: string;
  /** The `code` of the refusal answered. */
  problemCode?: string;
}

/** What the hook itself adds to a handler's note. */
export interface RequestNotes extends AuditNote {
  /** Read as the request arrives: once a client hangs up, its socket no longer says where it came from. */
  clientIp?: string;
  /** The console user a change began with (signing out ends the session before the answer). */
  signedInAs?: { userId: number; sessionRef: string };
}

const notes = new WeakMap<FastifyRequest, RequestNotes>();

/** Adds to what the request's audit entry will say (reads are not recorded, so nothing is kept for them). */
export function noteForAudit(request: FastifyRequest, note: AuditNote): void {
  addNotes(request, note);
}

/** The audit hook's own additions (where the request came from, who was signed in): not for handlers. */
export function noteRequestFacts(request: FastifyRequest, facts: Pick<RequestNotes, 'clientIp' | 'signedInAs'>): void {
  addNotes(request, facts);
}

function addNotes(request: FastifyRequest, note: RequestNotes): void {
  if (READS.has(request.method)) return;
  notes.set(request, { ...notes.get(request), ...note });
}

/** Everything noted on the request so far. */
export function notesOf(request: FastifyRequest): RequestNotes | undefined {
  return notes.get(request);
}
