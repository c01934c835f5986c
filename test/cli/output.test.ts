// Tables fit the terminal: the columns that matter least go first, then the
// widest is cut short; nothing is cut when there is no terminal to fit. The
// options are read into one format, and columns are found by any of their names.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { UsageError } from '../../src/cli/failures.ts';
import { outputFormat } from '../../src/cli/output-format.ts';
import { cellText, fitColumns, namedColumns, preparePrinting, renderTable, yamlText } from '../../src/cli/output.ts';

const HEADERS = ['ID', 'HOSTNAME', 'STATUS', 'LOCATION', 'PLAN'];
const ROWS = [['3f9c2a1b7d4e8f60', 'a-rather-long-hostname.example.com', 'running', 'fsn1', 'CX22']];
const OPTIONAL = [false, false, false, true, true];

test('a table wide enough for everything shows every column, two spaces apart', () => {
  const lines = renderTable(HEADERS, ROWS, OPTIONAL, 200).split('\n');
  assert.deepEqual(lines, ['ID                HOSTNAME                            STATUS   LOCATION  PLAN', '3f9c2a1b7d4e8f60  a-rather-long-hostname.example.com  running  fsn1      CX22']);
});

test('a narrow terminal loses the optional columns from the right, then the widest column is cut with …', () => {
  assert.deepEqual(fitColumns(HEADERS, ROWS, OPTIONAL, 72).shown, [0, 1, 2, 3], 'PLAN goes first');
  assert.deepEqual(fitColumns(HEADERS, ROWS, OPTIONAL, 61).shown, [0, 1, 2], 'then LOCATION');
  const lines = renderTable(HEADERS, ROWS, OPTIONAL, 50).split('\n');
  for (const line of lines) assert.ok(line.length <= 50, `fits 50 columns: "${line}" (${line.length})`);
  assert.match(lines[1]!, /^3f9c2a1b7d4e8f60 {2}a-rather-long-hostname\S*…\s+running$/);
});

test('without a terminal nothing is cut', () => {
  const { shown, widths } = fitColumns(HEADERS, ROWS, OPTIONAL, Number.POSITIVE_INFINITY);
  assert.deepEqual(shown, [0, 1, 2, 3, 4]);
  assert.equal(widths[1], 'a-rather-long-hostname.example.com'.length);
});

test('cells: nothing is "-", lists are joined, booleans are yes/no', () => {
  assert.equal(cellText(null), '-');
  assert.equal(cellText([]), '-');
  assert.equal(cellText([1, 2]), '1, 2');
  assert.equal(cellText(true), 'yes');
  assert.equal(cellText({ a: 1 }), '{"a":1}');
});

test('without a header line, the rows alone, each column as wide as its values', () => {
  assert.equal(renderTable(['ID', 'A-LONG-HEADER'], [['1', 'x']], [false, false], 200, false), '1  x');
});

test('-o is read with --no-header and -q into one format; a value that is none is a usage error', () => {
  assert.deepEqual(outputFormat({}), { kind: 'table', header: true, quiet: false });
  assert.deepEqual(outputFormat({ output: 'YAML', header: false, quiet: true }), { kind: 'yaml', header: false, quiet: true });
  assert.deepEqual(outputFormat({ output: 'columns= id, hostname' }), { kind: 'columns', columns: ['id', 'hostname'], header: true, quiet: false });
  for (const output of ['xml', 'columns=', 'columns=id,,status']) assert.throws(() => outputFormat({ output }), UsageError, output);
});

test('columns are named by header or field, in any case, with _ - or a space alike; an unknown one lists the others', () => {
  const columns = [{ header: 'id' }, { header: 'display name', field: 'display_name' }, { header: 'ipv4', field: 'ipv4_primary' }];
  const names = (column: { header: string; field?: string }) => [column.header, ...(column.field ? [column.field] : [])];
  assert.deepEqual(namedColumns(['IPV4_PRIMARY', 'Display-Name', 'id'], columns, names), [columns[2], columns[1], columns[0]]);
  assert.throws(() => namedColumns(['flavour'], columns, names), { message: 'unknown column "flavour" (the columns are: id, display_name, ipv4)' });
});

test('yaml: strings that YAML 1.1 or 1.2 would read as something else are quoted, so both read them back as strings', async () => {
  await preparePrinting({ kind: 'yaml', header: true, quiet: false });
  const record = { hostname: '0o17', octal: '010', flag: 'yes', switch: 'on', exponent: '1e3', date: '2026-01-01', empty: '', plain: 'web-1' };
  const text = yamlText(record);
  const { parse } = await import('yaml');
  assert.deepEqual(parse(text, { version: '1.2' }), record, text);
  assert.deepEqual(parse(text, { version: '1.1' }), record, text);
  assert.match(text, /^plain: web-1$/m, 'a plain string stays plain');
});
