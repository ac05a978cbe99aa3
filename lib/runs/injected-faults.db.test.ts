// Injected tool faults end to end on the 690 official tasks, with the two oracle agents at p = 0.2. The
// expectations are recomputed here from the recorded schedule and the ground truth, by the stated rules:
//   - every tool step's recorded fault is the schedule's (a pure function of seed, task, ordinal);
//   - the oracle (no retry) is correct exactly on the tasks none of whose write calls drew a transient
//     (before-effect) fault, writes that change nothing aside (crm/032 reassigns a customer to the
//     salesperson it already has: losing that write loses nothing);
//   - the retrying oracle repeats a call while its answer is a service error; it is correct on every task
//     whose writes each ran exactly once; a write that ran twice (an ambiguous fault, then the blind
//     retry) leaves a duplicate, which is wrong with a side effect when the write adds a row;
//   - the run's robustness measures equal the counts taken here.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "../test-support/db";
import { launchRun } from "./launch";
import { getRunRobustness } from "@/lib/queries/robustness";
import { getConfigLeaderboard } from "@/lib/queries/config-leaderboard";
import { getRunExplanation } from "@/lib/queries/primary-causes";
import { injectedFault } from "@/lib/traces/build-trace";
import { PROTOCOLS } from "@/lib/workbench/protocols/definitions";
import { DEFAULT_FAULT_SHARES, scheduledFault, type InjectedFault } from "@/lib/workbench/tools/faults";
import { ORACLE_RETRY_ATTEMPTS } from "@/lib/workbench/agents/scripted-agents";
import { diffStates } from "@/lib/workbench/agents/engine";
import { parseCall } from "@/lib/workbench/calls/parse-call";
import { createSandbox } from "@/lib/workbench/sandbox/sandbox";

let context: WorkerTestContext;
const FAULTS = { faultRate: 0.2, faultSeed: 20261127 };
const PLAN = { rate: FAULTS.faultRate, seed: FAULTS.faultSeed, shares: DEFAULT_FAULT_SHARES };
const WRITES = new Set(PROTOCOLS["2024"].tools.all.filter((tool) => tool.hasSideEffects).map((tool) => tool.name));
/** Writes whose second run adds a second row (or plot): a duplicate of these changes the end state. */
const ADDS_A_ROW = /\.(create_|send_|add_|forward_|reply_)/;

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 16, idlePollMs: 50, mockLatencyMs: 0 });
});

afterAll(async () => {
  await tearDownWorkerTest(context);
});

interface Step {
  readonly tool: string;
  readonly call: string;
  readonly fault: InjectedFault | null;
}

interface ScoredTask {
  readonly key: string;
  readonly groundTruth: readonly string[];
  readonly correct: boolean;
  readonly sideEffects: boolean;
  readonly steps: readonly Step[];
}

async function runToEnd(agent: "oracle" | "oracle-retry"): Promise<{ runId: string; tasks: ScoredTask[] }> {
  const { runId } = await launchRun({ agent, ...FAULTS, concurrency: 16 }, context);
  expect(await waitForRun(context.db, runId, 600_000)).toMatchObject({ status: "completed", tasksDone: 690 });
  const results = await context.db.taskResult.findMany({
    where: { runId },
    select: { correct: true, sideEffects: true, task: { select: { key: true } }, steps: { where: { kind: "tool" }, orderBy: { index: "asc" } } },
  });
  const groundTruth = new Map(context.v1.tasks.map((task) => [task.key, task.groundTruth]));
  const tasks = results.map((result) => ({
    key: result.task.key,
    groundTruth: groundTruth.get(result.task.key) ?? [],
    correct: result.correct === true,
    sideEffects: result.sideEffects === true,
    steps: result.steps.map((step) => ({ tool: step.tool ?? "", call: step.call ?? "", fault: injectedFault(step.fault) })),
  }));
  return { runId, tasks };
}

/** Every tool step carries exactly the fault the schedule gives its ordinal. */
function expectScheduleFollowed(tasks: readonly ScoredTask[]): number {
  let faults = 0;
  for (const task of tasks) {
    task.steps.forEach((step, ordinal) => {
      const kind = scheduledFault(PLAN, task.key, ordinal, WRITES.has(step.tool) ? "write" : "read");
      expect(step.fault, `${task.key} call ${ordinal}`).toEqual(kind ? { kind, ordinal } : null);
      if (kind) faults++;
    });
  }
  return faults;
}

/** Which of a task's ground-truth calls change the sandbox, run in order from the initial one. */
function changingCalls(groundTruth: readonly string[]): boolean[] {
  const sandbox = createSandbox(context.v1.sandbox);
  return groundTruth.map((raw) => {
    const parsed = parseCall(raw);
    if (!parsed.ok) return false;
    const before = sandbox.state;
    PROTOCOLS["2024"].tools.execute(sandbox, parsed.call);
    return diffStates(before, sandbox.state).length > 0;
  });
}

const isServiceError = (step: Step) => step.fault?.kind === "transient" || step.fault?.kind === "ambiguous";

