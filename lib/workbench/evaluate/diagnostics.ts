// The original's string-level checks: exact match on side-effect calls and the paper's Fig. 6 flags.
import { CONTEXT_WINDOW_MESSAGE } from "../core/v1-error-wording";
import { preprocessCall } from "../calls/parse-call";
import type { Diagnostics } from "./types";

/** The 14 tools with side effects, by the name the original derives from a call string. */
export const SIDE_EFFECT_TOOLS: ReadonlySet<string> = new Set([
  "calendar.create_event", "calendar.delete_event", "calendar.update_event",
  "email.send_email", "email.delete_email", "email.forward_email", "email.reply_email",
  "analytics.create_plot",
  "project_management.create_task", "project_management.delete_task", "project_management.update_task",
  "customer_relationship_manager.update_customer", "customer_relationship_manager.add_customer",
  "customer_relationship_manager.delete_customer",
]);

/** `".".join(action.split("(")[0].split(".")[0:2])` */
export function functionNameOf(call: string): string {
  // The same as the Python expression, without its three intermediate lists (it runs for every call scored).
  const open = call.indexOf("(");
  const head = open === -1 ? call : call.slice(0, open);
  const firstDot = head.indexOf(".");
  const secondDot = firstDot === -1 ? -1 : head.indexOf(".", firstDot + 1);
  return secondDot === -1 ? head : head.slice(0, secondDot);
}

/** Predicted side-effect calls, lowercased and sorted, equal the lowercased sorted ground truth. */
export function isExactMatch(predicted: readonly string[], groundTruth: readonly string[]): boolean {
  const right = normalisedGroundTruth(groundTruth);
  const left: string[] = [];
  for (const call of predicted) {
    const normalised = sideEffectCall(call);
    if (normalised !== null) left.push(normalised);
  }
  if (left.length !== right.length) return false;
  left.sort();
  return left.every((call, i) => call === right[i]);
}

/**
 * A call's text as the exact match compares it (preprocessed, lowercased), or null when it has no side
 * effect; by call text, as the same calls recur across results and tasks (a bounded cache).
 */
function sideEffectCall(call: string): string | null {
  let normalised = sideEffectCalls.get(call);
  if (normalised === undefined) {
    normalised = SIDE_EFFECT_TOOLS.has(functionNameOf(call)) ? preprocessCall(call).toLowerCase() : null;
    if (sideEffectCalls.size >= SIDE_EFFECT_CALLS_KEPT) sideEffectCalls.clear();
    sideEffectCalls.set(call, normalised);
  }
  return normalised;
}

const sideEffectCalls = new Map<string, string | null>();
const SIDE_EFFECT_CALLS_KEPT = 50_000;

/** The ground truth, every call normalised, sorted; once per task's (immutable) list. */
function normalisedGroundTruth(groundTruth: readonly string[]): readonly string[] {
  let normalised = normalisedGroundTruths.get(groundTruth);
  if (!normalised) {
    normalised = groundTruth.map((call) => preprocessCall(call).toLowerCase()).sort();
    normalisedGroundTruths.set(groundTruth, normalised);
  }
  return normalised;
}

const normalisedGroundTruths = new WeakMap<readonly string[], readonly string[]>();

const EXPECTED_START = "13:00:00";
const COMMON_WRONG_STARTS = ["09:00:00", "11:00:00", "15:00:00", "15:30:00"];

/** Every ground-truth action has `from`, and its copy with `from` replaced by one of `to` was predicted. */
function everyActionOffBy(groundTruth: readonly string[], predictedSet: ReadonlySet<string>, from: string, to: readonly string[]): boolean {
  if (groundTruth.length === 0) return false;
  return groundTruth.every((action) => action.includes(from) && to.some((value) => predictedSet.has(action.replaceAll(from, value))));
}

/** Fig. 6 flags of one result; all false when the answer is correct. */
export function diagnose(predicted: readonly string[], groundTruth: readonly string[], error: string | null, correct: boolean): Diagnostics {
  if (correct) return { noActions: false, wrongEmail: false, endDateOffByOne: false, meetingStartTime: false, contextWindow: false };
  const text = predicted.join("\u0000");
  const predictedSet = new Set(predicted);
  return {
    noActions: predicted.length === 0,
    wrongEmail: text.includes("@example") && !text.includes("@atlas"),
    endDateOffByOne: everyActionOffBy(groundTruth, predictedSet, "2023-11-29", ["2023-11-30"]),
    meetingStartTime: everyActionOffBy(groundTruth, predictedSet, EXPECTED_START, COMMON_WRONG_STARTS),
    contextWindow: error === CONTEXT_WINDOW_MESSAGE,
  };
}
