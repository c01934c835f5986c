// Icons from Bootstrap Icons, placed in the page as inline SVG so they take
// the text's colour and need no request (the sprite of every icon weighs a
// megabyte). Each file is read once. Icons are decorative: the text beside
// them says what they mean.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const iconDirectory = join(dirname(createRequire(import.meta.url).resolve('bootstrap-icons/package.json')), 'icons');
const cache = new Map<string, string>();

/** The icon's SVG, hidden from assistive technology; an unknown name is no icon (never a failed page). */
export function iconSvg(name: string): string {
  const cached = cache.get(name);
  if (cached !== undefined) return cached;
  let svg = '';
  if (/^[a-z0-9-]{1,60}$/.test(name)) {
    try {
      svg = readFileSync(join(iconDirectory, `${name}.svg`), 'utf8')
        .replace('<svg ', '<svg aria-hidden="true" focusable="false" ')
        .replace(/ width="16" height="16"/, ' width="1em" height="1em"')
        .trim();
    } catch {
      svg = '';
    }
  }
  cache.set(name, svg);
  return svg;
}
