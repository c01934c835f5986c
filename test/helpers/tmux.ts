// The end of a tmux server a test ran its panes on (`tmux -L <socket>`).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

/**
 * Ends every pane's shell and what runs in it (their commands leave on
 * SIGHUP), then removes the server's socket file, which tmux leaves in
 * $TMUX_TMPDIR/tmux-<uid>/ (/tmp by default) when its server is killed.
 */
export function killTmuxServer(socket: string): void {
  spawnSync('tmux', ['-L', socket, 'kill-server']);
  fs.rmSync(path.join(process.env.TMUX_TMPDIR || '/tmp', `tmux-${process.getuid!()}`, socket), { force: true });
}
