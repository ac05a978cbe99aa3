// Bulk inserts for imported runs: one statement per chunk, the rows travel as a single JSON parameter
// (jsonb_to_recordset). Prisma's createMany spends far more CPU building 20,000-row statements than
// PostgreSQL spends inserting them.
import type { Prisma } from "@/lib/generated/prisma/client";
import { forgetPrismaDebugHistory } from "@/lib/prisma-debug-history";
import { stepRecordsetTypes } from "../../traces/step-columns";

type Tx = Prisma.TransactionClient;

const CHUNK = 2_000;
/**
 * A statement also closes once its JSON parameter reaches this many characters (a larger row goes alone):
 * the parameter is copied several times on its way to PostgreSQL (the JSON text, Prisma's serialized
 * arguments, pg's write buffer), so a batch of megabyte step texts sent as one statement multiplied
 * its size in memory (bench import, thoughts-heavy traces: 303 MB peak RSS).
 */
export const STATEMENT_CHARS = 2 * 1024 * 1024;

const STEP_COLUMNS = stepRecordsetTypes({ withResultId: true });

const RESULT_COLUMNS = `id text, "runId" text, "taskId" text, trial int, attempt int, calls text[], correct boolean,
  "sideEffects" boolean, "exactMatch" boolean, error text, "errorKind" text, diagnostics jsonb, diff jsonb,
  "failedCalls" jsonb, "finalAnswer" text, "inputTokens" int, "outputTokens" int, "startedAt" timestamp(3), "finishedAt" timestamp(3)`;

function columnNames(columns: string): string {
  return columns
    .split(",")
    .map((column) => column.trim().split(/\s+/)[0])
    .join(", ");
}

/**
 * The rows as JSON arrays of at most `maxRows` rows and about `maxChars` characters each (a row larger
 * than that is an array alone), each row stringified once.
 */
export function* jsonChunks(rows: readonly object[], maxRows: number, maxChars: number): Generator<string> {
  let parts: string[] = [];
  let chars = 0;
  for (const row of rows) {
    const json = JSON.stringify(row);
    if (parts.length > 0 && (parts.length >= maxRows || chars + json.length > maxChars)) {
      yield `[${parts.join(",")}]`;
      parts = [];
      chars = 0;
    }
    parts.push(json);
    chars += json.length + 1;
  }
  if (parts.length > 0) yield `[${parts.join(",")}]`;
}

/** `fixed`: columns set to the same SQL expression in every row (not sent per row). */
async function insertRows(tx: Tx, table: string, columns: string, rows: readonly object[], fixed: Record<string, string> = {}): Promise<void> {
  const names = [columnNames(columns), ...Object.keys(fixed)].join(", ");
  const values = [columnNames(columns), ...Object.values(fixed)].join(", ");
  for (const json of jsonChunks(rows, CHUNK, STATEMENT_CHARS)) {
    await tx.$executeRawUnsafe(`INSERT INTO "${table}" (${names}) SELECT ${values} FROM jsonb_to_recordset($1::jsonb) AS x(${columns})`, json);
    forgetPrismaDebugHistory(); // else Prisma keeps this statement's megabytes for 100 more (lib/prisma-debug-history.ts)
  }
}

export function insertSteps(tx: Tx, rows: readonly object[]): Promise<void> {
  return insertRows(tx, "Step", STEP_COLUMNS, rows);
}

/** Imported results are scored already: status done. */
export function insertDoneResults(tx: Tx, rows: readonly object[]): Promise<void> {
  return insertRows(tx, "TaskResult", RESULT_COLUMNS, rows, { status: `'done'::"ResultStatus"` });
}
