// `npm start` (or another launcher of scripts/start.ts) run by the start benchmarks: its own port and
// PostgreSQL data dir, its output kept with the time of each line, stopped with SIGTERM like a user's
// Ctrl-C (then SIGKILL to its process group if it does not stop within 60 s).
import { spawn } from "node:child_process";

export interface StartedProduct {
  readonly pid: number;
  readonly url: string;
  /** Output lines, with the ms since the spawn at which each arrived. */
  readonly lines: Array<{ atMs: number; text: string }>;
  /** Resolves when the first page answers 200 (ms since the spawn); rejects when it exits or times out. */
  firstPage(timeoutMs: number): Promise<number>;
  stop(): Promise<void>;
}

/** The environment of a user's shell: no npm_* variables of the `npm run bench` around us. */
export function cleanEnv(overrides: Record<string, string>, drop: readonly string[] = []): NodeJS.ProcessEnv {
  const env: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name.startsWith("npm_") || name === "INIT_CWD" || name === "DATABASE_URL" || drop.includes(name)) continue;
    env[name] = value;
  }
  return { ...env, ...overrides } as NodeJS.ProcessEnv;
}

export function startProduct(command: readonly string[], options: { cwd: string; port: number; env: NodeJS.ProcessEnv }): StartedProduct {
  const started = performance.now();
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, { cwd: options.cwd, env: options.env, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  const lines: Array<{ atMs: number; text: string }> = [];
  let exitCode: number | null = null;
  const exited = new Promise<void>((resolve) =>
    child.on("exit", (code, signal) => {
      exitCode = code ?? (signal ? 128 : 1);
      resolve();
    }),
  );
  let partial = "";
  const collect = (chunk: Buffer) => {
    const text = partial + chunk.toString();
    const parts = text.split("\n");
    partial = parts.pop() ?? "";
    const atMs = performance.now() - started;
    for (const line of parts) if (line.trim()) lines.push({ atMs, text: line });
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const url = `http://127.0.0.1:${options.port}`;

  const firstPage = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (exitCode !== null) throw new Error(`${command.join(" ")} exited with ${exitCode}:\n${lines.map((line) => line.text).join("\n")}`);
      const status = await fetch(`${url}/`).then(async (response) => (await response.arrayBuffer(), response.status), () => 0);
      if (status === 200) return performance.now() - started;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    throw new Error(`${url}/ did not answer 200 within ${timeoutMs / 1000} s`);
  };

  const stop = async () => {
    if (exitCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }, 60_000);
    await exited;
    clearTimeout(timer);
  };
  return { pid: child.pid!, url, lines, firstPage, stop };
}

/** The longest stretch without a line of output between the spawn and `untilMs`. */
export function longestSilenceMs(lines: ReadonlyArray<{ atMs: number }>, untilMs: number): number {
  let previous = 0;
  let longest = 0;
  for (const { atMs } of lines) {
    if (atMs > untilMs) break;
    longest = Math.max(longest, atMs - previous);
    previous = atMs;
  }
  return Math.max(longest, untilMs - previous);
}
