/**
 * Verdict details of one result for the inspector: which predicted calls failed (and why) and which
 * Fig. 6 diagnostics fired. Stored JSON is validated here; bad JSON reads as "nothing recorded".
 */
import { z } from "zod";
import { parseDiagnostics } from "@/lib/metrics/error-breakdown";

const failedCallsSchema = z.array(z.object({ index: z.number().int(), raw: z.string(), reason: z.string() }));

export interface CallView {
  readonly index: number;
  readonly raw: string;
  /** Why the replay skipped it; null when it ran. */
  readonly failure: string | null;
}

/** The predicted calls in order, each with its replay failure if any. */
export function buildCallViews(calls: readonly string[], storedFailedCalls: unknown): CallView[] {
  const parsed = failedCallsSchema.safeParse(storedFailedCalls);
  const failures = new Map((parsed.success ? parsed.data : []).map((failed) => [failed.index, failed.reason]));
  return calls.map((raw, index) => ({ index, raw, failure: failures.get(index) ?? null }));
}

const DIAGNOSTIC_LABELS = {
  noActions: "No actions",
  wrongEmail: "Wrong email address",
  endDateOffByOne: "End date off by one day",
  meetingStartTime: "Meeting start time",
  contextWindow: "Context window exceeded",
} as const;

/** Labels of the diagnostics that fired, in a fixed order. */
export function activeDiagnostics(stored: unknown): string[] {
  const diagnostics = parseDiagnostics(stored);
  return (Object.keys(DIAGNOSTIC_LABELS) as (keyof typeof DIAGNOSTIC_LABELS)[])
    .filter((flag) => diagnostics[flag])
    .map((flag) => DIAGNOSTIC_LABELS[flag]);
}
