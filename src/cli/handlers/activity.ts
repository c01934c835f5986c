// `cloudplane actions list | describe | wait` and `cloudplane orders list | describe | wait`.
import type { PageParams } from '../../client/index.ts';
import type { Invocation } from '../invocation.ts';
import { looksLikeServerId, resolveServerId } from '../names.ts';
import { printList, printRecord } from '../output.ts';
import { openSession } from '../session.ts';
import { followAction, followOrder, requireActionSuccess, requireOrderCompleted, waitBounds } from '../waiting.ts';
import { ACTION_COLUMNS, actionFields, ORDER_COLUMNS, orderFields } from './activity-views.ts';

type ActionListQuery = NonNullable<PageParams<'/projects/{project_slug}/actions/'>['query']>;
/** The options of `actions list`; commander checked them against the API's values (commands/activity.ts). */
type ActionFilters = { server?: string; status?: ActionListQuery['status']; type?: ActionListQuery['type'] };

export async function listActions({ options, globals }: Invocation): Promise<void> {
  const filters = options as ActionFilters;
  const session = openSession(globals);
  const project = await session.project();
  // An id is taken as it is, unread: the actions of a server deleted since are still listed by its id.
  const serverId = filters.server === undefined || looksLikeServerId(filters.server) ? filters.server : await resolveServerId(session, project, filters.server);
  const actions = await session.client.listAll('/projects/{project_slug}/actions/', {
    path: { project_slug: project },
    query: {
      ...(serverId ? { resource_id: serverId, resource_type: 'server' as const } : {}),
      ...(filters.status ? { status: filters.status } : {}),
      ...(filters.type ? { type: filters.type } : {}),
    },
  });
  printList(session.output, actions, ACTION_COLUMNS);
}

export async function describeAction({ args: [id], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const action = await session.client.getAction(await session.project(), id!);
  printRecord(session.output, action, actionFields(action));
}

export async function waitAction({ args: [id], options, globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const final = await followAction(session, project, await session.client.getAction(project, id!), waitBounds(options));
  printRecord(session.output, final, actionFields(final));
  requireActionSuccess(final);
}

export async function listOrders({ globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  // A plain array, not paginated (DESIGN D6).
  const orders = await session.client.call(session.client.raw.GET('/projects/{project_slug}/orders/', { params: { path: { project_slug: project } } }));
  printList(session.output, orders, ORDER_COLUMNS);
}

export async function describeOrder({ args: [id], globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const order = await session.client.getOrder(await session.project(), Number(id));
  printRecord(session.output, order, orderFields(order));
}

export async function waitOrder({ args: [id], options, globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const final = await followOrder(session, project, await session.client.getOrder(project, Number(id)), waitBounds(options));
  printRecord(session.output, final, orderFields(final));
  requireOrderCompleted(final);
}
