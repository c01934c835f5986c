// Walking a paginated list (spec: Pagination envelope). Pages are asked for
// by number through the typed path, not by following `next`: `next` is an
// absolute link made from the host the service saw (or its public URL), which
// behind a proxy need not be the address this client was given. The walk ends
// when a page says there is no next one.
import type { PageItem, PageParams, PaginatedPath } from './types.ts';

/** The largest page the service gives (spec: Limits): the fewest requests for a whole list. */
export const MAX_PAGE_SIZE = 100;

interface Envelope {
  count: number;
  next: string | null;
  results: unknown[];
}

/** One typed GET that answers the body or throws CloudplaneError (the client's `call` around `raw.GET`). */
export type PageReader = (path: string, init: { params: { path?: unknown; query: Record<string, unknown> } }) => Promise<unknown>;

export async function* walkPages<Path extends PaginatedPath>(readPage: PageReader, path: Path, params: PageParams<Path> | undefined): AsyncGenerator<PageItem<Path>, void, undefined> {
  const query: Record<string, unknown> = { page_size: MAX_PAGE_SIZE, ...params?.query };
  for (let page = 1; ; page += 1) {
    const envelope = (await readPage(path, { params: { ...(params?.path ? { path: params.path } : {}), query: { ...query, page } } })) as Envelope;
    for (const item of envelope.results) yield item as PageItem<Path>;
    if (envelope.next === null || envelope.results.length === 0) return;
  }
}
