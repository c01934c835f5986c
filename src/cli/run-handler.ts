// Runs a user command's handler and turns whatever it throws into the exit
// code scripts rely on (failures.ts) and a message that reads like the rest of
// the project: the problem's detail and code, its field errors one per line,
// and what to do next.
import { CloudplaneConnectionError, CloudplaneError, WaitTimeoutError } from '../client/index.ts';
import type { Handler, Invocation } from './command-actions.ts';
import { CommandFailed, EXIT_FAILED, EXIT_USAGE, UsageError } from './failures.ts';
import { printJson, type OutputFormat } from './output.ts';
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

export function describeApiError(error: CloudplaneError): string[] {
  const lines = [`error: ${error.detail} (${error.code})`];
  for (const field of error.fieldErrors ?? []) lines.push(`  ${field.field}: ${field.message}`);
  const existing = existingThing(error);
  if (existing) lines.push(existing);
  const hint = nextStep(error);
  if (hint) lines.push(`hint: ${hint}`);
  return lines;
}

/** Prints the failure and answers the exit code. */
export function reportFailure(error: unknown, output: OutputFormat): number {
  const write = (lines: string[]) => process.stderr.write(`${lines.join('\n')}\n`);
  if (error instanceof UsageError) {
    write([`error: ${error.message}`]);
    return EXIT_USAGE;
  }
  if (error instanceof CloudplaneError) {
    // With --output json a script reads the problem itself on stdout (rule_id, group_id, order_id …); people read stderr.
    if (output === 'json') printJson(error.problem);
    write(describeApiError(error));
    return EXIT_FAILED;
  }
  if (error instanceof CloudplaneConnectionError) {
    write([`error: ${error.message}`, `hint: ${error.hint()}`]);
    return EXIT_FAILED;
  }
  if (error instanceof WaitTimeoutError) {
    write([`error: ${error.message}`, `hint: it has not ended, and goes on: wait again with cloudplane ${error.kind}s wait ${error.id}`]);
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
  try {
    await handler(invocation);
  } catch (error) {
    process.exitCode = reportFailure(error, invocation.globals.output);
  }
}
