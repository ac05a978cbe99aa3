import { spawn } from "node:child_process";
import os from "node:os";

export const FORWARDED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"] as const;

/**
 * Runs a command to completion, forwarding our signals to it; resolves its exit code (128+n if killed).
 * `abort` sends it SIGTERM (npm start stops the build when the data step beside it failed).
 */
export function runForwardingSignals(
  command: readonly string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; abort?: AbortSignal; onSpawn?: (pid: number) => void } = {},
): Promise<number> {
  const [file, ...args] = command as [string, ...string[]];
  const child = spawn(file, args, { stdio: "inherit", env: options.env ?? process.env, cwd: options.cwd });
  if (child.pid !== undefined) options.onSpawn?.(child.pid);
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  for (const signal of FORWARDED_SIGNALS) process.on(signal, forward);
  options.abort?.addEventListener("abort", () => child.kill("SIGTERM"), { once: true });
  return new Promise((resolve) => {
    child.on("error", (error) => {
      console.error(`cannot run ${file}: ${error.message}`);
      resolve(127);
    });
    child.on("exit", (code, signal) => {
      for (const name of FORWARDED_SIGNALS) process.off(name, forward);
      resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 1));
    });
  });
}
