// What the user commands print on stdout: the API's own JSON (`--output json`),
// or a table sized to the terminal. Tables are borderless, headers in
// capitals, columns two spaces apart (as hcloud and kubectl print them), so
// they also read well in a log; when the terminal is too narrow, the columns
// that matter least are left out first, then the widest is cut short with "…".
import Table from 'cli-table3';

export type OutputFormat = 'table' | 'json';

export interface Column<Row> {
  header: string;
  value: (row: Row) => unknown;
  /** Left out first when the table does not fit; columns without it are always shown. */
  optional?: boolean;
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

export function renderTable(headers: string[], rows: string[][], optional: boolean[], width = outputWidth()): string {
  const { shown, widths } = fitColumns(headers, rows, optional, width);
  const table = new Table({
    head: shown.map((index) => headers[index]!),
    colWidths: widths,
    chars: BORDERLESS,
    // No colours: tables go to files and pipes as often as to a terminal.
    style: { 'padding-left': 0, 'padding-right': 0, head: [], border: [] },
  });
  for (const row of rows) table.push(shown.map((index) => row[index] ?? ''));
  // cli-table3 pads the last column to its width; trailing blanks only get in the way of grep and diff.
  return table.toString().split('\n').map((line) => line.trimEnd()).join('\n');
}

/** A list: json prints the API's items as they are, a table one row per item. */
export function printList<Row>(format: OutputFormat, rows: Row[], columns: Column<Row>[]): void {
  if (format === 'json') return printJson(rows);
  if (rows.length === 0) return writeLine('(none)');
  const cells = rows.map((row) => columns.map((column) => cellText(column.value(row))));
  writeLine(renderTable(columns.map((column) => column.header.toUpperCase()), cells, columns.map((column) => column.optional === true)));
}

/** One record: json prints it as the API answered it, a table one line per field, long values wrapped. */
export function printRecord(format: OutputFormat, record: unknown, fields: [label: string, value: unknown][]): void {
  if (format === 'json') return printJson(record);
  const width = outputWidth();
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

/** A line for people (what was done, what to do next): stdout in table mode, stderr with json so that stdout stays parseable. */
export function printNote(format: OutputFormat, text: string): void {
  (format === 'json' ? process.stderr : process.stdout).write(`${text}\n`);
}
