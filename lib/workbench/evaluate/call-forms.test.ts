// The expression forms Python's parser accepts around a call, scored as the original evaluators score
// them, on a real analytics task (one plot, ground truth ending on 2023-11-29). How each evaluator runs
// a call string: 2024 eval()s it after turning real newlines into `\n` (src/evals/utils.py); 2026
// `ast.parse(action, mode="eval")` and dispatches only when the body is an ast.Call (actions.py:28-31
// at f7bed57), after the same newline rewrite (metrics.py compute_metrics). Exact match keeps a
// prediction only when `".".join(action.split("(")[0].split(".")[:2])` names a side-effect tool, so a
// call opening with a bracket never counts there; the July amendment (228cbe6) rewrites only text that
// starts with `analytics.create_plot`. The expected verdicts follow from those rules; which forms run
// was checked with CPython 3.11 (eval() on stub toolkits, ast.parse on the same strings).
import { beforeAll, describe, expect, test } from "vitest";
import { loadDataset, type Dataset } from "../datasets";
import type { Task } from "../datasets/types";
import { createProtocolEvaluator } from "../protocols";
import { parseCallWith, CALL_DIALECT_2024, CALL_DIALECT_2026 } from "../calls";
import { testDataDir } from "../test-support/data-dir";

const CALL = 'analytics.create_plot.func(time_min="2023-11-21", time_max="2023-11-29", value_to_plot="total_visits", plot_type="bar")';
const ARGS = CALL.slice("analytics.create_plot.func".length);
/** The same plot ending a day late: correct under 2026-07 only when written as upstream rewrites it. */
const LATE = CALL.replace("2023-11-29", "2023-11-30");

interface Verdict {
  readonly correct: boolean;
  readonly sideEffects: boolean;
  readonly exactMatch: boolean;
}
const CORRECT_NOT_EXACT: Verdict = { correct: true, sideEffects: false, exactMatch: false };
const INCORRECT: Verdict = { correct: false, sideEffects: false, exactMatch: false };

let datasets: Record<"v1" | "v2026", Dataset>;
let tasks: Record<"v1" | "v2026", Task>;

beforeAll(async () => {
  const [v1, v2026] = await Promise.all([loadDataset(testDataDir(), "v1"), loadDataset(testDataDir(), "v2026")]);
  datasets = { v1, v2026 };
  const find = (dataset: Dataset) => {
    const task = dataset.tasks.find((candidate) => candidate.groundTruth.length === 1 && candidate.groundTruth[0] === CALL);
    if (!task) throw new Error(`no ${dataset.version} task whose ground truth is ${CALL}`);
    return task;
  };
  tasks = { v1: find(v1), v2026: find(v2026) };
}, 120_000);

function score(revision: "2024" | "2026-06" | "2026-07", call: string): Verdict {
  const version = revision === "2024" ? "v1" : "v2026";
  const protocol = revision === "2024" ? "2024" : "2026";
  const verdict = createProtocolEvaluator({ protocol, revision, dataset: datasets[version] }).scoreTask(tasks[version], [call], null);
  return { correct: verdict.correct, sideEffects: verdict.sideEffects, exactMatch: verdict.exactMatch };
}

// form, call string, 2024 (v1), 2026-06 and 2026-07 (v2026).
describe.each<[string, string, Verdict, Verdict, Verdict]>([
  ["the plain call", CALL, { correct: true, sideEffects: false, exactMatch: true }, { correct: true, sideEffects: false, exactMatch: true }, { correct: true, sideEffects: false, exactMatch: true }],
  // Grouping brackets: eval() runs what they hold; ast.parse leaves no trace of them.
  ["in brackets", `(${CALL})`, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT],
  ["in nested brackets", `(((${CALL})))`, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT],
  ["with spaces and tabs inside and between the brackets", `( (\t${CALL} )\t)  `, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT],
  ["with brackets around the callee", `(analytics.create_plot.func)${ARGS}`, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT],
  ["with brackets around the toolkit", `(analytics).create_plot.func${ARGS}`, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT],
  ["in brackets, then a comment", `(${CALL})  # the chart`, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT],
  // Not bracketed: the name counts for exact match, but the text differs from the ground truth's.
  ["followed by a comment", `${CALL}  # the chart`, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT, CORRECT_NOT_EXACT],
  // A display holding the call: eval() runs the call to build it; ast.parse gives no Call, nothing runs.
  ["as a one-element tuple", `(${CALL},)`, CORRECT_NOT_EXACT, INCORRECT, INCORRECT],
  ["as a bare one-element tuple", `${CALL},`, CORRECT_NOT_EXACT, INCORRECT, INCORRECT],
  ["in a list", `[${CALL}]`, CORRECT_NOT_EXACT, INCORRECT, INCORRECT],
  ["in a set", `{${CALL}}`, CORRECT_NOT_EXACT, INCORRECT, INCORRECT],
  ["in a list in brackets, with a trailing comma", `([${CALL},])`, CORRECT_NOT_EXACT, INCORRECT, INCORRECT],
  // A newline inside the brackets is rewritten to `\n` before parsing: a backslash outside a string.
  ["with newlines inside the brackets (a SyntaxError once rewritten)", `(\n${CALL}\n)`, INCORRECT, INCORRECT, INCORRECT],
  ["with a comment inside the brackets (it runs to the end once the newline is rewritten)", `(${CALL}  # the chart\n)`, INCORRECT, INCORRECT, INCORRECT],
  ["in unbalanced brackets", `((${CALL})`, INCORRECT, INCORRECT, INCORRECT],
  ["with a bracket too many", `(${CALL}))`, INCORRECT, INCORRECT, INCORRECT],
  // A day late: 2024 compares the plots too (a side effect); 2026 leaves plots out of side effects, and
  // the July amendment rewrites the plain spelling only.
  ["a day late, plain", LATE, { correct: false, sideEffects: true, exactMatch: false }, INCORRECT, { correct: true, sideEffects: false, exactMatch: false }],
  ["a day late, in brackets (not the text the July amendment rewrites)", `(${LATE})`, { correct: false, sideEffects: true, exactMatch: false }, INCORRECT, INCORRECT],
])("%s", (_form, call, v2024, june, july) => {
  test("2024", () => expect(score("2024", call)).toEqual(v2024));
  test("2026-06", () => expect(score("2026-06", call)).toEqual(june));
  test("2026-07", () => expect(score("2026-07", call)).toEqual(july));
});

// Forms eval() also runs the call in, which Studio refuses (no recorded or ground-truth call string has
// one): the 2026 evaluator dispatches none of them either (no ast.Call body, or the tool name "upper"),
// so only 2024 scores differ, and the refusal says so instead of passing for a Python error.
describe.each([
  ["a tuple of two calls (eval() runs both)", `(${CALL}, ${CALL})`],
  ["a list of two calls", `[${CALL}, ${CALL}]`],
  ["a method of the call's result", `${CALL}.upper()`],
  ["an attribute of the call's result", `(${CALL}).real`],
])("refused: %s", (_form, call) => {
  test.each([
    ["2024", CALL_DIALECT_2024],
    ["2026", CALL_DIALECT_2026],
  ] as const)("%s", (_protocol, dialect) => {
    const parsed = parseCallWith(dialect, call);
    expect(parsed.ok ? null : parsed.error.errorType).toBe("UnsupportedExpression");
  });
});
