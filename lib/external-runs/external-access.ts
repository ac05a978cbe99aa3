// The run-level agent token of an external run (created at launch, see lib/runs/launch.ts).
import type { McpDeps } from "./deps";
import { secretMatches } from "@/lib/security/secrets";

export async function authenticateAgent(deps: McpDeps, runId: string, token: string | null): Promise<boolean> {
  if (!token) return false;
  const { rows } = await deps.sql.query<{ tokenHash: string }>(`SELECT "tokenHash" FROM "ExternalRunAccess" WHERE "runId" = $1`, [runId]);
  return rows[0] !== undefined && secretMatches(token, rows[0].tokenHash);
}
