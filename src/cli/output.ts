// What the user commands print on stdout, in the format output-format.ts
// read from the options: the API's own records as JSON or YAML, a table sized
// to the terminal, a wide table that shows everything, the columns asked for,
// or with -q only the ids. Tables are borderless, headers in capitals,
// columns two spaces apart (as hcloud and kubectl print them), so they also
// read well in a log; when the terminal is too narrow, the columns that
// matter least are left out first, then the widest is cut short with "…".
import Table from 'cli-table3';
import type * as Yaml from 'yaml';
import { UsageError } from './failures.ts';
import { isForPeople, isStructured, type OutputFormat } from './output-format.ts';

export { isStructured, type OutputFormat } from './output-format.ts';

export interface Column<Row> {
  header: string;
  value: (row: Row) => unknown;
  /** Left out first when the table does not fit; columns without it are always shown. */
  optional?: boolean;
  /** Shown only with `-o wide`, or when `-o columns=` names it: more than a glance at the list needs. */
  wide?: boolean;
  /** The API's name for the field when it is not the header (ipv4_primary for IPV4): `-o columns=` takes either. */
  field?: string;
  /** What `-q` prints for a list without an `id` column (the first column when none is marked). */
  key?: boolean;
}

const GAP = 2;
/** A column cut shorter than this says too little to be worth showing. */
const NARROWEST_COLUMN = 6;

const BORDERLESS = {
  top: '', 'top-mid': '', 'top-left': '', 'top-right': '',
  bottom: '', 'bottom-mid': '', 'bottom-left': '', 'bottom-right': '',
  left: '', 'left-mid': '', mid: '', 'mid-mid': '', right: '', 'right-mid': '',
  middle: ' '.repeat(GAP),
};

/**
 * The width tables must fit: the terminal's, or COLUMNS when output is piped
 * and COLUMNS is set; otherwise there is no terminal to fit and nothing is cut.
 */
export function outputWidth(): number {
  if (process.stdout.isTTY && process.stdout.columns) return process.stdout.columns;
  const fromEnvironment = Number(process.env.COLUMNS);
  return Number.isInteger(fromEnvironment) && fromEnvironment > 0 ? fromEnvironment : Number.POSITIVE_INFINITY;
}

/** One cell as text: nothing is "-", lists are comma-separated, objects are their JSON. */
export function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  if (Array.isArray(value)) return value.length === 0 ? '-' : value.map(cellText).join(', ');
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return value.toString();
  return JSON.stringify(value);
}

function writeLine(text: string): void {
  process.stdout.write(`${text}\n`);
}

export function printJson(value: unknown): void {
  writeLine(JSON.stringify(value, null, 2));
}

/**
 * The YAML writer, loaded only by commands run with `-o yaml` (runHandler
 * calls preparePrinting first): every other command would pay for loading a
 * package it never uses, and the printers stay synchronous.
 */
let yaml: Pick<typeof Yaml, 'stringify'> | undefined;

/** Loads what printing in `format` needs beyond tables; call before the printers. */
export async function preparePrinting(format: OutputFormat): Promise<void> {
  // The package is CommonJS: its exports are the module's default, both in Node and in the bundle (whose chunk exports nothing else).
  if (format.kind === 'yaml') yaml ??= (await import('yaml')).default;
}

/**
 * `value` as one YAML document that readers of either version read back as
 * the same strings (yq 4 and js-yaml read 1.2, PyYAML 1.1): any string that
 * either would take for something else is quoted (`yes`, `on`, `0o17`, `1e3`,
 * dates). Repeated objects are written out again rather than as anchors, as
 * JSON would.
 */
export function yamlText(value: unknown): string {
  if (!yaml) throw new Error('preparePrinting() must load the YAML writer before YAML is printed');
  return yaml.stringify(value, { version: '1.2', compat: 'yaml-1.1', aliasDuplicateObjects: false, lineWidth: 0 }).trimEnd();
}

/** The API's data as it is, in the structured format asked for (json or yaml). */
export function printStructured(format: OutputFormat, value: unknown): void {
  if (format.kind === 'yaml') writeLine(yamlText(value));
  else printJson(value);
}

/** Which columns to show and how wide, so that the table fits `width`. */
export function fitColumns(headers: string[], rows: string[][], optional: boolean[], width: number): { shown: number[]; widths: number[] } {
  const natural = headers.map((header, index) => Math.max(header.length, ...rows.map((row) => (row[index] ?? '').length)));
  const total = (columns: number[]) => columns.reduce((sum, index) => sum + natural[index]!, 0) + GAP * Math.max(columns.length - 1, 0);
  let shown = headers.map((_, index) => index);
  // The optional columns go from the right: the leftmost ones are the most telling.
  for (let index = headers.length - 1; index >= 0 && total(shown) > width; index--) {
    if (optional[index]) shown = shown.filter((column) => column !== index);
  }
  const widths = shown.map((index) => natural[index]!);
  let excess = total(shown) - width;
  while (excess > 0) {
    const widest = widths.indexOf(Math.max(...widths));
    const cut = Math.min(excess, widths[widest]! - NARROWEST_COLUMN);
    if (cut <= 0) break;
    widths[widest]! -= cut;
    excess -= cut;
  }
  return { shown, widths };
}

