// A refused value named as the user typed it. The API's field errors name its
// fields (`port_min`, `destination_cidr`); the person at the command line
// typed `--port` and `--destination`, so that is what the message must say.
// Most options are their field in kebab case (`billing_cycle` →
// `--billing-cycle`); the table below holds the ones that are not.

/** What the command that ran accepts: its long options (`--port`) and its positional arguments (`hostname`). */
export interface CommandSpelling {
  options: string[];
  arguments: string[];
}

/** API fields whose option is not the field's own name. */
const OPTION_OF_FIELD: Record<string, string> = {
  port_min: '--port',
  port_max: '--port',
  source_cidr: '--source',
  destination_cidr: '--destination',
  product_id: '--product',
  snapshot_id: '--snapshot',
  ssh_keys: '--ssh-key',
  size_gb: '--size',
  iso_id: '--iso',
  upgrade_disk: '--upgrade-disk',
};

/** `rules[2].port_min` → `port_min`; `ssh_keys[0]` → `ssh_keys`. */
function leafOf(field: string): string {
  return field.replace(/\[\d+\]/g, '').split('.').at(-1) ?? field;
}

/** The option or argument of the command that carried `field`, as its help shows it; the field itself when none did. */
export function typedName(field: string, spelling: CommandSpelling | undefined): string {
  if (!spelling) return field;
  const leaf = leafOf(field);
  const option = OPTION_OF_FIELD[leaf] ?? `--${leaf.replace(/_/g, '-')}`;
  if (spelling.options.includes(option)) return option;
  if (spelling.arguments.includes(leaf)) return leaf.toUpperCase();
  return field;
}
