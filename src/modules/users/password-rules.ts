// What a user's password must be, wherever it is set: the operator's
// POST /users schema is built from it, and a user changing
// their own password in the console is held to the same.
export const PASSWORD_LENGTH = { min: 8, max: 200 } as const;

/** Why a new password cannot be used, in words for a form; null when it can. Counted in characters, as the API's schema counts. */
export function newPasswordProblem(password: string): string | null {
  const length = [...password].length;
  if (length < PASSWORD_LENGTH.min) return `use at least ${PASSWORD_LENGTH.min} characters`;
  if (length > PASSWORD_LENGTH.max) return `use at most ${PASSWORD_LENGTH.max} characters`;
  return null;
}
