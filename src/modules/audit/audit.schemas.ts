import { Type } from 'typebox';
import { Count, Id, Int32, Nullable, Text, Timestamp } from '../../schemas/common.ts';
import { PageQuery } from '../../schemas/pagination.ts';
import { ProjectSlug, SlugParam } from '../projects/index.ts';

const Moment = (description: string) =>
  Type.Optional(Text(40, { description: `${description}: an ISO 8601 date and time, such as 2025-06-01T00:00:00Z (without a zone: UTC)` }));

/** The filters both the project's log and the operator's share. */
const AuditFilterQuery = {
  actor: Type.Optional(
    Text(40, {
      pattern: '^(api_key:\\d{1,15}|user:\\d{1,15}|operator|anonymous)$',
      description: 'Only entries by this actor: `api_key:<id>`, `user:<id>` (the user through the console or any of their keys), `operator` or `anonymous`',
    }),
  ),
  resource_type: Type.Optional(Text(30, { description: 'Only entries about this kind of resource, such as `server` or `firewall_group`' })),
  resource_id: Type.Optional(Text(64, { description: 'Only entries about the resource with this id (with `resource_type`, one resource)' })),
  since: Moment('Only entries from this moment on (included)'),
  until: Moment('Only entries before this moment (excluded)'),
};

export const AuditLogQuery = Type.Object({ ...AuditFilterQuery, ...PageQuery });

export const OperatorAuditLogQuery = Type.Object({
  project: Type.Optional(SlugParam),
  ...AuditFilterQuery,
  ...PageQuery,
});

/** A range to export: both ends required, so an export is a decision about a period, not the whole log by accident. */
export const AuditExportQuery = Type.Object({
  since: Text(40, { description: 'From this moment (included): an ISO 8601 date and time' }),
  until: Text(40, { description: 'Before this moment (excluded): an ISO 8601 date and time' }),
  project: Type.Optional(SlugParam),
});

export const ProjectAuditParams = Type.Object({ project_slug: SlugParam });

export const AuditEntrySchema = Type.Object(
  {
    id: Id({ description: 'Increasing in the order the entries were written' }),
    created_at: Timestamp({ description: 'When the answer was given' }),
    interface: Type.String({ enum: ['project', 'legacy', 'console', 'operator'], description: 'Where the change came in: the project API, the legacy API, the console or the operator API' }),
    project: Nullable(ProjectSlug({ description: "The project's slug" }), { description: 'The project the change was made in; null outside any project (or once the project is gone)' }),
    actor: Type.Object({
      type: Type.String({
        enum: ['api_key', 'user', 'operator', 'anonymous'],
        description: 'An API key, a user signed in to the console, the operator, or nobody known (refused credentials, a failed sign-in naming no account)',
      }),
      user_id: Nullable(Id(), { description: 'The user behind the key or the console session; for a failed sign-in, the account it named' }),
      email: Nullable(Text(320), { description: "The user's e-mail address, while the user exists" }),
      api_key_id: Nullable(Id(), { description: 'The key used' }),
      api_key_name: Nullable(Text(255), { description: 'The name of the key used' }),
      session_ref: Nullable(Text(32), { description: 'Tells console sessions apart: a digest of the session, never its id' }),
    }),
    client_ip: Text(64, { description: 'The address the request came from' }),
    method: Text(10),
    route: Text(255, { description: 'The route that answered, as a pattern (`/api/v1/projects/:project_slug/servers/:server_id/`): never the URL with its query' }),
    operation: Nullable(Text(60), {
      description: 'What happened, for entries that say more than their route: `sign_in`, `sign_in_failed`, `sign_in_code_required`, `api_key.created`, `console.opened`, `console.closed`',
    }),
    resource: Nullable(
      Type.Object({
        type: Text(30, { description: 'Such as `server`, `firewall_group`, `firewall_rule`, `ssh_key`, `api_key`' }),
        id: Text(64, { description: "The resource's id, as text" }),
        name: Nullable(Text(255), { description: 'The name of a key just made (`api_key.created`)' }),
      }),
      { description: 'The resource the route names by its id; null when it names none (a list, a creation)' },
    ),
    status: Nullable(Int32(100, 599), {
      description:
        "The status of the answer. Null when the change was committed (the entry commits in the change's own transaction) and the service stopped before it settled the answer: the change was made, and its client may have had no answer",
    }),
    problem_code: Nullable(Text(60), { description: 'The `code` of a refusal' }),
    request_id: Text(64, { description: 'The request id, as in the service log' }),
    details: Nullable(
      Type.Object(
        {
          console_session_id: Type.Optional(Id({ description: 'The console session' })),
          duration_seconds: Type.Optional(Int32(0, 2_147_483_647, { description: 'How long the session was open, in seconds' })),
          bytes_in: Type.Optional(Count({ description: "Bytes sent to the server's console" })),
          bytes_out: Type.Optional(Count({ description: "Bytes received from the server's console" })),
          close_reason: Type.Optional(Text(120, { description: 'Why the session ended' })),
        },
        { additionalProperties: false },
      ),
      { description: "What the entry says beyond its columns: a console session's id, and when it closed, its length, bytes and why it ended; null for the rest" },
    ),
  },
  { title: 'AuditLogEntry' },
);
