// The live sandbox of an MCP session, kept in this process between requests. The database is the
// truth (TaskResult.calls holds every call executed so far), so a missing or stale copy (a restart,
// another web process served the previous call) is rebuilt by replaying those calls on a fresh sandbox.
import { setBounded } from "@/lib/bounded-map";
import type { Sandbox } from "@/lib/workbench/tools/types";
import { createSandbox } from "@/lib/workbench/sandbox/sandbox";
import type { RunContext } from "@/lib/runs/run-context";
import type { McpDeps } from "./deps";
import type { OpenSession } from "./session-auth";

interface LiveSandbox {
  readonly sandbox: Sandbox;
  callCount: number;
}

const MAX_CACHED = 512;
const live = new Map<string, LiveSandbox>();

export async function sessionSandbox(deps: McpDeps, session: OpenSession, run: RunContext): Promise<LiveSandbox> {
  const cached = live.get(session.id);
  if (cached && cached.callCount === session.callCount) return cached;
  const sandbox = createSandbox(run.version.dataset.sandbox);
  const { rows } = await deps.sql.query<{ calls: string[] }>(`SELECT calls FROM "TaskResult" WHERE id = $1`, [session.resultId]);
  const calls = rows[0]?.calls ?? [];
  for (const raw of calls) {
    const parsed = run.protocol.parseCall(raw);
    if (parsed.ok) run.protocol.tools.execute(sandbox, parsed.call);
  }
  const entry = { sandbox, callCount: calls.length };
  setBounded(live, session.id, entry, MAX_CACHED);
  return entry;
}

/** After a failed write the copy may be ahead of the database: the next request rebuilds it. */
export function forgetSessionSandbox(sessionId: string): void {
  live.delete(sessionId);
}
