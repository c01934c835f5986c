// A single-statement write and its commit companion (commit-companion.ts) as
// one PostgreSQL statement. Run apart, they take BEGIN, the write, the
// companion and COMMIT: four round trips where the client waits each time.
// A statement is atomic on its own, so the two as parts of one statement
// commit together or not at all, in one round trip.
//
// Only a plain `insert … values … returning` is merged: it answers a row for
// each row it inserts, so the one statement can hand both the write's rows
// and the companion's back; a write of any other shape (a CTE of its own, an
// update that may match nothing, ON CONFLICT) keeps the four round trips.

export interface Statement {
  text: string;
  parameters: readonly unknown[];
}

const PLAIN_INSERT = /^\s*insert into "[^"]+" \([^)]*\) values \(/i;
const RETURNING = /\sreturning\s/i;
const ON_CONFLICT = /\bon conflict\b/i;

/** The column that carries the companion's rows (as JSON) beside each row of the write. */
const COMPANION_COLUMN = 'commit_companion_rows';
/** How many rows the write inserted, beside each row: 0 is one row of nulls, the companion's rows still on it. */
const WRITTEN_COLUMN = 'commit_companion_written';

// Quoted text and names are passed over: a `$1` inside them is not a placeholder.
const QUOTED_OR_PLACEHOLDER = /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g;

/** `text` with each placeholder `$n` made `$(n + offset)`. */
export function shiftPlaceholders(text: string, offset: number): string {
  return text.replace(QUOTED_OR_PLACEHOLDER, (match, position: string | undefined) => (position === undefined ? match : `$${Number(position) + offset}`));
}

/** The write and the companion as one statement, or null when the write is not a plain insert that returns its rows. */
export function withCompanion(write: Statement, companion: Statement): Statement | null {
  if (!PLAIN_INSERT.test(write.text) || !RETURNING.test(write.text) || ON_CONFLICT.test(write.text)) return null;
  const companionText = shiftPlaceholders(companion.text, write.parameters.length);
  return {
    // The companion is written before the write (in the statement's order), as it would have been in the transaction
    // made around the two; the left join keeps the companion's rows when the write answers none.
    text:
      `with "commit_companion" as (${companionText}), "written" as (${write.text}) ` +
      `select "written".*, (select json_agg("commit_companion") from "commit_companion") as "${COMPANION_COLUMN}", ` +
      `(select count(*) from "written")::integer as "${WRITTEN_COLUMN}" ` +
      `from (select 1) as "one" left join "written" on true`,
    parameters: [...write.parameters, ...companion.parameters],
  };
}

/** The rows of a statement made by withCompanion, parted into the write's and the companion's. */
export function partRows(rows: readonly Record<string, unknown>[]): { written: Record<string, unknown>[]; companion: unknown[] } {
  const companion = (rows[0]?.[COMPANION_COLUMN] as unknown[] | null | undefined) ?? [];
  if (Number(rows[0]?.[WRITTEN_COLUMN] ?? 0) === 0) return { written: [], companion };
  const written = rows.map((row) => {
    const { [COMPANION_COLUMN]: _companion, [WRITTEN_COLUMN]: _written, ...own } = row;
    return own;
  });
  return { written, companion };
}
