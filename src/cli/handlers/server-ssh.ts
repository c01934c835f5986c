// `cloudplane servers ssh SERVER [-- COMMAND…]`: OpenSSH's `ssh` to the
// server's primary IPv4 address, as root unless told otherwise (as
// `hcloud server ssh` does). The user's own ssh does the work, so their
// ~/.ssh/config, agent and known_hosts apply; this command only finds the
// address and hands the terminal over until ssh ends, exiting with its code.
import { spawn } from 'node:child_process';
import { isIP } from 'node:net';
import type { Invocation } from '../invocation.ts';
import { CommandFailed } from '../failures.ts';
import { resolveServer } from '../names.ts';
import { openSession } from '../session.ts';

interface SshOptions {
  identity?: string;
  user: string;
  port?: number;
}

/** ssh's own exit code for an error of its own; also what a signal-ended ssh reports here. */
const SSH_FAILED = 255;

/**
 * The arguments given to ssh: options first, then the address, then the
 * remote command. OpenSSH reads options after the destination too, so the
 * command goes behind `--`: `servers ssh web-1 -- -x` runs `-x` on the server
 * rather than giving ssh an option.
 */
export function sshArguments(address: string, options: SshOptions, command: string[]): string[] {
  return [
    '-l', options.user,
    ...(options.identity ? ['-i', options.identity] : []),
    ...(options.port ? ['-p', String(options.port)] : []),
    address,
    ...(command.length > 0 ? ['--', ...command] : []),
  ];
}

export async function sshToServer({ args: [server, ...command], options, globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const found = await resolveServer(session, project, server!);
  if (!found.ipv4_primary) throw new CommandFailed(`error: server ${found.id} (${found.hostname}) has no IPv4 address to connect to yet (it is ${found.status})`);
  // The address comes from the service: anything but an address (`-oProxyCommand=…` from a service one should not
  // trust) would reach ssh as an option.
  if (isIP(found.ipv4_primary) !== 4) throw new CommandFailed(`error: the service gave "${found.ipv4_primary}" as server ${found.id}'s address, which is not an IPv4 address`);
  const ssh = spawn('ssh', sshArguments(found.ipv4_primary, options as unknown as SshOptions, command), { stdio: 'inherit' });
  // Ctrl+C belongs to the remote shell (ssh passes it on): this process must outlive it, to report ssh's exit.
  const ignore = () => undefined;
  process.on('SIGINT', ignore);
  try {
    const code = await new Promise<number>((resolve, reject) => {
      ssh.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new CommandFailed(
            error.code === 'ENOENT' ? 'error: ssh was not found on PATH: install OpenSSH\'s client (apt-get install openssh-client)' : `error: ssh could not be started (${error.message})`,
          ),
        ),
      );
      ssh.once('exit', (exitCode) => resolve(exitCode ?? SSH_FAILED));
    });
    process.exitCode = code;
  } finally {
    process.removeListener('SIGINT', ignore);
  }
}
