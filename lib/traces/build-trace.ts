/**
 * Stored Steps → trace events for the inspector. The events are a discriminated union on `kind`, one
 * renderer per kind; everything the UI needs (pretty args, long-observation flag, diff sections) is
 * decided here so it is unit-tested and the components stay dumb.
 */
import type { StepColumns } from "@/lib/traces/step-columns";
import { toolCallStatus, type ToolCallStatus } from "@/lib/workbench/tools/refusals";
import { buildDiffView, summarizeDiff, type TableDiffView } from "./diff-view";
import { readInjectedFault, type InjectedFault } from "@/lib/workbench/tools/faults";
import { parseConfidence } from "@/lib/workbench/agents/confidence-reply";

/** The columns of a Step row the inspector reads (structurally a Prisma Step; defined in step-columns.ts). */
export type StepRecord = Omit<StepColumns, "kind"> & {
  readonly index: number;
  /** Any stored kind: one this version does not know renders as an error event. */
  readonly kind: string;
};

export interface ModelEvent {
  readonly kind: "model";
  readonly index: number;
  readonly text: string;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly latencyMs: number | null;
  readonly finishReason: string | null;
  readonly retries: number;
  /** Only very long model output starts collapsed: the model's reasoning is what one reads first. */
  readonly textCollapsed: boolean;
  /**
   * Set on the confidence turn (a `confidence` step, lib/workbench/agents/confidence.ts): the value read
   * from the reply (null: none in range), or the error when the call failed (then `text` is its message).
   */
  readonly confidenceTurn?: { readonly value: number | null; readonly error: string | null };
}

export interface ToolEvent {
  readonly kind: "tool";
  readonly index: number;
  readonly tool: string;
  readonly call: string;
  /** Arguments as indented JSON ("{}" when none). */
  readonly argsText: string;
  readonly observation: string;
  /** Long observations start collapsed. */
  readonly observationCollapsed: boolean;
  /** False when the call raised (the replay skipped it). */
  readonly ok: boolean;
  /** ok, refused (the tool answered with a refusal such as "Email not found." and did nothing), or failed (raised). */
  readonly status: ToolCallStatus;
  readonly diff: readonly TableDiffView[];
  readonly diffSummary: string;
  readonly latencyMs: number | null;
  /** The fault the run injected into this call, shown on the step; null on a clean call. */
  readonly fault: InjectedFault | null;
}

export interface FinalEvent {
  readonly kind: "final";
  readonly index: number;
  readonly text: string;
}

export interface ErrorEvent {
  readonly kind: "error";
  readonly index: number;
  readonly errorKind: string;
  readonly message: string;
}

/** A stored fault column read back: `{ kind, ordinal }` with a known kind, else null (never throws on odd rows). */
export const injectedFault = readInjectedFault;

export type TraceEvent = ModelEvent | ToolEvent | FinalEvent | ErrorEvent;

export interface TextLimits {
  readonly chars: number;
  readonly lines: number;
}

/** Observations longer than this start collapsed (search results can be thousands of characters). */
export const OBSERVATION_LIMITS: TextLimits = { chars: 400, lines: 8 };
/** Model turns longer than this start collapsed (a ReAct reply with its action blob is well under). */
export const MODEL_TEXT_LIMITS: TextLimits = { chars: 800, lines: 24 };

export function isLongText(text: string, limits: TextLimits = OBSERVATION_LIMITS): boolean {
  return text.length > limits.chars || text.split("\n").length > limits.lines;
}

function argsText(args: unknown): string {
  if (args === null || args === undefined) return "{}";
  return JSON.stringify(args, null, 2);
}

