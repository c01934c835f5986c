// `cloudplane catalogue products | images | locations | pricing | isos`.
import type { Image, Location, Product } from '../../client/index.ts';
import type { Invocation } from '../invocation.ts';
import { printList, printRecord, type Column } from '../output.ts';
import { openSession, type Session } from '../session.ts';

const PRODUCT_COLUMNS: Column<Product>[] = [
  { header: 'id', value: (product) => product.id },
  { header: 'name', value: (product) => product.name },
  { header: 'category', value: (product) => product.category, optional: true },
  { header: 'price', value: (product) => `${product.prices[product.default_billing_cycle] ?? '?'} ${product.currency} ${product.default_billing_cycle}` },
  // A location out of stock is left out: it cannot be ordered there now.
  { header: 'in stock', value: (product) => product.locations.filter((location) => location.in_stock).map((location) => location.code) },
  { header: 'images', value: (product) => product.images, optional: true },
  { header: 'billing cycles', value: (product) => product.billing_cycles, wide: true },
];

const IMAGE_COLUMNS: Column<Image>[] = [
  { header: 'name', value: (image) => image.name },
  { header: 'display name', value: (image) => image.display_name },
  { header: 'distro', value: (image) => image.distro, optional: true },
  { header: 'version', value: (image) => image.version, optional: true },
];

const LOCATION_COLUMNS: Column<Location>[] = [
  { header: 'code', value: (location) => location.code },
  { header: 'city', value: (location) => location.city },
  { header: 'country', value: (location) => `${location.country} (${location.country_code})` },
];

/** The catalogue lists are plain arrays (DESIGN D6): one read, one table. */
function catalogueList<Row>(read: (session: Session, project: string) => Promise<Row[]>, columns: Column<Row>[]) {
  return async ({ globals }: Invocation): Promise<void> => {
    const session = openSession(globals);
    printList(session.output, await read(session, await session.project()), columns);
  };
}

export const listProducts = catalogueList(
  (session, project) => session.client.call(session.client.raw.GET('/projects/{project_slug}/products/', { params: { path: { project_slug: project } } })),
  PRODUCT_COLUMNS,
);
export const listImages = catalogueList(
  (session, project) => session.client.call(session.client.raw.GET('/projects/{project_slug}/images/', { params: { path: { project_slug: project } } })),
  IMAGE_COLUMNS,
);
export const listLocations = catalogueList(
  (session, project) => session.client.call(session.client.raw.GET('/projects/{project_slug}/locations/', { params: { path: { project_slug: project } } })),
  LOCATION_COLUMNS,
);
export const listIsos = catalogueList(
  (session, project) => session.client.call(session.client.raw.GET('/projects/{project_slug}/isos/', { params: { path: { project_slug: project } } })),
  [
    { header: 'id', value: (iso) => iso.id },
    { header: 'name', value: (iso) => iso.name },
  ],
);

export async function showPricing({ globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const pricing = await session.client.call(session.client.raw.GET('/projects/{project_slug}/pricing/', { params: { path: { project_slug: project } } }));
  const perCycle = (prices: Record<string, string>) => Object.entries(prices).map(([cycle, price]) => `${price} ${cycle}`);
  printRecord(session.output, pricing, [
    ['Currency', pricing.currency],
    ['Extra IPv4 address', perCycle(pricing.ipv4_additional)],
    ['IPv6 subnet', perCycle(pricing.ipv6)],
    ['Extra traffic', pricing.extra_bandwidth.map((entry) => `${entry.size_gb} GB for ${entry.price}`)],
  ]);
}