/** A table fitted to `width` (Infinity: nothing left out or cut); without `header`, only the rows. */
export function renderTable(headers: string[], rows: string[][], optional: boolean[], width = outputWidth(), header = true): string {
  // Without a header line, a header wider than its values must not widen the column.
  const { shown, widths } = fitColumns(header ? headers : headers.map(() => ''), rows, optional, width);
  const table = new Table({
    ...(header ? { head: shown.map((index) => headers[index]!) } : {}),
    colWidths: widths,
    chars: BORDERLESS,
    // No colours: tables go to files and pipes as often as to a terminal.
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [] },
  });
  for (const row of rows) table.push(shown.map((index) => row[index] ?? ''));
  // cli-table3 pads the last column to its width; trailing blanks only get in the way of grep and diff.
  return table.toString().split('\n').map((line) => line.trimEnd()).join('\n');
}

/** A column name as `-o columns=` compares it: any case, and `display_name`, `display-name` and "display name" alike. */
function comparable(name: string): string {
  return name.trim().toLowerCase().replace(/[\s_-]+/g, '_');
}

/**
 * The columns `-o columns=` names, in its order. A name is a column's header
 * or its API field; one that is neither is a usage error listing the names
 * there are, as they can be typed.
 */
export function namedColumns<Named>(asked: string[], available: Named[], names: (item: Named) => string[]): Named[] {
  return asked.map((name) => {
    const found = available.find((item) => names(item).some((known) => comparable(known) === comparable(name)));
    if (found) return found;
    const known = available.map((item) => comparable(names(item)[0]!));
    throw new UsageError(`unknown column "${name}" (the columns are: ${known.join(', ')})`);
  });
}

/** The columns the format shows: table fits the usual ones, wide adds its own, columns= picks. */
function columnsFor<Row>(format: OutputFormat, columns: Column<Row>[]): Column<Row>[] {
  if (format.kind === 'columns') return namedColumns(format.columns ?? [], columns, (column) => [column.header, ...(column.field ? [column.field] : [])]);
  return format.kind === 'wide' ? columns : columns.filter((column) => !column.wide);
}

/** The column -q prints: the one named id, else the one marked as the key, else the first. */
function keyColumn<Row>(columns: Column<Row>[]): Column<Row> {
  return columns.find((column) => comparable(column.header) === 'id') ?? columns.find((column) => column.key) ?? columns[0]!;
}

/**
 * A list. json and yaml print the API's items as they are; -q each item's
 * id, one per line (what `| xargs` wants); the tables one row per item.
 */
export function printList<Row>(format: OutputFormat, rows: Row[], columns: Column<Row>[]): void {
  if (format.quiet) {
    const key = keyColumn(columns);
    for (const row of rows) writeLine(cellText(key.value(row)));
    return;
  }
  if (isStructured(format)) return printStructured(format, rows);
  const shown = columnsFor(format, columns);
  if (rows.length === 0) {
    // "(none)" is for people; a script reading columns= gets the header line alone, or nothing.
    if (isForPeople(format)) writeLine('(none)');
    else if (format.header) writeLine(renderTable(shown.map((column) => column.header.toUpperCase()), [], [], Number.POSITIVE_INFINITY));
    return;
  }
  const cells = rows.map((row) => shown.map((column) => cellText(column.value(row))));
  // Only the table fits the terminal: wide and columns= show every column they have, each whole.
  const width = format.kind === 'table' ? outputWidth() : Number.POSITIVE_INFINITY;
  writeLine(renderTable(shown.map((column) => column.header.toUpperCase()), cells, shown.map((column) => column.optional === true), width, format.header));
}

/**
 * One record. json and yaml print it as the API answered it; -q its id (the
 * ID field, else the first: a project's slug), or `quietId` when the command
 * made something else (a server order followed to its end: the server);
 * columns= the fields named by label, as a one-row table; the table one line
 * per field, long values wrapped to the terminal (wide: never wrapped).
 */
export function printRecord(format: OutputFormat, record: unknown, fields: [label: string, value: unknown][], quietId?: string | number): void {
  if (format.quiet) {
    const id = fields.find(([label]) => comparable(label) === 'id') ?? fields[0];
    return writeLine(cellText(quietId ?? id?.[1]));
  }
  if (isStructured(format)) return printStructured(format, record);
  if (format.kind === 'columns') {
    const picked = namedColumns(format.columns ?? [], fields, ([label]) => [label]);
    const headers = picked.map(([label]) => label.toUpperCase());
    return writeLine(renderTable(headers, [picked.map(([, value]) => cellText(value))], [], Number.POSITIVE_INFINITY, format.header));
  }
  const width = format.kind === 'table' ? outputWidth() : Number.POSITIVE_INFINITY;
  const labelWidth = Math.max(...fields.map(([label]) => label.length));
  const valueWidth = Number.isFinite(width) ? Math.max(width - labelWidth - GAP, NARROWEST_COLUMN) : undefined;
  const values = fields.map(([, value]) => cellText(value));
  const table = new Table({
    colWidths: [labelWidth, valueWidth ?? Math.max(...values.map((value) => value.length), 1)],
    wordWrap: true,
    chars: BORDERLESS,
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [] },
  });
  fields.forEach(([label], index) => table.push([label, values[index]!]));
  writeLine(table.toString().split('\n').map((line) => line.trimEnd()).join('\n'));
}

/**
 * A line for people (what was done, what to do next): on stdout beside a
 * table people read; on stderr with json, yaml, columns= or --no-header, so
 * that stdout stays what a script parses; not at all with -q.
 */
export function printNote(format: OutputFormat, text: string): void {
  if (format.quiet) return;
  (isForPeople(format) ? process.stdout : process.stderr).write(`${text}\n`);
}
