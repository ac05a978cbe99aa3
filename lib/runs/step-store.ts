// Persists an agent's steps as they happen. Each insert is guarded by the attempt that claimed the
// result, so a worker that lost its claim (recovered as dead while merely slow) cannot interleave
// steps with the attempt that replaced it: its next record throws LostClaimError instead.
import { randomUUID } from "node:crypto";
import type { AgentStep, StepSink } from "@/lib/workbench/agents/types";
import type { Sql } from "./sql";
import { stepColumns } from "./step-columns";

export class LostClaimError extends Error {
  constructor(resultId: string) {
    super(`Result ${resultId} was taken over by another attempt`);
    this.name = "LostClaimError";
  }
}

export function createDbStepSink(sql: Sql, resultId: string, attempt: number): StepSink {
  let index = 0;
  return {
    async record(step: AgentStep) {
      const row = stepColumns(step);
      const { rowCount } = await sql.query(
        `INSERT INTO "Step" (id, "resultId", index, kind, tool, args, call, observation, ok, diff, text,
                             "errorKind", "inputTokens", "outputTokens", "latencyMs", "finishReason", retries)
         SELECT $1, $2, $3::int, $4, $5, $6::jsonb, $7, $8, $9::boolean, $10::jsonb, $11, $12, $13::int, $14::int, $15::int, $16, $17::int
          WHERE EXISTS (SELECT 1 FROM "TaskResult" WHERE id = $2 AND status = 'running' AND attempt = $18::int)`,
        [
          randomUUID(), resultId, index, row.kind, row.tool, jsonOrNull(row.args), row.call, row.observation, row.ok,
          jsonOrNull(row.diff), row.text, row.errorKind, row.inputTokens, row.outputTokens, row.latencyMs,
          row.finishReason, row.retries, attempt,
        ],
      );
      if (rowCount === 0) throw new LostClaimError(resultId);
      index += 1;
    },
  };
}

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
