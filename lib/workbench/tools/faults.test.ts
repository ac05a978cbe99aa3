import { describe, expect, test } from "vitest";
import { fixtureEmailDeps } from "../test-support/agent-deps";
import { Trace } from "../agents/trace";
import { callTool } from "../agents/tool-call";
import {
  DEFAULT_FAULT_SHARES,
  faultSharesProblem,
  formatFaultShares,
  parseFaultShares,
  scheduledFault,
  timeoutAnswer,
  unavailableAnswer,
  type CallType,
  type FaultKind,
  type FaultPlan,
} from "./faults";

const plan = (rate: number, seed = 7, shares = DEFAULT_FAULT_SHARES): FaultPlan => ({ rate, seed, shares });

describe("the fault schedule", () => {
  test("is a pure function of (seed, task, ordinal)", () => {
    const draws = (p: FaultPlan) => Array.from({ length: 200 }, (_, ordinal) => scheduledFault(p, "task-12", ordinal, callTypeOf(ordinal)));
    expect(draws(plan(0.3))).toEqual(draws(plan(0.3)));
    // Another seed, another task: other schedules (200 calls at p = 0.3 cannot coincide by chance).
    expect(draws(plan(0.3, 8))).not.toEqual(draws(plan(0.3)));
    expect(Array.from({ length: 200 }, (_, ordinal) => scheduledFault(plan(0.3), "task-13", ordinal, callTypeOf(ordinal)))).not.toEqual(draws(plan(0.3)));
  });

  test.each([0.05, 0.1, 0.2, 0.5])("has the configured rate %s within binomial bounds over 10,000 calls", (rate) => {
    const { calls, faults } = scheduleOf(plan(rate), 10_000);
    const sd = Math.sqrt(calls * rate * (1 - rate));
    expect(Math.abs(faults.length - calls * rate)).toBeLessThan(4 * sd);
  });

  test("rate 0 injects nothing; a kind with no share never occurs", () => {
    const onlyTransient = { transient: 1, ambiguous: 0, malformed: 0 };
    const seen = new Set<FaultKind | null>();
    for (let ordinal = 0; ordinal < 2_000; ordinal++) {
      expect(scheduledFault(plan(0), "task-1", ordinal, callTypeOf(ordinal))).toBeNull();
      seen.add(scheduledFault(plan(0.5, 3, onlyTransient), "task-1", ordinal, callTypeOf(ordinal)));
    }
    expect(seen).toEqual(new Set([null, "transient"]));
  });
});

/** About a third of a task's calls are writes, as in WorkBench's ground truth: every third ordinal. */
function callTypeOf(ordinal: number): CallType {
  return ordinal % 3 === 2 ? "write" : "read";
}

/** `n` scheduled calls over 100 tasks × n/100 ordinals (both inputs vary, as in a run), and the faults they drew with their call's type. */
function scheduleOf(p: FaultPlan, n: number) {
  const faults: { kind: FaultKind; callType: CallType }[] = [];
  for (let call = 0; call < n; call++) {
    const ordinal = Math.floor(call / 100);
    const callType = callTypeOf(ordinal);
    const kind = scheduledFault(p, `task-${call % 100}`, ordinal, callType);
    if (kind) faults.push({ kind, callType });
  }
  return { calls: n, faults };
}

/** |observed − expected| below 4 standard deviations of a binomial(n, p) count. */
function expectWithinFourSigma(observed: number, n: number, p: number) {
  // A certain outcome (p 0 or 1) has no spread: the count is exact.
  if (p === 0 || p === 1) return expect(observed).toBe(n * p);
  expect(Math.abs(observed - n * p)).toBeLessThan(4 * Math.sqrt(n * p * (1 - p)));
}

