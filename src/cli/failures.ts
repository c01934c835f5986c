// The exit codes the user commands promise scripts (docs/cli.md, "Exit codes"),
// and the two failures that are not API errors. Kept free of imports so that
// main.ts can use it without loading the client.

export const EXIT_OK = 0;
/** The API refused or failed (its problem's code is printed), or what --wait followed ended badly. */
export const EXIT_FAILED = 1;
/** The command line was wrong: unknown command or option, missing argument, no context or project to use. */
export const EXIT_USAGE = 2;

/** `--wait` on an order stopped because its invoice waits to be paid; the line printed says where. */
export const EXIT_AWAITING_PAYMENT = 3;

/** A mistake on the command line or in the local set-up; exit 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * A command that ran but did not succeed for a reason already explained to the
 * user (an action that ended `error`, a wait that ran out); exit 1. The
 * message is printed as it is.
 */
export class CommandFailed extends Error {
  override name = 'CommandFailed';
}