describe("the oracle agents under faults at p = 0.2 on the 690 official tasks", () => {
  test("the oracle is correct exactly on the tasks none of whose writes drew a before-effect fault", async () => {
    const { runId, tasks } = await runToEnd("oracle");
    expect(tasks).toHaveLength(690);
    const faults = expectScheduleFollowed(tasks);
    // p = 0.2 over the ground truth's calls: a binomial count, far from 0.
    expect(faults).toBeGreaterThan(100);
    const expectedCorrect = new Set<string>();
    let noOpWritesLost = 0;
    for (const task of tasks) {
      expect(task.steps.map((step) => step.call)).toEqual(task.groundTruth);
      const changes = changingCalls(task.groundTruth);
      const lost = task.steps.filter((step, index) => WRITES.has(step.tool) && step.fault?.kind === "transient" && changes[index]);
      if (lost.length === 0) expectedCorrect.add(task.key);
      noOpWritesLost += task.steps.filter((step, index) => WRITES.has(step.tool) && step.fault?.kind === "transient" && !changes[index]).length;
    }
    // This seed makes the no-op exception real (crm/032), so the test shows it is needed.
    expect(noOpWritesLost).toBeGreaterThan(0);
    const correct = new Set(tasks.filter((task) => task.correct).map((task) => task.key));
    expect([...correct].sort()).toEqual([...expectedCorrect].sort());
    expect(correct.size).toBeLessThan(690);

    const robustness = await getRunRobustness({ runId });
    const recovered = tasks.filter((task) => task.correct).reduce((sum, task) => sum + task.steps.filter((step) => step.fault).length, 0);
    expect(robustness?.measures.faults).toBe(faults);
    expect(robustness?.measures.recovery).toMatchObject({ count: recovered, of: faults });
    // The oracle never repeats a call: no blind retry.
    expect(robustness?.measures.blindRetry.count).toBe(0);
    // Every wrong answer of the oracle follows an injected fault, and its primary cause says so.
    const { wrong, causes } = await getRunExplanation(context.db, runId);
    expect(wrong).toBe(690 - correct.size);
    expect(causes.find((cause) => cause.id === "after_injected_fault")?.count).toBe(wrong);
  });

  test("the retrying oracle is correct except where a blind retry duplicated a write; the measures match", async () => {
    const { runId, tasks } = await runToEnd("oracle-retry");
    expectScheduleFollowed(tasks);
    let ambiguousWrites = 0;
    let duplicates = 0;
    for (const task of tasks) {
      // Walk the ground truth: each call is attempted until its answer is not a service error.
      let cursor = 0;
      let expectCorrect = true;
      let duplicateAddsRow = false;
      for (const call of task.groundTruth) {
        let ran = 0;
        for (let attempt = 1; attempt <= ORACLE_RETRY_ATTEMPTS; attempt++) {
          const step = task.steps[cursor++];
          expect(step?.call, `${task.key}: attempt ${attempt} of ${call}`).toBe(call);
          if (!step) break;
          if (step.fault?.kind !== "transient") ran++;
          if (WRITES.has(step.tool) && step.fault?.kind === "ambiguous") {
            ambiguousWrites++;
            if (task.steps.slice(cursor).some((later) => later.call === call && later.fault?.kind !== "transient")) duplicates++;
          }
          if (!isServiceError(step)) break;
        }
        const tool = call.split(".func(")[0] ?? call;
        if (!WRITES.has(tool)) continue;
        if (ran === 0) expectCorrect = false; // every attempt was refused: the write never happened
        if (ran > 1 && ADDS_A_ROW.test(tool)) duplicateAddsRow = true;
      }
      expect(cursor, `${task.key}: no step beyond its attempts`).toBe(task.steps.length);
      if (duplicateAddsRow) {
        expect(task, `${task.key}: a duplicated write is wrong with a side effect`).toMatchObject({ correct: false, sideEffects: true });
      } else if (expectCorrect) {
        expect(task.correct, `${task.key}: every write ran exactly once (or a repeat changed nothing)`).toBe(true);
      }
    }
    expect(ambiguousWrites).toBeGreaterThan(0);

    const robustness = await getRunRobustness({ runId });
    expect(robustness?.measures.blindRetry).toMatchObject({ count: duplicates, of: ambiguousWrites });
    // Every ambiguous fault on a write was retried blindly, unless the retry itself drew a transient fault and the next one failed again.
    expect(duplicates).toBeGreaterThan(0);
  });

  test("a faulted run is a configuration of its own: clean and faulted oracles are separate rows of the board", async () => {
    const clean = await launchRun({ agent: "oracle", concurrency: 16 }, context);
    expect(await waitForRun(context.db, clean.runId, 600_000)).toMatchObject({ status: "completed" });
    const faulted = await context.db.run.findFirstOrThrow({ where: { agent: "oracle", params: { path: ["faultRate"], equals: FAULTS.faultRate } }, select: { correctCount: true, tasksDone: true } });
    const { rows } = await getConfigLeaderboard({ agent: "oracle", groundTruth: "v1", sort: "passAt1", direction: "desc" });
    const byRate = new Map(rows.map((row) => [row.faultRate, row]));
    expect(byRate.get(null)).toMatchObject({ correct: byRate.get(null)?.results, faultRate: null });
    expect(byRate.get(FAULTS.faultRate)).toMatchObject({ faultRate: 0.2, runs: 1, results: faulted.tasksDone, correct: faulted.correctCount });
    expect(byRate.get(FAULTS.faultRate)?.key).not.toBe(byRate.get(null)?.key);
  });
});

