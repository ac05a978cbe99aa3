// Persists an agent's steps as they happen. Each insert is guarded by the attempt that claimed the
// result, so a worker that lost its claim (recovered as dead while merely slow) cannot interleave
// steps with the attempt that replaced it: its next record throws LostClaimError instead.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import type { AgentStep, StepSink } from "@/lib/workbench/agents/types";
import { stepColumns } from "./step-columns";

export class LostClaimError extends Error {
  constructor(resultId: string) {
    super(`Result ${resultId} was taken over by another attempt`);
    this.name = "LostClaimError";
  }
}

export function createDbStepSink(db: PrismaClient, resultId: string, attempt: number): StepSink {
  let index = 0;
  return {
    async record(step: AgentStep) {
      const row = stepColumns(step);
      const inserted = await db.$executeRaw`
        INSERT INTO "Step" (id, "resultId", index, kind, tool, args, call, observation, ok, diff, text,
                            "errorKind", "inputTokens", "outputTokens", "latencyMs", "finishReason", retries)
        SELECT ${randomUUID()}, ${resultId}, ${index}, ${row.kind}, ${row.tool}, ${jsonOrNull(row.args)}::jsonb, ${row.call},
               ${row.observation}, ${row.ok}, ${jsonOrNull(row.diff)}::jsonb, ${row.text}, ${row.errorKind},
               ${row.inputTokens}::int, ${row.outputTokens}::int, ${row.latencyMs}::int, ${row.finishReason}, ${row.retries}::int
         WHERE EXISTS (SELECT 1 FROM "TaskResult" WHERE id = ${resultId} AND status = 'running' AND attempt = ${attempt})`;
      if (inserted === 0) throw new LostClaimError(resultId);
      index += 1;
    },
  };
}

function jsonOrNull(value: unknown): string | null {
  return value === null || value === undefined ? null : JSON.stringify(value);
}
