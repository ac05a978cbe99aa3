// Push mode and the deadline sweep. In each server process a supervisor loop (started from
// instrumentation.ts and on launch) closes sessions past their deadline (scoring what their agents did)
// and, for every active push run, claims tasks up to the run's concurrency and posts each to the agent
// endpoint configured on the server (WORKBENCH_AGENT_URL), then finishes the task with its answer.
// Claims go through the workers' own claim (workbench_claim_results, via claimNextTask), which counts the
// run's running results itself, so several processes never exceed its concurrency and no process keeps
// a count of its own.
import { env } from "@/lib/env";
import type { McpDeps } from "./deps";
import { claimNextTask } from "./claim";
import { closeExpiredSessions, closeSession } from "./close-session";
import { finishBodySchema, taskPayload } from "./run-api";
import { errorMessage } from "@/lib/errors";

const TICK_MS = 1000;

/** The agent endpoint of push mode, read when used (validated by lib/env's schema). */
export function pushEndpointUrl(): string | undefined {
  return env().WORKBENCH_AGENT_URL;
}

interface Supervisor {
  timer?: NodeJS.Timeout;
  ticking: boolean;
}

const holder = globalThis as typeof globalThis & { workbenchExternal?: Supervisor };

export interface SupervisorOptions {
  /** Default: the process's own (getMcpDeps). */
  readonly deps?: () => Promise<McpDeps>;
  /** Where the agent reaches Studio (default WORKBENCH_PUBLIC_URL, else http://127.0.0.1:PORT). */
  readonly baseUrl?: string;
}

/** Starts this process's supervisor once (idempotent). */
export function startPushDrivers(options: SupervisorOptions = {}): void {
  if (holder.workbenchExternal || !env().DATABASE_URL) return;
  const supervisor: Supervisor = { ticking: false };
  holder.workbenchExternal = supervisor;
  const getDeps = options.deps ?? (async () => (await import("./deps")).getMcpDeps());
  const baseUrl = (options.baseUrl ?? env().WORKBENCH_PUBLIC_URL ?? `http://127.0.0.1:${env().PORT}`).replace(/\/+$/, "");
  const tick = async () => {
    if (supervisor.ticking) return;
    supervisor.ticking = true;
    try {
      const current = await getDeps();
      await closeExpiredSessions(current);
      await drivePushRuns(current, baseUrl);
    } catch (error) {
      console.error("[external] supervisor tick failed:", errorMessage(error));
    } finally {
      supervisor.ticking = false;
    }
  };
  supervisor.timer = setInterval(() => void tick(), TICK_MS);
  supervisor.timer.unref();
  void tick();
}

export function stopPushDrivers(): void {
  clearInterval(holder.workbenchExternal?.timer);
  holder.workbenchExternal = undefined;
}

async function drivePushRuns(deps: McpDeps, baseUrl: string): Promise<void> {
  const { rows } = await deps.sql.query<{ id: string }>(
    `SELECT r.id FROM "Run" r JOIN "ExternalRunAccess" a ON a."runId" = r.id
      WHERE a.mode = 'push' AND r.status IN ('queued', 'running')`,
  );
  const agentUrl = pushEndpointUrl();
  if (rows.length > 0 && !agentUrl) return console.error("[external] push runs wait: WORKBENCH_AGENT_URL is not set");
  for (const run of rows) {
    // The claim answers "wait" once the run's concurrency is taken (by this process or any other).
    for (let outcome = await claimNextTask(deps, run.id); outcome.kind === "task"; outcome = await claimNextTask(deps, run.id)) {
      void pushTask(deps, outcome.session, agentUrl ?? "", baseUrl);
    }
  }
}

type Claimed = Extract<Awaited<ReturnType<typeof claimNextTask>>, { kind: "task" }>["session"];

/** Posts the task, waits for the agent's answer until the deadline (then the sweep closes it). */
async function pushTask(deps: McpDeps, session: Claimed, agentUrl: string, baseUrl: string): Promise<void> {
  const token = env().WORKBENCH_AGENT_TOKEN;
  try {
    const response = await fetch(agentUrl, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(taskPayload(session, baseUrl)),
      signal: AbortSignal.timeout(Math.max(1, session.deadline.getTime() - Date.now())),
    });
    const parsed = finishBodySchema.safeParse(await response.json().catch(() => ({})));
    const report = !response.ok
      ? { error: `Agent endpoint answered HTTP ${response.status}` }
      : parsed.success
        ? parsed.data
        : { error: "Agent endpoint answered with an invalid body" };
    await closeSession(deps, session.sessionId, "finished", report);
  } catch (error) {
    if (error instanceof Error && error.name === "TimeoutError") return; // the deadline sweep scores it
    const message = errorMessage(error);
    await closeSession(deps, session.sessionId, "finished", { error: `Agent endpoint failed: ${message}` }).catch(() => undefined);
  }
}
