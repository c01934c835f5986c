// The one pagination envelope every paginated list uses:
// {count, next, previous, results}, with absolute links that keep the other
// query parameters.
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { Count, Int32, Link, List, Nullable } from './common.ts';
import { documentedAs } from './openapi-names.ts';
import { AppError } from '../errors.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/** The last page number readPageRequest reads (nine digits); a longer one is a missing page. */
const MAX_PAGE = 999_999_999;

// Validated as strings: a page that is not a number is a missing page (404),
// and a page size that is not one is the default, not a bad request, so the
// schema must not refuse either first. The documents say what to send:
// integers, so typed clients take `{ page: 2, page_size: 20 }`.
export const PageQuery = {
  page: Type.Optional(documentedAs(Type.String({ maxLength: 20, description: 'Page number, from 1' }), Int32(1, MAX_PAGE))),
  page_size: Type.Optional(
    documentedAs(Type.String({ maxLength: 20, description: `Items per page: default ${DEFAULT_PAGE_SIZE}, at most ${MAX_PAGE_SIZE}` }), Int32(1, MAX_PAGE_SIZE)),
  ),
};

/** The envelope of a page of `item`s; named after the item (`ServerSummaryPage`) when the item has a name. */
export function PaginatedSchema<Item extends TSchema>(item: Item) {
  const itemName = (item as { title?: unknown }).title;
  return Type.Object(
    {
      count: Count({ description: 'Total number of results' }),
      next: Nullable(Link({ description: 'The next page, with the other query parameters kept' })),
      previous: Nullable(Link({ description: 'The previous page' })),
      results: List(item, MAX_PAGE_SIZE, { description: 'The items of this page' }),
    },
    typeof itemName === 'string' ? { title: `${itemName}Page` } : {},
  );
}

export interface PageRequest {
  page: number;
  pageSize: number;
  offset: number;
}

export interface Page<Item> {
  count: number;
  next: string | null;
  previous: string | null;
  results: Item[];
}

const pageMissing = () => new AppError('not_found', 'Invalid page');

/**
 * Reads `page` and `page_size`. A page that is not a positive integer is 404;
 * a page size that is not a positive integer falls back to the default and a
 * larger one is capped, as Django REST framework (whose envelope this is) does.
 */
export function readPageRequest(query: { page?: string; page_size?: string }): PageRequest {
  const page = query.page === undefined ? 1 : /^\d{1,9}$/.test(query.page) ? Number(query.page) : NaN;
  if (!Number.isInteger(page) || page < 1) throw pageMissing();
  const requestedSize = query.page_size !== undefined && /^\d{1,9}$/.test(query.page_size) ? Number(query.page_size) : DEFAULT_PAGE_SIZE;
  const pageSize = Math.min(MAX_PAGE_SIZE, requestedSize < 1 ? DEFAULT_PAGE_SIZE : requestedSize);
  return { page, pageSize, offset: (page - 1) * pageSize };
}

export function requestBaseUrl(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}

function linkToPage(request: FastifyRequest, publicUrl: string | undefined, page: number): string {
  const url = new URL(request.url, 'http://placeholder');
  url.searchParams.set('page', String(page));
  return `${requestBaseUrl(request, publicUrl)}${url.pathname}${url.search}`;
}

/** Builds the envelope; a page past the end (other than an empty first page) is 404. */
export function buildPage<Item>(
  request: FastifyRequest,
  publicUrl: string | undefined,
  pageRequest: PageRequest,
  count: number,
  results: Item[],
): Page<Item> {
  if (pageRequest.page > 1 && pageRequest.offset >= count) throw pageMissing();
  const hasNext = pageRequest.offset + results.length < count;
  return {
    count,
    next: hasNext ? linkToPage(request, publicUrl, pageRequest.page + 1) : null,
    previous: pageRequest.page > 1 ? linkToPage(request, publicUrl, pageRequest.page - 1) : null,
    results,
  };
}
