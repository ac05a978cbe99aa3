// AgentStep (the engine's trace event) → the Step table's columns; a field a kind does not have is null.
import type { AgentStep } from "@/lib/workbench/agents/types";

export interface StepColumns {
  readonly kind: AgentStep["kind"];
  readonly tool: string | null;
  readonly args: Readonly<Record<string, unknown>> | null;
  readonly call: string | null;
  readonly observation: string | null;
  readonly ok: boolean | null;
  readonly diff: unknown;
  readonly text: string | null;
  readonly errorKind: string | null;
  readonly inputTokens: number | null;
  readonly outputTokens: number | null;
  readonly latencyMs: number | null;
  readonly finishReason: string | null;
  readonly retries: number | null;
}

const EMPTY: Omit<StepColumns, "kind"> = {
  tool: null, args: null, call: null, observation: null, ok: null, diff: null, text: null, errorKind: null,
  inputTokens: null, outputTokens: null, latencyMs: null, finishReason: null, retries: null,
};

export function stepColumns(step: AgentStep): StepColumns {
  switch (step.kind) {
    case "model":
      return {
        ...EMPTY, kind: "model", text: step.text, inputTokens: step.inputTokens, outputTokens: step.outputTokens,
        latencyMs: Math.round(step.latencyMs), finishReason: step.finishReason, retries: step.retries,
      };
    case "tool":
      return {
        ...EMPTY, kind: "tool", tool: step.tool, args: step.args, call: step.call,
        observation: step.observation, ok: step.ok, diff: step.diff,
      };
    case "final":
      return { ...EMPTY, kind: "final", text: step.text };
    case "error":
      return { ...EMPTY, kind: "error", errorKind: step.errorKind, text: step.message };
    default: {
      const unknownStep: never = step;
      throw new Error(`Unknown step kind: ${JSON.stringify(unknownStep)}`);
    }
  }
}
