/**
 * One primary cause for every wrong answer: an ordered list of rules, the first that holds wins, and
 * the last ("other") always holds, so the causes of a run sum to its wrong answers. The Fig. 6 tags
 * (evaluate/diagnostics.ts) overlap; these do not. Rules are data: a caller may pass its own list
 * (e.g. one with "after an injected fault" in front) to `primaryCauseWith`.
 * Engine rule: plain TypeScript, no framework imports.
 */
import { parseCall } from "../calls/parse-call";
import { CONTEXT_WINDOW_MESSAGE, ITERATION_LIMIT_MESSAGE } from "../core/v1-error-wording";
import { functionNameOf, SIDE_EFFECT_TOOLS } from "../evaluate/diagnostics";
import type { Diagnostics } from "../evaluate/types";

/** What a rule reads of one scored result (a stored TaskResult and its task carry all of it). */
export interface WrongAnswer {
  readonly correct: boolean;
  /** The run error recorded for the task (v1 wording where there is one), or null. */
  readonly error: string | null;
  /** The stored kind of that error (lib/workbench/agents/types.ts RunErrorKind), when known. */
  readonly errorKind?: string | null;
  /** The agent's calls, as scored. */
  readonly predicted: readonly string[];
  readonly groundTruth: readonly string[];
  /** The Fig. 6 flags; absent means none. */
  readonly diagnostics?: Partial<Diagnostics> | null;
  /** Indexes (into `predicted`) of calls the scorer's replay skipped because they raised. */
  readonly failedCallIndexes?: readonly number[];
  /** Faults the run injected into the task's tool calls (tools/faults.ts); absent or 0 on a clean run. */
  readonly injectedFaults?: number;
}

/** Facts the rules share, computed once per answer on first read. */
export interface CauseFacts {
  readonly answer: WrongAnswer;
  /** Ground-truth writes the agent did not make (normalised). */
  readonly missingWrites: readonly NormalisedWrite[];
  /** Writes the agent made that the ground truth does not have (normalised). */
  readonly extraWrites: readonly NormalisedWrite[];
}

export interface NormalisedWrite {
  readonly tool: string;
  /** The record the write addresses (event_id, email_id, task_id or customer_id), or null for a create. */
  readonly target: string | null;
  /** Tool and lowercased arguments in name order: equal keys mean the same write. */
  readonly key: string;
}

export interface PrimaryCauseRule {
  readonly id: string;
  /** Short label for charts and tables. */
  readonly label: string;
  /** One line saying what the rule checks. */
  readonly description: string;
  readonly holds: (facts: CauseFacts) => boolean;
}

const TARGET_ARGUMENTS = ["event_id", "email_id", "task_id", "customer_id"] as const;
const OUTPUT_PARSING = /output parsing error|could not parse/i;

/** A write's tool, target and comparable key; null for a call that is no write or does not parse. */
export function normaliseWrite(raw: string): NormalisedWrite | null {
  if (!SIDE_EFFECT_TOOLS.has(functionNameOf(raw))) return null;
  const parsed = parseCall(raw);
  if (!parsed.ok) return null;
  const { tool, args } = parsed.call;
  const entries = Object.entries(args).map(([name, value]) => [name, value.toLowerCase()] as const);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const target = TARGET_ARGUMENTS.map((name) => args[name]).find((value) => value !== undefined) ?? null;
  return { tool, target: target === null ? null : target.replace(/^0+(?=\d)/, ""), key: `${tool}(${JSON.stringify(entries)})` };
}

/** Multiset difference by key: what `from` has that `without` does not. */
function writesNotIn(from: readonly NormalisedWrite[], without: readonly NormalisedWrite[]): NormalisedWrite[] {
  const left = new Map<string, number>();
  for (const write of without) left.set(write.key, (left.get(write.key) ?? 0) + 1);
  return from.filter((write) => {
    const count = left.get(write.key) ?? 0;
    if (count > 0) left.set(write.key, count - 1);
    return count === 0;
  });
}

/** The facts of one answer; the write comparison runs only when a rule asks for it. */
export function causeFacts(answer: WrongAnswer): CauseFacts {
  let writes: { predicted: NormalisedWrite[]; groundTruth: NormalisedWrite[] } | undefined;
  const both = () => {
    if (writes) return writes;
    const skipped = new Set(answer.failedCallIndexes ?? []);
    const normalised = (calls: readonly string[], skip: ReadonlySet<number>) =>
      calls.flatMap((call, index) => (skip.has(index) ? [] : [normaliseWrite(call)].filter((w): w is NormalisedWrite => w !== null)));
    return (writes = { predicted: normalised(answer.predicted, skipped), groundTruth: normalised(answer.groundTruth, new Set()) });
  };
  let missing: NormalisedWrite[] | undefined;
  let extra: NormalisedWrite[] | undefined;
  return {
    answer,
    get missingWrites() {
      return (missing ??= writesNotIn(both().groundTruth, both().predicted));
    },
    get extraWrites() {
      return (extra ??= writesNotIn(both().predicted, both().groundTruth));
    },
  };
}

/**
 * The agent's extra writes of a tool the ground truth also writes, each with the missing writes of that
 * tool: a write of the expected tool, made (the scorer's replay did not skip it) with some wrong argument.
 */
function writesOfExpectedTool(facts: CauseFacts): { extra: NormalisedWrite; missing: NormalisedWrite[] }[] {
  return facts.extraWrites.flatMap((extra) => {
    const missing = facts.missingWrites.filter((write) => write.tool === extra.tool);
    return missing.length > 0 ? [{ extra, missing }] : [];
  });
}

