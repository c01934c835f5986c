// What the create-server page shows of the catalogue for the choice being
// made (issue 30, item 1): each plan's stock in the chosen location, each
// location's stock for the chosen plan, whether the image and the billing
// cycle are the plan's, and the price, from the catalogue as the API's
// GET …/products/ says it. The page and its htmx price fragment both render
// this, so what a customer sees before and after a change agrees.
import { formatMoney, parseMoney } from '../../money.ts';
import { BILLING_CYCLES } from '../../modules/catalogue/index.ts';
import type { Image, Location, Product } from '../../schemas/catalogue.ts';
import { stateLabel } from './labels.ts';

/** The choices of the form, as text (what a browser sends). */
export interface Choice {
  product_id: string;
  location: string;
  image: string;
  billing_cycle: string;
  promo_code: string;
}

/** The catalogue as a project's owner can order it. */
export interface Catalogue {
  products: Product[];
  images: Image[];
  locations: Location[];
}

/** Whether a plan can be ordered in a location, as the catalogue says it. */
export type Stock = 'in_stock' | 'out_of_stock' | 'not_offered';

export function stockOf(product: Product, locationCode: string): Stock {
  const entry = product.locations.find((location) => location.code === locationCode);
  if (!entry) return 'not_offered';
  return entry.in_stock ? 'in_stock' : 'out_of_stock';
}

const money = (minor: number, currency: string) => `${formatMoney(minor)} ${currency}`;
const price = (table: Record<string, string>, cycle: string) => parseMoney(table[cycle] ?? '0');

/** The choice the page shows as made: what the form says, else a sensible first choice. */
function selection(catalogue: Catalogue, values: Choice) {
  const product =
    catalogue.products.find((candidate) => String(candidate.id) === values.product_id) ??
    catalogue.products.find((candidate) => candidate.locations.some((location) => location.in_stock)) ??
    catalogue.products[0];
  const location =
    catalogue.locations.find((candidate) => candidate.code === values.location) ??
    catalogue.locations.find((candidate) => product !== undefined && stockOf(product, candidate.code) === 'in_stock') ??
    catalogue.locations[0];
  const image = values.image || product?.images[0] || '';
  const cycle = values.billing_cycle || product?.default_billing_cycle || '';
  return { product, location, image, cycle };
}

/** A plan's stock in the chosen location, as a badge and words: "Out of stock in Falkenstein". */
function planStock(stock: Stock, city: string) {
  const words = { in_stock: `Available in ${city}`, out_of_stock: `Out of stock in ${city}`, not_offered: `Not offered in ${city}` }[stock];
  return { badge: stateLabel('stock', stock), text: words };
}

/** A location's stock for the chosen plan: "Out of stock for CX22". */
function locationStock(stock: Stock, plan: string) {
  const words = { in_stock: `Available for ${plan}`, out_of_stock: `Out of stock for ${plan}`, not_offered: `${plan} is not offered here` }[stock];
  return { badge: stateLabel('stock', stock), text: words };
}

/**
 * What the page shows of the catalogue for the current choice: each plan's
 * stock in the chosen location, each location's stock for the chosen plan,
 * whether the image and the cycle are the plan's, and the price.
 */
export function orderView(catalogue: Catalogue, values: Choice) {
  const chosen = selection(catalogue, values);
  const { product, location } = chosen;
  const city = location?.city ?? 'this location';
  const cycles = BILLING_CYCLES.filter((cycle) => catalogue.products.some((candidate) => candidate.billing_cycles.includes(cycle)));
  const plans = catalogue.products.map((candidate) => ({
    id: candidate.id,
    name: candidate.name,
    category: candidate.category,
    description: candidate.description,
    from: `${money(price(candidate.prices, candidate.default_billing_cycle), candidate.currency)} ${stateLabel('cycle', candidate.default_billing_cycle).text.toLowerCase()}`,
    checked: candidate.id === product?.id,
    availability: planStock(location ? stockOf(candidate, location.code) : 'not_offered', city),
  }));
  const locations = catalogue.locations.map((candidate) => ({
    code: candidate.code,
    name: `${candidate.city} (${candidate.country_code}, ${candidate.code})`,
    checked: candidate.code === location?.code,
    availability: locationStock(product ? stockOf(product, candidate.code) : 'not_offered', product?.name ?? 'this plan'),
  }));
  const images = catalogue.images.map((image) => ({ name: image.name, text: image.display_name, selected: image.name === chosen.image }));
  return {
    plans,
    locations,
    images,
    cycles: cycles.map((cycle) => ({ value: cycle, text: stateLabel('cycle', cycle).text, selected: cycle === chosen.cycle })),
    summary: priceSummary(catalogue, chosen, values),
  };
}

/** The price of the choice, or what stands in the way of ordering it. */
function priceSummary(catalogue: Catalogue, chosen: ReturnType<typeof selection>, values: Choice) {
  const { product, location, image, cycle } = chosen;
  const problems: string[] = [];
  if (!product || !location) return { plan: null, lines: [], total: null, recurring: null, problems: ['Nothing can be ordered at the moment.'], promo: null };
  const stock = stockOf(product, location.code);
  if (stock === 'not_offered') problems.push(`${product.name} is not offered in ${location.city}: choose another location or plan.`);
  if (stock === 'out_of_stock') problems.push(`${product.name} is out of stock in ${location.city}: choose another location or plan.`);
  if (!product.images.includes(image)) {
    const imageName = catalogue.images.find((entry) => entry.name === image)?.display_name ?? image;
    problems.push(`${product.name} cannot be installed with ${imageName}: choose another image.`);
  }
  const cycleText = stateLabel('cycle', cycle).text.toLowerCase();
  if (!product.billing_cycles.includes(cycle)) {
    problems.push(`${product.name} is not sold ${cycleText}: choose ${product.billing_cycles.map((entry) => stateLabel('cycle', entry).text.toLowerCase()).join(' or ')}.`);
    return { plan: product.name, lines: [], total: null, recurring: null, problems, promo: null };
  }
  const recurring = price(product.prices, cycle);
  const setupFee = price(product.setup_fees, cycle);
  const lines = [{ text: `${product.name}, billed ${cycleText}`, amount: money(recurring, product.currency) }];
  if (setupFee > 0) lines.push({ text: 'Setup fee (once)', amount: money(setupFee, product.currency) });
  return {
    plan: product.name,
    lines,
    total: money(recurring + setupFee, product.currency),
    recurring: `Then ${money(recurring, product.currency)} ${cycleText}.`,
    problems,
    promo: values.promo_code ? `Promotion code ${values.promo_code} is checked when you order, and its discount taken off the invoice.` : null,
  };
}

