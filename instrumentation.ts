// Next.js start-up hook, in the Node.js server runtime (never in the edge runtime, never during
// `next build`): installs the client-address layer (lib/auth/client-address.ts) and runs an in-process
// task worker. WORKBENCH_INPROCESS_WORKER=0 turns the worker off, e.g. when dedicated `npm run worker`
// processes do the work.
export async function register(): Promise<void> {
  // NEXT_RUNTIME and NEXT_PHASE are Next's own variables, not settings of ours (lib/env).
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // First: every request's client address from its socket, before any request reaches a route.
  await (await import("@/lib/auth/client-address")).installClientAddressLayer();
  // External runs: deadline sweep + push mode (lib/external-runs/push.ts), in every server process.
  (await import("@/lib/external-runs/push")).startPushDrivers();
  const { env } = await import("@/lib/env");
  if (env().WORKBENCH_INPROCESS_WORKER === false) return;
  const { startInProcessWorker } = await import("@/lib/runs/in-process-worker");
  startInProcessWorker();
}
