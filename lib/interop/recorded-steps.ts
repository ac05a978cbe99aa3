// What the upstream results formats keep of a trace: one entry per tool call (the tool, its input, the
// model's text that asked for it, what it returned). A model turn's text goes with the first call it
// made; a call made in the same turn as another carries an empty text (LangChain's AgentAction of a
// parallel call has no log of its own). The importers rebuild a model step from each non-empty text
// (lib/runs/import/recorded-trace.ts), so the steps come back as they were.
import type { ExportResult, ExportRun } from "./run-export";
import { readInjectedFault } from "@/lib/workbench/tools/faults";
import { faultRecord, type FaultRecord } from "@/lib/workbench/results/recorded-fault";

export interface RecordedCallEntry {
  readonly tool: string;
  readonly args: Readonly<Record<string, unknown>>;
  /** The text of the model turn that made this call; "" for a later call of the same turn. */
  readonly log: string;
  /** Whether a model turn came right before this call (false: a later call of the same turn, or no turn recorded). */
  readonly turn: boolean;
  readonly observation: string;
  /** The fault the run injected into this call, with the call string; null on a clean call. */
  readonly fault: FaultRecord | null;
}

export function recordedCallEntries(result: ExportResult): RecordedCallEntry[] {
  const entries: RecordedCallEntry[] = [];
  let pending: string | null = null;
  for (const step of result.steps) {
    if (step.kind === "model") pending = step.text ?? "";
    if (step.kind !== "tool") continue;
    const args = typeof step.args === "object" && step.args !== null && !Array.isArray(step.args) ? (step.args as Record<string, unknown>) : {};
    entries.push({ tool: step.tool ?? "", args, log: pending ?? "", turn: pending !== null, observation: step.observation ?? "", fault: faultRecordOf(step) });
    pending = null;
  }
  return entries;
}

function faultRecordOf(step: ExportResult["steps"][number]): FaultRecord | null {
  const fault = readInjectedFault(step.fault);
  return fault ? faultRecord(fault, step.call ?? "") : null;
}

/** The text of the model turn after the last call (the one that gave the final answer); null when none. */
export function finalTurnText(result: ExportResult): string | null {
  const lastTool = result.steps.findLastIndex((step) => step.kind === "tool");
  const turn = result.steps.slice(lastTool + 1).findLast((step) => step.kind === "model");
  return turn ? (turn.text ?? "") : null;
}

/** `YYYY-MM-DD_HH-MM-SS` (UTC) of the run's end, as the upstream file names carry it. */
export function fileStamp(run: Pick<ExportRun, "finishedAt" | "startedAt" | "createdAt">): string {
  const at = run.finishedAt ?? run.startedAt ?? run.createdAt;
  return at.toISOString().slice(0, 19).replace("T", "_").replaceAll(":", "-");
}

/** The model part of a results file name (no path separators). */
export function fileModel(run: Pick<ExportRun, "model" | "agent">): string {
  return (run.model ?? run.agent).replace(/[/\\\s]+/g, "-");
}

/** The results of one trial each: the upstream formats hold one row per task. */
export function resultsByTrial(run: ExportRun): ExportResult[][] {
  const trials = new Map<number, ExportResult[]>();
  for (const result of run.results) trials.set(result.trial, [...(trials.get(result.trial) ?? []), result]);
  return [...trials.entries()].sort(([a], [b]) => a - b).map(([, results]) => results);
}
