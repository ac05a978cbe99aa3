// The confidence turn through the real launch and worker path, on the built-in mock endpoint whose
// scripted model answers the question from a per-task script (lib/mock-provider/confidence.ts): every
// result stores the scripted confidence, Brier score and AUROC from calibration() equal a recount written
// out here, the turn's tokens are in the run's usage. And off by default: a run launched without the
// setting and one launched with it false store the same steps, calls, answers, usage and params, with no
// confidence anywhere, and the prompt hash is the same whether it is on or off.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, waitForRun, type RunsTestContext } from "../test-support/db";
import { ZodError } from "zod";
import { launchRun } from "./launch";
import { launchSweep } from "./sweep";
import type { LaunchRunRequest } from "./launch-input";
import { startWorker, type WorkerHandle } from "./worker";
import { calibration } from "@/lib/metrics/reliability";

let context: RunsTestContext;
let worker: WorkerHandle;
const launched: string[] = [];

beforeAll(async () => {
  context = await setUpRunsTest();
  worker = await startWorker({ db: context.db, concurrency: 4, idlePollMs: 100, log: () => undefined });
});

afterAll(async () => {
  await worker?.stop();
  // Mock runs of this file only: other files count runs and results.
  if (context) await context.db.run.deleteMany({ where: { id: { in: launched } } });
  await tearDownRunsTest(context);
});

/**
 * Ten project-management tasks (000–009) with the `noop` mock behaviour on the tools agent: a task that
 * needs no action is right, the others wrong. A configuration of this file's own (seed 9101).
 */
const RUN: LaunchRunRequest = { agent: "tools", endpoint: "mock", model: "noop", domains: ["project_management"], limit: 10, sample: "first", seed: 9101, concurrency: 4 };

/** The mock's script, written out again: task number n answers reply n mod 6, read as this (null: no number). */
const SCRIPTED: readonly (number | null)[] = [0.9, 0.75, 0.4, 1, 0.2, null];

async function completedRun(request: Partial<LaunchRunRequest>) {
  const { runId } = await launchRun({ ...RUN, ...request }, context);
  launched.push(runId);
  const run = await waitForRun(context.db, runId, 120_000);
  expect(run.status).toBe("completed");
  const results = await context.db.taskResult.findMany({
    where: { runId },
    orderBy: { taskId: "asc" },
    include: { task: { select: { key: true } }, steps: { orderBy: { index: "asc" } } },
  });
  return { run: await context.db.run.findUniqueOrThrow({ where: { id: runId } }), results };
}

/** What a run stores that must not depend on the setting being absent or false (no ids, times or names). */
function stored(result: Awaited<ReturnType<typeof completedRun>>) {
  const { run, results } = result;
  return {
    run: {
      params: run.params, promptHash: run.promptHash, agent: run.agent, model: run.model, toolSet: run.toolSet,
      tasksDone: run.tasksDone, correctCount: run.correctCount, errorCount: run.errorCount,
      inputTokens: run.inputTokens, outputTokens: run.outputTokens, costUsd: run.costUsd, retries: run.retries,
    },
    results: results.map((row) => ({
      task: row.task.key, calls: row.calls, correct: row.correct, sideEffects: row.sideEffects, exactMatch: row.exactMatch,
      error: row.error, errorKind: row.errorKind, finalAnswer: row.finalAnswer, inputTokens: row.inputTokens, outputTokens: row.outputTokens,
      costUsd: row.costUsd, retries: row.retries, diff: row.diff, diagnostics: row.diagnostics, confidence: row.confidence,
      steps: row.steps.map(({ id: _id, resultId: _result, latencyMs: _latency, createdAt: _created, ...step }) => step),
    })),
  };
}

