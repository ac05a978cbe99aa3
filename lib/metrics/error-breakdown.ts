/**
 * The paper's Fig. 6 error categories, counted exactly as the original `calculate_metrics` does
 * (see WORKBENCH-REFERENCE.md, "Error-breakdown flags"): some flags exclude each other only on the
 * side-effect branch, so the categories do not sum to the error total.
 */
import { z } from "zod";

const diagnosticsSchema = z.object({
  noActions: z.boolean().catch(false),
  wrongEmail: z.boolean().catch(false),
  endDateOffByOne: z.boolean().catch(false),
  meetingStartTime: z.boolean().catch(false),
  contextWindow: z.boolean().catch(false),
});
export type StoredDiagnostics = z.infer<typeof diagnosticsSchema>;

const NO_DIAGNOSTICS: StoredDiagnostics = {
  noActions: false,
  wrongEmail: false,
  endDateOffByOne: false,
  meetingStartTime: false,
  contextWindow: false,
};

/** Reads the diagnostics JSON stored on a TaskResult; anything unreadable counts as no flag. */
export function parseDiagnostics(value: unknown): StoredDiagnostics {
  const parsed = diagnosticsSchema.safeParse(value);
  return parsed.success ? parsed.data : NO_DIAGNOSTICS;
}

export interface DiagnosedResult {
  readonly correct: boolean;
  readonly sideEffects: boolean;
  readonly diagnostics: StoredDiagnostics;
}

export interface ErrorBreakdown {
  readonly withoutSideEffects: number;
  readonly withSideEffects: number;
  readonly noActions: number;
  readonly wrongEmailNoSideEffects: number;
  readonly meetingStartNoSideEffects: number;
  readonly wrongEmailWithSideEffects: number;
  readonly endDateWithSideEffects: number;
  readonly meetingStartWithSideEffects: number;
  readonly contextWindow: number;
}

export function errorBreakdown(results: readonly DiagnosedResult[]): ErrorBreakdown {
  const count = (predicate: (result: DiagnosedResult, d: StoredDiagnostics) => boolean) =>
    results.filter((result) => predicate(result, result.diagnostics)).length;
  const wrong = (result: DiagnosedResult) => !result.correct;
  return {
    withoutSideEffects: count((r) => wrong(r) && !r.sideEffects),
    withSideEffects: count((r) => wrong(r) && r.sideEffects),
    noActions: count((r, d) => wrong(r) && !r.sideEffects && d.noActions),
    wrongEmailNoSideEffects: count((r, d) => wrong(r) && !r.sideEffects && d.wrongEmail),
    meetingStartNoSideEffects: count((r, d) => wrong(r) && !r.sideEffects && d.meetingStartTime),
    wrongEmailWithSideEffects: count(
      (r, d) => wrong(r) && r.sideEffects && d.wrongEmail && !d.endDateOffByOne && !d.meetingStartTime,
    ),
    endDateWithSideEffects: count(
      (r, d) => wrong(r) && r.sideEffects && d.endDateOffByOne && !d.wrongEmail && !d.meetingStartTime,
    ),
    meetingStartWithSideEffects: count((r, d) => wrong(r) && r.sideEffects && d.meetingStartTime),
    contextWindow: count((_r, d) => d.contextWindow),
  };
}
