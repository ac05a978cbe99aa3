// Persists an agent's steps in small batches: a step is buffered and written at most `flushAfterMs`
// later, together with the steps recorded meanwhile, so a slow model's trace still appears live while
// a fast task's steps are written in one go by finishResult, in the transaction that writes its verdict.
// Each write is guarded by the attempt that claimed the result, so a worker that lost its claim
// (released as dead while merely slow) cannot interleave steps with the attempt that replaced it: its
// next record throws LostClaimError instead.
import { randomUUID } from "node:crypto";
import type { AgentStep, StepSink } from "@/lib/workbench/agents/types";
import type { Sql } from "./sql";
import { stepColumnList, stepColumns, stepRecordsetTypes, type StepColumns } from "../traces/step-columns";
import { CodedError } from "@/lib/errors";

export class LostClaimError extends CodedError<"lost_claim"> {
  constructor(resultId: string) {
    super("lost_claim", `Result ${resultId} was taken over by another attempt`);
    this.name = "LostClaimError";
  }
}

export interface StepRow extends StepColumns {
  readonly id: string;
  readonly index: number;
}

export interface BufferedStepSink extends StepSink {
  /** Waits for a write in progress and hands over the steps not written yet (for finishResult). */
  drain(): Promise<StepRow[]>;
}

/** Default delay before buffered steps are written: short enough for a live trace. */
const FLUSH_AFTER_MS = 200;

export function createBufferedStepSink(sql: Sql, resultId: string, attempt: number, flushAfterMs = FLUSH_AFTER_MS): BufferedStepSink {
  let index = 0;
  let buffer: StepRow[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();
  let lost = false;

  const flush = () => {
    timer = undefined;
    const rows = buffer;
    buffer = [];
    if (rows.length === 0) return;
    writing = writing.then(async () => {
      try {
        if (!(await insertSteps(sql, resultId, attempt, rows))) lost = true;
      } catch {
        buffer = [...rows, ...buffer]; // the database hiccuped: finishResult tries these again
      }
    });
  };

  return {
    async record(step: AgentStep) {
      if (lost) throw new LostClaimError(resultId);
      buffer.push({ ...stepColumns(step), id: randomUUID(), index: index++ });
      timer ??= setTimeout(flush, flushAfterMs);
    },
    async drain() {
      clearTimeout(timer);
      timer = undefined;
      await writing;
      const rows = buffer;
      buffer = [];
      return rows;
    },
  };
}

/**
 * Writes each step at once (no buffer): for external agents (lib/external-runs), whose steps arrive one request
 * at a time and must be in the trace when the request returns. `firstIndex`: where the trace continues.
 */
export function createDbStepSink(sql: Sql, resultId: string, attempt: number, firstIndex = 0): StepSink {
  let index = firstIndex;
  return {
    async record(step: AgentStep) {
      const row: StepRow = { ...stepColumns(step), id: randomUUID(), index };
      if (!(await insertSteps(sql, resultId, attempt, [row]))) throw new LostClaimError(resultId);
      index += 1;
    },
  };
}

/** The column list and row source shared by the batched writes here and finishResult's (step-columns.ts). */
export const STEP_INSERT = `INSERT INTO "Step" (${stepColumnList()})`;

const STEP_RECORDSET_TYPES = stepRecordsetTypes({ withResultId: false });
const STEP_SELECT_AFTER_RESULT = stepColumnList("s.").split(", ").slice(2).join(", ");

/** `SELECT …` of the rows in JSON parameter `$<param>` for result `$<result>`. */
export function stepRowsSelect(resultParam: number, rowsParam: number): string {
  return `SELECT s.id, $${resultParam}, ${STEP_SELECT_AFTER_RESULT} FROM jsonb_to_recordset($${rowsParam}::jsonb) AS s(${STEP_RECORDSET_TYPES})`;
}

/** False when this attempt no longer holds the result (nothing is written then). */
async function insertSteps(sql: Sql, resultId: string, attempt: number, rows: readonly StepRow[]): Promise<boolean> {
  const { rowCount } = await sql.query(
    `${STEP_INSERT} ${stepRowsSelect(1, 3)}
      WHERE EXISTS (SELECT 1 FROM "TaskResult" WHERE id = $1 AND status = 'running' AND attempt = $2::int)`,
    [resultId, attempt, JSON.stringify(rows)],
  );
  return rowCount > 0;
}
