// Work a process does once its command is over, before it may exit: today, the telemetry's bounded
// shutdown (lib/interop/otel/trace-result.ts), which abandons exports still in flight so an unreachable
// or silent collector never keeps a finished CLI or worker alive. Modules register what they opened;
// the entry points (scripts/workbench.ts, scripts/worker.ts) call endOfProcess() once. No imports, so
// an entry point loads nothing for it.

const hooks = new Set<() => Promise<void>>();

/** Registers `hook` to run at the end of the process (once; a failing hook does not stop the others). */
export function atEndOfProcess(hook: () => Promise<void>): void {
  hooks.add(hook);
}

/** Runs the registered hooks, together. */
export async function endOfProcess(): Promise<void> {
  const running = [...hooks];
  hooks.clear();
  await Promise.all(running.map((hook) => hook().catch(() => undefined)));
}
