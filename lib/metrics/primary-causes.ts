/**
 * Primary causes over stored task results: reads a TaskResult's columns (and its task's ground truth)
 * into the engine's WrongAnswer and counts with its ordered rules
 * (lib/workbench/analysis/primary-cause.ts). Stored JSON is validated; bad JSON reads as nothing.
 */
import { z } from "zod";
import { countPrimaryCauses, primaryCause, PRIMARY_CAUSE_RULES, type WrongAnswer } from "@/lib/workbench/analysis/primary-cause";
import { parseDiagnostics } from "./error-breakdown";

const failedIndexesSchema = z.array(z.object({ index: z.number().int() })).catch([]);

/** What a stored result carries that the cause rules read. */
export interface StoredAnswer {
  readonly correct: boolean | null;
  readonly error: string | null;
  readonly errorKind: string | null;
  readonly calls: readonly string[];
  readonly failedCalls: unknown;
  readonly diagnostics: unknown;
  readonly groundTruth: readonly string[];
  /** Faults the run injected into the task's tool calls (Step.fault); absent for a clean run. */
  readonly injectedFaults?: number;
}

export function wrongAnswerOf(stored: StoredAnswer): WrongAnswer {
  return {
    correct: stored.correct === true,
    error: stored.error,
    errorKind: stored.errorKind,
    predicted: stored.calls,
    groundTruth: stored.groundTruth,
    diagnostics: parseDiagnostics(stored.diagnostics),
    failedCallIndexes: failedIndexesSchema.parse(stored.failedCalls).map((failed) => failed.index),
    injectedFaults: stored.injectedFaults ?? 0,
  };
}

/** The primary cause of a stored result; null for a correct one. */
export function storedPrimaryCause(stored: StoredAnswer): string | null {
  return primaryCause(wrongAnswerOf(stored));
}

export interface CauseCount {
  readonly id: string;
  readonly label: string;
  readonly description: string;
  readonly count: number;
}

/** Wrong answers per primary cause, every rule in order (zeros included); they sum to the wrong answers. */
export function primaryCauseCounts(stored: readonly StoredAnswer[]): CauseCount[] {
  const descriptions = new Map(PRIMARY_CAUSE_RULES.map((rule) => [rule.id, rule.description]));
  return countPrimaryCauses(stored.map(wrongAnswerOf)).map((c) => ({ ...c, description: descriptions.get(c.id) ?? "" }));
}