describe("fault kinds follow the call's type", () => {
  test.each([
    ["equal (the default)", DEFAULT_FAULT_SHARES],
    ["transient 2, ambiguous 1, malformed 3", { transient: 2, ambiguous: 1, malformed: 3 }],
    ["no transient", { transient: 0, ambiguous: 1, malformed: 1 }],
  ])("over 10,000 scheduled calls at p = 0.3, shares %s: ambiguous only on writes, malformed only on reads, shares within 4 sigma", (_label, shares) => {
    const { faults } = scheduleOf(plan(0.3, 11, shares), 10_000);
    const onWrites = faults.filter((fault) => fault.callType === "write");
    const onReads = faults.filter((fault) => fault.callType === "read");
    expect(onWrites.length).toBeGreaterThan(500);
    expect(onReads.length).toBeGreaterThan(1_000);
    expect(onReads.filter((fault) => fault.kind === "ambiguous")).toEqual([]);
    expect(onWrites.filter((fault) => fault.kind === "malformed")).toEqual([]);
    // Among a type's faults, each kind it can have takes its weight's share of that type's weights.
    const writeShare = shares.ambiguous / (shares.transient + shares.ambiguous);
    const readShare = shares.malformed / (shares.transient + shares.malformed);
    expectWithinFourSigma(onWrites.filter((fault) => fault.kind === "ambiguous").length, onWrites.length, writeShare);
    expectWithinFourSigma(onReads.filter((fault) => fault.kind === "malformed").length, onReads.length, readShare);
    if (shares.transient === 0) expect(faults.filter((fault) => fault.kind === "transient")).toEqual([]);
  });

  test("whether a call fails does not depend on its type, only its kind does: two agents meet faults at the same ordinals", () => {
    const p = plan(0.3, 5);
    for (let ordinal = 0; ordinal < 500; ordinal++) {
      const asRead = scheduledFault(p, "task-9", ordinal, "read");
      const asWrite = scheduledFault(p, "task-9", ordinal, "write");
      expect(asRead === null, `ordinal ${ordinal}`).toBe(asWrite === null);
      if (asRead === "transient") expect(asWrite).toBe("transient");
    }
  });

  test("shares that leave a call type without a kind are refused, with the reason", () => {
    expect(faultSharesProblem(DEFAULT_FAULT_SHARES)).toBeNull();
    expect(faultSharesProblem({ transient: 0, ambiguous: 0, malformed: 1 })).toMatch(/^Writes need a fault kind/);
    expect(faultSharesProblem({ transient: 0, ambiguous: 1, malformed: 0 })).toMatch(/^Reads need a fault kind/);
    expect(faultSharesProblem({ transient: -1, ambiguous: 1, malformed: 1 })).toMatch(/at least 0/);
  });

  test("the CLI's --fault-shares: kinds left out keep their default; a bad part is named", () => {
    expect(parseFaultShares("transient=2, malformed=0.5")).toEqual({ transient: 2, ambiguous: 1, malformed: 0.5 });
    expect(formatFaultShares(parseFaultShares(formatFaultShares({ transient: 3, ambiguous: 0, malformed: 1 })))).toBe("transient=3,ambiguous=0,malformed=1");
    expect(() => parseFaultShares("timeout=1")).toThrow(/"timeout=1" is not kind=weight/);
  });
});

/**
 * Deps whose schedule gives the task's first call (ordinal 0), a call of `callType`, exactly `kind`: only
 * that kind has a share, rate 0.5, a seed found by search.
 */
function setUp(kind: FaultKind, callType: CallType = kind === "malformed" ? "read" : "write") {
  const shares = { transient: 0, ambiguous: 0, malformed: 0, [kind]: 1 };
  const seed = Array.from({ length: 100 }, (_, s) => s).find((s) => scheduledFault(plan(0.5, s, shares), "task-x", 0, callType) === kind);
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

describe("the engine draws by the call's type", () => {
  test("a read under shares that give only ambiguous faults draws none: it runs, its answer whole", async () => {
    // Ordinal 0 is a fault (the seed is found for a write); the read at the same ordinal cannot be ambiguous.
    const { deps, trace, steps } = setUp("ambiguous", "write");
    const result = await callTool(deps, trace, READ);
    expect(result.observation).not.toBe(timeoutAnswer("email"));
    expect(steps).toHaveLength(1);
    expect(steps[0]?.kind === "tool" ? steps[0].fault : "not a tool step").toBeUndefined();
  });

  test("a write under shares that give only malformed faults draws none: it runs and answers", async () => {
    const { deps, trace, steps } = setUp("malformed", "read");
    const before = deps.sandbox.state;
    const result = await callTool(deps, trace, WRITE);
    expect(deps.sandbox.state).not.toBe(before);
    expect(result.observation.length).toBeGreaterThan(0);
    expect(steps).toHaveLength(1);
    expect(steps[0]?.kind === "tool" ? steps[0].fault : "not a tool step").toBeUndefined();
  });
});