function toEvent(step: StepRecord): TraceEvent {
  switch (step.kind) {
    case "model":
      return {
        kind: "model",
        index: step.index,
        text: step.text ?? "",
        textCollapsed: isLongText(step.text ?? "", MODEL_TEXT_LIMITS),
        inputTokens: step.inputTokens ?? 0,
        outputTokens: step.outputTokens ?? 0,
        latencyMs: step.latencyMs,
        finishReason: step.finishReason,
        retries: step.retries ?? 0,
      };
    case "tool": {
      const diff = buildDiffView(step.diff);
      const observation = step.observation ?? "";
      return {
        kind: "tool",
        index: step.index,
        tool: step.tool ?? "(unknown tool)",
        call: step.call ?? step.tool ?? "",
        // The arguments as the model sent them (a number stays a number), else the call's string arguments.
        argsText: argsText(step.arguments ?? step.args),
        observation,
        observationCollapsed: isLongText(observation),
        // A tool step without a recorded outcome did not visibly fail: treat as ok.
        ok: step.ok ?? true,
        status: toolCallStatus(step.ok, observation),
        diff,
        diffSummary: summarizeDiff(diff),
        latencyMs: step.latencyMs,
        fault: injectedFault(step.fault),
      };
    }
    case "final":
      return { kind: "final", index: step.index, text: step.text ?? "" };
    case "confidence": {
      const text = step.text ?? "";
      return {
        kind: "model",
        index: step.index,
        text,
        textCollapsed: isLongText(text, MODEL_TEXT_LIMITS),
        inputTokens: step.inputTokens ?? 0,
        outputTokens: step.outputTokens ?? 0,
        latencyMs: step.latencyMs,
        finishReason: step.finishReason,
        retries: step.retries ?? 0,
        // The same reading the worker stored on the result (TaskResult.confidence).
        confidenceTurn: step.errorKind ? { value: null, error: step.errorKind } : { value: parseConfidence(text), error: null },
      };
    }
    case "error":
      return { kind: "error", index: step.index, errorKind: step.errorKind ?? "error", message: step.text ?? "" };
    default:
      // Rows written by a newer or buggy writer still show up, as errors, instead of vanishing.
      return {
        kind: "error",
        index: step.index,
        errorKind: "unknown_step",
        message: `Unrecognised step kind "${step.kind}"`,
      };
  }
}

/** All events in step order. */
export function buildTrace(steps: readonly StepRecord[]): TraceEvent[] {
  return [...steps].sort((a, b) => a.index - b.index).map(toEvent);
}

export interface TraceTotals {
  readonly modelTurns: number;
  readonly toolCalls: number;
  readonly failedToolCalls: number;
  /** Calls the tool refused by its answer (they ran, changed nothing). */
  readonly refusedToolCalls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly retries: number;
}

export function traceTotals(events: readonly TraceEvent[]): TraceTotals {
  const models = events.filter((event): event is ModelEvent => event.kind === "model");
  const tools = events.filter((event): event is ToolEvent => event.kind === "tool");
  return {
    modelTurns: models.length,
    toolCalls: tools.length,
    failedToolCalls: tools.filter((tool) => tool.status === "failed").length,
    refusedToolCalls: tools.filter((tool) => tool.status === "refused").length,
    inputTokens: models.reduce((sum, model) => sum + model.inputTokens, 0),
    outputTokens: models.reduce((sum, model) => sum + model.outputTokens, 0),
    retries: models.reduce((sum, model) => sum + model.retries, 0),
  };
}

export interface StepMetricPoint {
  readonly step: number;
  readonly label: string;
  readonly latencyMs: number;
  readonly tokens: number;
}

/** Points for the latency/tokens-per-step chart: model turns (tokens + latency) and timed tool calls. */
export function stepMetrics(events: readonly TraceEvent[]): StepMetricPoint[] {
  const points: StepMetricPoint[] = [];
  for (const event of events) {
    if (event.kind === "model") {
      const tokens = event.inputTokens + event.outputTokens;
      points.push({ step: event.index, label: `#${event.index} model`, latencyMs: event.latencyMs ?? 0, tokens });
    } else if (event.kind === "tool" && event.latencyMs !== null) {
      points.push({ step: event.index, label: `#${event.index} ${event.tool}`, latencyMs: event.latencyMs, tokens: 0 });
    }
  }
  return points;
}
