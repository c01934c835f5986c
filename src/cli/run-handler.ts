// Runs a user command's handler and turns whatever it throws into the exit
// code scripts rely on (failures.ts) and a message that reads like the rest of
// the project: the problem's detail and code, its field errors one per line,
// and what to do next.
import { CloudplaneConnectionError, CloudplaneError, WaitTimeoutError } from '../client/index.ts';
import type { Handler, Invocation } from './invocation.ts';
import { CommandFailed, EXIT_FAILED, EXIT_USAGE, UsageError } from './failures.ts';
import { typedName, type CommandSpelling } from './field-names.ts';
import { isStructured, outputFormat, TABLE_FORMAT, type OutputFormat } from './output-format.ts';
import { preparePrinting, printStructured } from './output.ts';
import { systemBehind } from './systems-behind.ts';

function systemOf(error: CloudplaneError): string {
  return error.code === 'reverse_dns_unavailable' ? 'the reverse DNS service' : systemBehind(error.path ?? '', error.method);
}

/** What to do next, said for someone at a command line (the client's own hints speak to programs). */
export function nextStep(error: CloudplaneError): string | undefined {
  const wait = error.retryAfterSeconds;
  if (error.status === 429) return `wait ${wait ?? 60} s, then run the same command again (a refused order was not placed)`;
  if (error.code === 'upstream_error' && error.orderId !== undefined) {
    return `order ${error.orderId} is recorded while billing is checked: follow it with cloudplane orders wait ${error.orderId}; order again only if it ends failed`;
  }
  if (error.status === 502) return `${systemOf(error)} failed or did not answer (the command already tried again): run the same command again`;
  if (error.status === 503) return `${systemOf(error)} is unavailable for now: try again ${wait !== undefined ? `in ${wait} s` : 'in a little while'}`;
  if (error.code === 'unauthenticated') return 'the API key is wrong, revoked or expired: make a new one in the console and save it with cloudplane context create';
  // These say which thing already exists (existingThing): the line itself is what to act on.
  if (['not_found', 'name_taken', 'rule_exists', 'group_in_use'].includes(error.code)) return undefined;
  return error.hint();
}

/** The lines that say which existing thing a 409 points at: what a script reruns against. */
function existingThing(error: CloudplaneError): string | undefined {
  if (error.code === 'rule_exists' && error.ruleId !== undefined) return `rule already exists: id ${error.ruleId}`;
  if (error.code === 'name_taken' && error.groupId !== undefined) return `group already exists: id ${error.groupId}`;
  if (error.code === 'group_in_use' && error.servers?.length) return `attached to servers: ${error.servers.join(', ')}`;
  return undefined;
}

/**
 * The problem for people. Field errors are named as the command was typed
 * (`--port`, `HOSTNAME`), and said once: a single one is the error line itself
 * (the detail only repeats it), several are listed under a line that counts them.
 */
export function describeApiError(error: CloudplaneError, spelling?: CommandSpelling): string[] {
  const fields = (error.fieldErrors ?? []).map((field) => `${typedName(field.field, spelling)}: ${field.message}`);
  const lines =
    fields.length === 0
      ? [`error: ${error.detail} (${error.code})`]
      : fields.length === 1
        ? [`error: ${fields[0]} (${error.code})`]
        : [`error: ${fields.length} values were refused (${error.code})`, ...fields.map((field) => `  ${field}`)];
  const existing = existingThing(error);
  if (existing) lines.push(existing);
  const hint = nextStep(error);
  if (hint) lines.push(`hint: ${hint}`);
  return lines;
}

/** Prints the failure and answers the exit code. */
export function reportFailure(error: unknown, output: OutputFormat, spelling?: CommandSpelling): number {
  const write = (lines: string[]) => process.stderr.write(`${lines.join('\n')}\n`);
  if (error instanceof UsageError) {
    write([`error: ${error.message}`]);
    return EXIT_USAGE;
  }
  if (error instanceof CloudplaneError) {
    // With -o json or yaml a script reads the problem itself on stdout (rule_id, group_id, order_id …); people read stderr.
    if (isStructured(output) && !output.quiet) printStructured(output, error.problem);
    write(describeApiError(error, spelling));
    return EXIT_FAILED;
  }
  if (error instanceof CloudplaneConnectionError) {
    write([`error: ${error.message}`, `hint: ${error.hint()}`]);
    return EXIT_FAILED;
  }
  if (error instanceof WaitTimeoutError) {
    // The message's own second line is the client's advice to programs ("poll again later"); people get the command.
    write([`error: ${error.message.split('\n')[0]}`, `hint: it has not ended, and goes on: wait again with cloudplane ${error.kind}s wait ${error.id}`]);
    return EXIT_FAILED;
  }
  if (error instanceof CommandFailed) {
    write([error.message]);
    return EXIT_FAILED;
  }
  write([(error as Error).stack ?? String(error)]);
  return EXIT_FAILED;
}

export async function runHandler(handler: Handler, invocation: Invocation): Promise<void> {
  let output = TABLE_FORMAT;
  try {
    // Read first: a value of -o that is not a format is a usage error before anything is sent.
    output = outputFormat(invocation.globals);
    await preparePrinting(output);
    await handler(invocation);
  } catch (error) {
    process.exitCode = reportFailure(error, output, invocation.spelling);
  }
}
