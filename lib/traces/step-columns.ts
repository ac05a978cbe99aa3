// The Step row, defined once: the column table below gives the TypeScript row type (StepColumns), the
// INSERT column list and the jsonb_to_recordset types of every bulk write (step-store.ts, finishResult,
// imported runs), and the inspector's StepRecord (lib/traces/build-trace.ts). stepColumns turns an
// AgentStep (the engine's trace event) into a row; a field a kind does not have is null.
import type { AgentStep } from "@/lib/workbench/agents/types";
import { redactUrlCredentials as redact } from "@/lib/workbench/core/url-credentials";

/** The Step table's data columns (besides id, "resultId", index) and their PostgreSQL types, in table order. */
export const STEP_COLUMN_TYPES = {
  kind: "text",
  tool: "text",
  args: "jsonb",
  call: "text",
  observation: "text",
  ok: "boolean",
  diff: "jsonb",
  text: "text",
  errorKind: "text",
  inputTokens: "int",
  outputTokens: "int",
  latencyMs: "int",
  finishReason: "text",
  retries: "int",
  fault: "jsonb",
  arguments: "jsonb",
} as const;

type SqlValue = { text: string | null; jsonb: unknown; boolean: boolean | null; int: number | null };

/** A Step row's data columns, typed from STEP_COLUMN_TYPES; `kind` is the engine's step kind. */
export type StepColumns = { readonly [Column in keyof typeof STEP_COLUMN_TYPES]: SqlValue[(typeof STEP_COLUMN_TYPES)[Column]] } & {
  readonly kind: AgentStep["kind"];
};

const quoted = (column: string) => (/[A-Z]/.test(column) ? `"${column}"` : column);
const STEP_ROW_TYPES: Readonly<Record<string, string>> = { id: "text", resultId: "text", index: "int", ...STEP_COLUMN_TYPES };

/** The Step table's columns in order, quoted for SQL, with `prefix` (e.g. "s.") before each. */
export function stepColumnList(prefix = ""): string {
  return Object.keys(STEP_ROW_TYPES).map((column) => `${prefix}${quoted(column)}`).join(", ");
}

/** `name type, …` of every Step column, for `jsonb_to_recordset(…) AS x(…)`; `resultId` left out when the statement supplies it. */
export function stepRecordsetTypes(options: { withResultId: boolean }): string {
  return Object.entries(STEP_ROW_TYPES)
    .filter(([column]) => options.withResultId || column !== "resultId")
    .map(([column, type]) => `${quoted(column)} ${type}`)
    .join(", ");
}

const EMPTY: Omit<StepColumns, "kind"> = {
  tool: null, args: null, call: null, observation: null, ok: null, diff: null, text: null, errorKind: null,
  inputTokens: null, outputTokens: null, latencyMs: null, finishReason: null, retries: null, fault: null, arguments: null,
};

/** A step as its row; credentials in any URL its texts quote are hidden before the row is stored. */
export function stepColumns(step: AgentStep): StepColumns {
  switch (step.kind) {
    case "model":
      return {
        ...EMPTY, kind: "model", text: redact(step.text), inputTokens: step.inputTokens, outputTokens: step.outputTokens,
        latencyMs: Math.round(step.latencyMs), finishReason: step.finishReason, retries: step.retries,
      };
    case "tool":
      return {
        ...EMPTY, kind: "tool", tool: step.tool, args: step.args, call: step.call,
        observation: redact(step.observation), ok: step.ok, diff: step.diff, fault: step.fault ?? null, arguments: step.arguments ?? null,
      };
    case "final":
      return { ...EMPTY, kind: "final", text: redact(step.text) };
    case "confidence":
      // The reading itself is the result's (TaskResult.confidence); the step keeps the reply whole.
      return {
        ...EMPTY, kind: "confidence", text: redact(step.text), errorKind: step.errorKind, inputTokens: step.inputTokens, outputTokens: step.outputTokens,
        latencyMs: Math.round(step.latencyMs), finishReason: step.finishReason, retries: step.retries,
      };
    case "error":
      return { ...EMPTY, kind: "error", errorKind: step.errorKind, text: redact(step.message) };
    default: {
      const unknownStep: never = step;
      throw new Error(`Unknown step kind: ${JSON.stringify(unknownStep)}`);
    }
  }
}
