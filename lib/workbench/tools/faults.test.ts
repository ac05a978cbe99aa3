import { describe, expect, test } from "vitest";
import { fixtureEmailDeps } from "../test-support/agent-deps";
import { Trace } from "../agents/trace";
import { callTool } from "../agents/tool-call";
import {
  DEFAULT_FAULT_SHARES,
  FAULT_KINDS,
  scheduledFault,
  timeoutAnswer,
  unavailableAnswer,
  type FaultKind,
  type FaultPlan,
} from "./faults";

const plan = (rate: number, seed = 7, shares = DEFAULT_FAULT_SHARES): FaultPlan => ({ rate, seed, shares });

describe("the fault schedule", () => {
  test("is a pure function of (seed, task, ordinal)", () => {
    const draws = (p: FaultPlan) => Array.from({ length: 200 }, (_, ordinal) => scheduledFault(p, "task-12", ordinal));
    expect(draws(plan(0.3))).toEqual(draws(plan(0.3)));
    // Another seed, another task: other schedules (200 calls at p = 0.3 cannot coincide by chance).
    expect(draws(plan(0.3, 8))).not.toEqual(draws(plan(0.3)));
    expect(Array.from({ length: 200 }, (_, ordinal) => scheduledFault(plan(0.3), "task-13", ordinal))).not.toEqual(draws(plan(0.3)));
  });

  test.each([0.05, 0.1, 0.2, 0.5])("has the configured rate %s within binomial bounds over 10,000 calls", (rate) => {
    const n = 10_000;
    const counts = new Map<FaultKind, number>(FAULT_KINDS.map((kind) => [kind, 0]));
    let faults = 0;
    for (let call = 0; call < n; call++) {
      // 100 tasks × 100 ordinals: both inputs vary, as in a run.
      const kind = scheduledFault(plan(rate), `task-${call % 100}`, Math.floor(call / 100));
      if (kind) {
        faults++;
        counts.set(kind, (counts.get(kind) ?? 0) + 1);
      }
    }
    const sd = Math.sqrt(n * rate * (1 - rate));
    expect(Math.abs(faults - n * rate)).toBeLessThan(4.5 * sd);
    // Equal shares: each kind a third of the faults, within its own binomial bound.
    const kindSd = Math.sqrt(faults * (1 / 3) * (2 / 3));
    for (const kind of FAULT_KINDS) expect(Math.abs((counts.get(kind) ?? 0) - faults / 3)).toBeLessThan(4.5 * kindSd);
  });

  test("rate 0 injects nothing; a kind with no share never occurs", () => {
    const onlyTransient = { transient: 1, ambiguous: 0, malformed: 0 };
    const seen = new Set<FaultKind | null>();
    for (let ordinal = 0; ordinal < 2_000; ordinal++) {
      expect(scheduledFault(plan(0), "task-1", ordinal)).toBeNull();
      seen.add(scheduledFault(plan(0.5, 3, onlyTransient), "task-1", ordinal));
    }
    expect(seen).toEqual(new Set([null, "transient"]));
  });
});

/** Deps whose schedule gives the task's first call (ordinal 0) exactly `kind`: only that kind has a share, rate 0.5, a seed found by search. */
function setUp(kind: FaultKind) {
  const shares = { transient: 0, ambiguous: 0, malformed: 0, [kind]: 1 };
  const seed = Array.from({ length: 100 }, (_, s) => s).find((s) => scheduledFault(plan(0.5, s, shares), "task-x", 0) === kind);
  if (seed === undefined) throw new Error("no seed draws a fault at ordinal 0");
  return fixtureEmailDeps({ faults: { plan: plan(0.5, seed, shares), taskKey: "task-x" } });
}

const WRITE = { name: "email__send_email", input: { recipient: "lena.park@atlas.com", subject: "Hi", body: "Hello" } };
const READ = { name: "email__search_emails", input: { query: "" } };

describe("each fault kind leaves the sandbox as specified", () => {
  test("transient, before effect: the write does not run, the sandbox is unchanged, the call is not one the scorer replays", async () => {
    const { deps, trace, steps } = setUp("transient");
    const before = deps.sandbox.state;
    const result = await callTool(deps, trace, WRITE);
    expect(deps.sandbox.state).toBe(before);
    expect(result.observation).toBe(unavailableAnswer("email"));
    expect(trace.outcome(null, null).calls).toEqual([]);
    expect(steps).toEqual([expect.objectContaining({ kind: "tool", diff: [], fault: { kind: "transient", ordinal: 0 } })]);
    // The next call has ordinal 1 (the schedule counts every tool call) and, with no fault drawn there, runs.
    expect(trace.toolCallCount).toBe(1);
  });

  test("ambiguous, after effect: the write is applied but the answer is a timeout; the call is replayed", async () => {
    const { deps, trace, steps } = setUp("ambiguous");
    const before = deps.sandbox.state;
    const result = await callTool(deps, trace, WRITE);
    expect(deps.sandbox.state).not.toBe(before);
    expect(result.observation).toBe(timeoutAnswer("email"));
    expect(result.ok).toBe(true);
    expect(trace.outcome(null, null).calls).toHaveLength(1);
    const step = steps[0];
    expect(step).toMatchObject({ kind: "tool", fault: { kind: "ambiguous", ordinal: 0 } });
    expect(step?.kind === "tool" ? step.diff.length : 0).toBeGreaterThan(0);
  });

  test("malformed: a read runs (the sandbox is unchanged) and its answer is cut short or empty", async () => {
    const clean = setUp("malformed");
    const full = (await callTool({ ...clean.deps, faults: undefined }, new Trace(clean.deps.sink), READ)).observation;
    const { deps, trace, steps } = setUp("malformed");
    const before = deps.sandbox.state;
    const result = await callTool(deps, trace, READ);
    expect(deps.sandbox.state).toBe(before);
    expect(full.length).toBeGreaterThan(3);
    expect(result.observation.length).toBeLessThan(full.length);
    expect(full.startsWith(result.observation)).toBe(true);
    expect(steps.at(-1)).toMatchObject({ fault: { kind: "malformed", ordinal: 0 } });
  });
});
