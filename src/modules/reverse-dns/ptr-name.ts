// The spec's rule for a PTR name: a domain name of up to 255 ASCII
// characters, no trailing dot, labels of 1–63 letters, digits and hyphens
// that neither start nor end with a hyphen. Checked here rather than by a
// schema pattern so the client is told which part is wrong.

export const MAX_PTR_LENGTH = 255;
const MAX_LABEL_LENGTH = 63;
const LABEL_CHARACTERS = /^[A-Za-z0-9-]+$/;

/** Why `ptr` is not a valid PTR name, or undefined when it is. */
export function ptrNameProblem(ptr: string): string | undefined {
  if (ptr.length === 0) return 'must not be empty';
  // Any character outside printable ASCII is refused before the label checks, which would otherwise name it less clearly.
  if (!/^[\x21-\x7e]*$/.test(ptr)) return 'must be ASCII letters, digits, hyphens and dots only';
  if (ptr.length > MAX_PTR_LENGTH) return `must be at most ${MAX_PTR_LENGTH} characters`;
  if (ptr.endsWith('.')) return 'must not end with a dot';
  for (const label of ptr.split('.')) {
    if (label.length === 0) return 'must not have an empty label (two dots in a row, or a leading dot)';
    if (label.length > MAX_LABEL_LENGTH) return `label "${label.slice(0, 20)}…" is longer than ${MAX_LABEL_LENGTH} characters`;
    if (!LABEL_CHARACTERS.test(label)) return `label "${label}" may hold only letters, digits and hyphens`;
    if (label.startsWith('-') || label.endsWith('-')) return `label "${label}" must not start or end with a hyphen`;
  }
  return undefined;
}
