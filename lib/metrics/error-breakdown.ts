/**
 * The paper's Fig. 6 error categories over stored task results: reads the diagnostics JSON of a
 * TaskResult and counts with the engine's `countErrorBreakdown` (WORKBENCH-REFERENCE.md, quirk 12).
 */
import { z } from "zod";
import { countErrorBreakdown, type ErrorBreakdown } from "@/lib/workbench/evaluate/aggregate";

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

export type { ErrorBreakdown };

/** Counted by the engine's rule, so the dashboard and `workbench score` can never disagree. */
export function errorBreakdown(results: readonly DiagnosedResult[]): ErrorBreakdown {
  return countErrorBreakdown(results);
}