/** A write of the expected tool that addresses a record none of that tool's missing writes addresses. */
function addressesAnotherRecord({ extra, missing }: { extra: NormalisedWrite; missing: NormalisedWrite[] }): boolean {
  return extra.target !== null && missing.some((write) => write.target !== null) && !missing.some((write) => write.target === extra.target);
}

const END_DATE = "2023-11-29";
const END_DATE_OFF_BY_ONE = "2023-11-30";

/**
 * Every ground-truth action ends on 2023-11-29 and the agent made the same call with 2023-11-30 instead
 * (the Fig. 6 end-date tag, over the calls the scorer's replay kept).
 */
function endDateOffByOne(answer: WrongAnswer): boolean {
  if (answer.groundTruth.length === 0) return false;
  const skipped = new Set(answer.failedCallIndexes ?? []);
  const made = new Set(answer.predicted.filter((_, index) => !skipped.has(index)));
  return answer.groundTruth.every((action) => action.includes(END_DATE) && made.has(action.replaceAll(END_DATE, END_DATE_OFF_BY_ONE)));
}

const errorIs = (facts: CauseFacts, kinds: readonly string[], message: string) =>
  facts.answer.error === message || kinds.includes(facts.answer.errorKind ?? "");

/** The rules in order; the first that holds is the answer's primary cause. The last always holds. */
export const PRIMARY_CAUSE_RULES: readonly PrimaryCauseRule[] = [
  {
    id: "context_window",
    label: "Context window",
    description: "The prompt outgrew the model's context window (the error 'Context window exceeded').",
    holds: (f) => errorIs(f, ["context_window"], CONTEXT_WINDOW_MESSAGE) || f.answer.diagnostics?.contextWindow === true,
  },
  {
    id: "step_limit",
    label: "Step or time limit",
    description: "The agent was stopped by the iteration or time limit.",
    holds: (f) => errorIs(f, ["iteration_limit", "timeout"], ITERATION_LIMIT_MESSAGE),
  },
  {
    id: "react_format",
    label: "ReAct format broken",
    description: "The model's reply could not be parsed as an action (an output-parsing error).",
    holds: (f) => f.answer.errorKind === "format" || OUTPUT_PARSING.test(f.answer.error ?? ""),
  },
  {
    id: "run_error",
    label: "Error during the run",
    description: "Another error ended the task: a tool raised during the run, or the provider failed.",
    holds: (f) => Boolean(f.answer.error),
  },
  {
    id: "after_injected_fault",
    label: "After an injected fault",
    description: "The run injected tool faults (docs/robustness.md) into this task's calls and it ended wrong: a lost write, a blind retry, a give-up.",
    holds: (f) => (f.answer.injectedFaults ?? 0) > 0,
  },
  {
    id: "no_action",
    label: "No action taken",
    description: "The agent made no call at all (paper Fig. 6: failed to follow ReAct).",
    holds: (f) => f.answer.predicted.length === 0,
  },
  {
    id: "end_date_off_by_one",
    label: "End date off by one",
    description: "Every ground-truth action ends on 2023-11-29 and the agent wrote 2023-11-30 instead.",
    holds: (f) => endDateOffByOne(f.answer),
  },
  {
    id: "wrong_target",
    label: "Wrong target record",
    description: "A write of the right tool addressed another record (event, email, task or customer id).",
    holds: (f) => writesOfExpectedTool(f).some(addressesAnotherRecord),
  },
  {
    id: "wrong_value",
    label: "Wrong value",
    description: "The agent made a write of the right tool with a wrong value: an email address, a meeting time, a name, a date.",
    // Only a write the agent made: the Fig. 6 wrong-email tag (a guessed @example address in any call,
    // a search included) is no evidence of a write, and counted answers that wrote nothing.
    holds: (f) => writesOfExpectedTool(f).length > 0,
  },
  {
    id: "extra_write",
    label: "Write the ground truth lacks",
    description: "The agent made a write the ground truth does not have.",
    holds: (f) => f.extraWrites.length > 0,
  },
  {
    id: "missing_write",
    label: "Write missing",
    description: "A ground-truth write the agent never made.",
    holds: (f) => f.missingWrites.length > 0,
  },
  {
    id: "other",
    label: "Other",
    description: "None of the above: the same writes as the ground truth, yet another end state (order, a failed call).",
    holds: () => true,
  },
];

/** The first rule of `rules` that holds for a wrong answer; null for a correct one. */
export function primaryCauseWith(rules: readonly PrimaryCauseRule[], answer: WrongAnswer): string | null {
  if (answer.correct) return null;
  const facts = causeFacts(answer);
  for (const rule of rules) if (rule.holds(facts)) return rule.id;
  return "other";
}

/** The primary cause of a wrong answer under the standard rules; null for a correct one. */
export function primaryCause(answer: WrongAnswer): string | null {
  return primaryCauseWith(PRIMARY_CAUSE_RULES, answer);
}

/** Wrong answers per cause, every rule present (zeros included) in rule order. */
export function countPrimaryCauses(answers: readonly WrongAnswer[], rules: readonly PrimaryCauseRule[] = PRIMARY_CAUSE_RULES): { id: string; label: string; count: number }[] {
  const counts = new Map(rules.map((rule) => [rule.id, 0]));
  for (const answer of answers) {
    const cause = primaryCauseWith(rules, answer);
    if (cause !== null) counts.set(cause, (counts.get(cause) ?? 0) + 1);
  }
  return rules.map((rule) => ({ id: rule.id, label: rule.label, count: counts.get(rule.id) ?? 0 }));
}
