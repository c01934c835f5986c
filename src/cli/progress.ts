// What `--wait` shows while it follows an order or action, on stderr (stdout
// carries only the result, so `--output json` stays parseable). On a terminal
// an ora spinner with the states seen so far ("order 12: submitting →
// provisioning"); anywhere else one plain line per state change, which reads
// well in a CI log. Notes (a retry, an invoice link) are printed above the
// spinner so that they stay on screen after it is gone.
import type { Ora } from 'ora';

export interface Progress {
  /** The followed thing's state now; shown only when it changed. */
  state(state: string): void;
  /** The last line: it ended as hoped. */
  succeed(line: string): void;
  /** The last line: it ended badly, or the wait was given up. */
  fail(line: string): void;
  /** The last line: the wait stopped at a state that needs someone else (an invoice to pay). */
  pause(line: string): void;
}

/** A spinner is drawn only on a real terminal: not piped, not TERM=dumb, not in CI (the convention ora and most tools follow). */
export function spinnerWanted(stream: NodeJS.WriteStream = process.stderr): boolean {
  return stream.isTTY === true && process.env.TERM !== 'dumb' && !process.env.CI;
}

/** What a terminal that reports no width is taken to be: ora's own fallback for a stream without one. */
const WIDTH_WHEN_UNREPORTED = 80;

/**
 * Some pseudo-terminals start at 0×0 (container exec, editor shells, CI
 * runners). ora divides by the stream's width to count the lines it must
 * clear, and a width of 0 makes that count infinite: the clearing loop then
 * never yields, so not even Ctrl+C gets through. The terminal's own width is
 * kept (node updates it on every resize); only a 0 is read as unreported.
 */
function readZeroWidthAsUnreported(stream: NodeJS.WriteStream): void {
  const descriptor = Object.getOwnPropertyDescriptor(stream, 'columns');
  if (descriptor?.get) return;
  let reported: number | undefined = stream.columns;
  Object.defineProperty(stream, 'columns', {
    configurable: true,
    enumerable: true,
    get: () => (reported !== undefined && reported > 0 ? reported : WIDTH_WHEN_UNREPORTED),
    set: (value: number) => {
      reported = value;
    },
  });
}

export class StatusLine {
  private spinner: Ora | null = null;

  /** A line that must stay on screen; with a spinner running it goes above it. */
  note(line: string): void {
    if (!this.spinner) {
      process.stderr.write(`${line}\n`);
      return;
    }
    this.spinner.clear();
    process.stderr.write(`${line}\n`);
    this.spinner.render();
  }

  async follow(label: string): Promise<Progress> {
    return spinnerWanted() ? this.followWithSpinner(label) : this.followWithLines(label);
  }

  private followWithLines(label: string): Progress {
    let last: string | null = null;
    return {
      state: (state) => {
        if (state === last) return;
        last = state;
        process.stderr.write(`${label}: ${state}\n`);
      },
      succeed: (line) => process.stderr.write(`${line}\n`),
      fail: (line) => process.stderr.write(`${line}\n`),
      pause: (line) => process.stderr.write(`${line}\n`),
    };
  }

  private async followWithSpinner(label: string): Promise<Progress> {
    // Loaded here: only a --wait on a terminal needs it.
    const { default: ora } = await import('ora');
    readZeroWidthAsUnreported(process.stderr);
    const seen: string[] = [];
    // discardStdin off: ora's raw-mode stdin swallows Ctrl+C when stdin was never read (stdin-discarder 0.3), and the
    // terminal's own Ctrl+C is what stops the wait (waiting.ts says how to pick it up again).
    const spinner = ora({ stream: process.stderr, text: `${label}…`, isEnabled: true, discardStdin: false }).start();
    this.spinner = spinner;
    const end = (finish: (text: string) => void, line: string) => {
      finish(line);
      this.spinner = null;
    };
    return {
      state: (state) => {
        if (seen.at(-1) === state) return;
        seen.push(state);
        spinner.text = `${label}: ${seen.join(' → ')}…`;
      },
      succeed: (line) => end((text) => spinner.succeed(text), line),
      fail: (line) => end((text) => spinner.fail(text), line),
      pause: (line) => end((text) => spinner.info(text), line),
    };
  }
}
