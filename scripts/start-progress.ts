// What `npm start` is doing while it prepares (the first build and the first data import take minutes on
// a busy 2-core machine, and next build says nothing for most of it): one line every few seconds naming
// the steps still running and for how long, and a line when each ends.

export interface StartProgressOptions {
  readonly everyMs?: number;
  readonly log?: (line: string) => void;
  readonly now?: () => number;
}

const seconds = (ms: number) => `${Math.round(ms / 1000)} s`;

export class StartProgress {
  private readonly running = new Map<string, number>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private readonly everyMs: number;
  private readonly log: (line: string) => void;
  private readonly now: () => number;

  constructor(options: StartProgressOptions = {}) {
    this.everyMs = options.everyMs ?? 10_000;
    this.log = options.log ?? ((line) => console.log(line));
    this.now = options.now ?? Date.now;
  }

  /** Reports `label` as running until `work` settles; resolves (or rejects) as `work` does. */
  async track<T>(label: string, work: Promise<T>): Promise<T> {
    const started = this.now();
    this.running.set(label, started);
    this.log(`start: ${label}...`);
    this.timer ??= setInterval(() => this.tick(), this.everyMs);
    try {
      return await work;
    } finally {
      this.running.delete(label);
      this.log(`start: ${label}: finished in ${seconds(this.now() - started)}`);
      if (this.running.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    }
  }

  /** The periodic line: every step still running, with its elapsed time. */
  tick(): void {
    if (this.running.size === 0) return;
    const now = this.now();
    const steps = [...this.running].map(([label, started]) => `${label} (${seconds(now - started)})`);
    this.log(`start: still working: ${steps.join("; ")}`);
  }
}
