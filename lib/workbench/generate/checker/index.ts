// An independent ground-truth checker for generated datasets: for every task it reads the request back
// out of the task's text, recomputes the calls by the template's stated rule through the read-only
// tools (as an agent would, within their result limits), replays both on the initial sandbox and
// compares the states. It never calls the generator's own read helpers, so it can disagree with them.
import { statesEqual } from "../../evaluate/compare-tables";
import { replayCalls } from "../../evaluate/replay";
import type { SandboxData } from "../../sandbox/types";
import { executeCall } from "../../tools";
import { createReader, UnreadableError, type Reader } from "./reader";
import type { Rule } from "./rule-kit";
import { MULTI_RULES } from "./rules-multi";
import { PAPER_RULES } from "./rules-paper";
import { SINGLE_RULES } from "./rules-single";

export const CHECKER_RULES: readonly Rule[] = [...SINGLE_RULES, ...MULTI_RULES, ...PAPER_RULES];
const CHAIN_ID = "multi.chain";

export interface CheckedTask {
  readonly templateId: string;
  readonly text: string;
  readonly calls: readonly string[];
}

export interface Disagreement {
  readonly templateId: string;
  readonly text: string;
  readonly generated: readonly string[];
  /** What the checker computed, or why it could not (an ambiguity, a day the tools cannot read…). */
  readonly expected: readonly string[] | string;
}

/** Template ids the checker has a rule for (the chain is checked part by part). */
export const checkedTemplateIds = (): Set<string> => new Set([...CHECKER_RULES.map((rule) => rule.id), CHAIN_ID]);

export function checkTasks(sandbox: SandboxData, tasks: readonly CheckedTask[]): Disagreement[] {
  const read = createReader(sandbox);
  const disagreements: Disagreement[] = [];
  for (const task of tasks) {
    const solved = recomputeParts(sandbox, task, { read });
    const expected = typeof solved === "string" ? solved : solved.flat();
    if (typeof expected === "string" || !sameOutcome(sandbox, expected, task.calls)) {
      disagreements.push({ templateId: task.templateId, text: task.text, generated: task.calls, expected });
    }
  }
  return disagreements;
}

/**
 * The calls of each request of a task, recomputed by its rule ("unanswerable: …" when the tools cannot
 * answer). "Please do these in order" tasks are solved request by request, each on the state the
 * requests before it leave, as an agent doing them in order sees it; with `inOrder: false` each is
 * solved on the initial sandbox instead (the tests use that to show a follow-up really depends on
 * what came before).
 */
export function recomputeParts(sandbox: SandboxData, task: CheckedTask, options: { read?: Reader; inOrder?: boolean } = {}): string[][] | string {
  try {
    return recompute(task, sandbox, options.read ?? createReader(sandbox), options.inOrder ?? true);
  } catch (error) {
    if (!(error instanceof UnreadableError)) throw error;
    return `unanswerable: ${error.message}`;
  }
}

function recompute(task: CheckedTask, sandbox: SandboxData, initial: Reader, inOrder: boolean): string[][] | string {
  const rule = CHECKER_RULES.find((candidate) => candidate.id === task.templateId);
  const body = /^Please do these in order: \(1\) (.*)$/.exec(task.text)?.[1];
  if (body === undefined) {
    if (!rule) return `no checker rule for ${task.templateId}`;
    const solved = solveWith(rule, task.text, initial);
    return typeof solved === "string" ? solved : [solved];
  }
  // A chain, or a compound task: the template's own request first, then the others.
  const parts = body.split(/; \(\d+\) /).map((part) => part.charAt(0).toUpperCase() + part.slice(1));
  const out: string[][] = [];
  let state = sandbox;
  let read = initial;
  for (const [index, part] of parts.entries()) {
    const solved = index === 0 && rule ? solveWith(rule, part, read) : solveAny(part, CHECKER_RULES, read);
    if (typeof solved === "string") return solved;
    out.push(solved);
    if (inOrder && solved.length > 0 && index < parts.length - 1) {
      const replay = replayCalls(state, solved, executeCall);
      if (replay.failedCalls.length > 0) return `request ${index + 1} fails: ${replay.failedCalls[0]?.reason}`;
      state = { ...state, tables: replay.state };
      read = createReader(state);
    }
  }
  return out;
}

function solveWith(rule: Rule, text: string, read: Reader): string[] | string {
  const match = rule.pattern.exec(text);
  return match ? rule.solve([...match], read) : `the text does not read as ${rule.id}`;
}

function solveAny(text: string, rules: readonly Rule[], read: Reader): string[] | string {
  const matching = rules.filter((rule) => rule.pattern.test(text));
  if (matching.length !== 1) return `${matching.length} rules read the chain part "${text}"`;
  const rule = matching[0] as Rule;
  return rule.solve([...(rule.pattern.exec(text) as RegExpExecArray)], read);
}

/** Both call lists leave the same state (ordered comparison, the strictest of the scorers'). */
function sameOutcome(sandbox: SandboxData, expected: readonly string[], generated: readonly string[]): boolean {
  const a = replayCalls(sandbox, expected, executeCall);
  const b = replayCalls(sandbox, generated, executeCall);
  if (a.failedCalls.length > 0 || b.failedCalls.length > 0) return false;
  return statesEqual(a.state, b.state, "ordered");
}
