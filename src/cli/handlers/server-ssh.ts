// `cloudplane servers ssh SERVER [-- COMMAND…]`: OpenSSH's `ssh` to the
// server's primary IPv4 address, as root unless told otherwise (as
// `hcloud server ssh` does). The user's own ssh does the work, so their
// ~/.ssh/config, agent and known_hosts apply; this command only finds the
// address and hands the terminal over until ssh ends, exiting with its code.
import { spawn } from 'node:child_process';
import type { Invocation } from '../command-actions.ts';
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

/** The arguments given to ssh: options first, then the address, then the remote command as typed after `--`. */
export function sshArguments(address: string, options: SshOptions, command: string[]): string[] {
  return [
    '-l', options.user,
    ...(options.identity ? ['-i', options.identity] : []),
    ...(options.port ? ['-p', String(options.port)] : []),
    address,
    ...command,
  ];
}

export async function sshToServer({ args: [server, ...command], options, globals }: Invocation): Promise<void> {
  const session = openSession(globals);
  const project = await session.project();
  const found = await resolveServer(session, project, server!);
  if (!found.ipv4_primary) throw new CommandFailed(`error: server ${found.id} (${found.hostname}) has no IPv4 address to connect to yet (it is ${found.status})`);
  const ssh = spawn('ssh', sshArguments(found.ipv4_primary, options as unknown as SshOptions, command), { stdio: 'inherit' });
  // Ctrl+C belongs to the remote shell (ssh passes it on): this process must outlive it, to report ssh's exit.
  const ignore = () => undefined;
  process.on('SIGINT', ignore);
  try {
    const code = await new Promise<number>((resolve, reject) => {
      ssh.once('error', (error: NodeJS.ErrnoException) =>
        reject(error.code === 'ENOENT' ? new CommandFailed('error: ssh was not found on PATH: install OpenSSH\'s client (apt-get install openssh-client)') : error),
      );
      ssh.once('exit', (exitCode) => resolve(exitCode ?? SSH_FAILED));
    });
    process.exitCode = code;
  } finally {
    process.removeListener('SIGINT', ignore);
  }
}