describe("the confidence turn", () => {
  test("each result stores the scripted confidence; Brier and AUROC equal a recount; the turn's tokens are the run's", async () => {
    const on = await completedRun({ askConfidence: true });
    const off = await completedRun({});
    expect(on.run.params).toMatchObject({ askConfidence: true });
    expect(on.results).toHaveLength(10);

    for (const row of on.results) {
      const expected = SCRIPTED[Number(row.task.key.split("/")[1]) % SCRIPTED.length];
      expect(row.confidence, row.task.key).toBe(expected);
      expect(row.status).toBe("done");
      // The trace: the task's turn, its final answer, then the confidence turn with the reply whole.
      expect(row.steps.map((step) => step.kind), row.task.key).toEqual(["model", "final", "confidence"]);
      expect(row.steps[2]?.errorKind).toBeNull();
      if (expected === null) expect(row.steps[2]?.text).toBe("I cannot tell.");
      // Each result's tokens are its turns' (the confidence turn's included).
      const turns = row.steps.filter((step) => step.kind === "model" || step.kind === "confidence");
      expect(row.inputTokens).toBe(turns.reduce((sum, step) => sum + (step.inputTokens ?? 0), 0));
      expect(row.outputTokens).toBe(turns.reduce((sum, step) => sum + (step.outputTokens ?? 0), 0));
    }

    // The verdicts are those of the run without the turn: it comes after the final answer.
    expect(on.results.map((row) => [row.task.key, row.correct, row.calls])).toEqual(off.results.map((row) => [row.task.key, row.correct, row.calls]));

    // The recount, over the results with a confidence (a reply without a number has none).
    const pairs = on.results.flatMap((row) => (row.confidence === null ? [] : [{ confidence: row.confidence, correct: row.correct === true }]));
    expect(pairs.length).toBe(on.results.filter((row) => row.confidence !== null).length);
    const right = pairs.filter((pair) => pair.correct);
    const wrong = pairs.filter((pair) => !pair.correct);
    expect(right.length).toBeGreaterThan(0);
    expect(wrong.length).toBeGreaterThan(0);
    let squares = 0;
    for (const pair of pairs) squares += (pair.confidence - (pair.correct ? 1 : 0)) ** 2;
    const brier = squares / pairs.length;
    let ranked = 0;
    for (const r of right) for (const w of wrong) ranked += r.confidence > w.confidence ? 1 : r.confidence === w.confidence ? 0.5 : 0;
    const aurocRecount = ranked / (right.length * wrong.length);
    const measured = calibration(pairs);
    expect(measured.answers).toBe(pairs.length);
    expect(measured.brier).toBeCloseTo(brier, 12);
    expect(measured.auroc).toBeCloseTo(aurocRecount, 12);

    // Usage: the task's own turns are those of the run without the setting; the rest is the confidence turns'.
    const confidenceSteps = on.results.flatMap((row) => row.steps.filter((step) => step.kind === "confidence"));
    const confidenceInput = confidenceSteps.reduce((sum, step) => sum + (step.inputTokens ?? 0), 0);
    const confidenceOutput = confidenceSteps.reduce((sum, step) => sum + (step.outputTokens ?? 0), 0);
    expect(confidenceInput).toBeGreaterThan(0);
    expect(on.run.inputTokens).toBe(off.run.inputTokens + confidenceInput);
    expect(on.run.outputTokens).toBe(off.run.outputTokens + confidenceOutput);
    expect(on.run.inputTokens).toBe(on.results.reduce((sum, row) => sum + row.inputTokens, 0));
    // What the model is shown for the task is unchanged.
    expect(on.run.promptHash).toBe(off.run.promptHash);
  });

  test("off by default: absent and false store the same steps, calls, answers, usage and params, and no confidence", async () => {
    const absent = stored(await completedRun({}));
    const off = stored(await completedRun({ askConfidence: false }));
    expect(off).toEqual(absent);
    expect(absent.run.params).not.toHaveProperty("askConfidence");
    expect(absent.results.every((row) => row.confidence === null)).toBe(true);
    expect(absent.results.flatMap((row) => row.steps).some((step) => step.kind === "confidence")).toBe(false);
    expect(absent.results.every((row) => row.steps.map((step) => step.kind).join() === "model,final")).toBe(true);
  });

  test("an agent without a model is refused with the reason, and nothing is stored", async () => {
    const before = await context.db.run.count();
    const error = await launchRun({ agent: "oracle", limit: 1, askConfidence: true }, context).catch((failure: unknown) => failure);
    // The launch input's refusal, as for any invalid field (the form and the CLI name the field from its path).
    expect(error).toBeInstanceOf(ZodError);
    expect((error as ZodError).issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["askConfidence", "The confidence turn asks a model: the oracle agent has none (only react, tools, workbench-2026 can be asked)"],
    ]);
    expect(await context.db.run.count()).toBe(before);
  });

  test("a sweep asks the model agents only: its reference agents run as without the setting", async () => {
    const sweep = await launchSweep(
      { variants: [{ agent: "oracle" }, { agent: "tools", endpoint: "mock", model: "noop" }], faultRates: [0], clean: false },
      { limit: 2, seed: 9102, sample: "first", domains: ["project_management"], askConfidence: true },
      context,
    );
    launched.push(...sweep.runs.map((run) => run.runId));
    const runs = await context.db.run.findMany({ where: { id: { in: sweep.runs.map((run) => run.runId) } }, select: { agent: true, params: true } });
    const byAgent = Object.fromEntries(runs.map((run) => [run.agent, run.params as Record<string, unknown>]));
    expect(byAgent.oracle).not.toHaveProperty("askConfidence");
    expect(byAgent.tools).toMatchObject({ askConfidence: true });
    for (const run of sweep.runs) await waitForRun(context.db, run.runId, 120_000);
  });
});
