// The primary-cause rules checked against their own descriptions on stored data:
//   - a planted launched run with one wrong answer per rule, built from real v1 tasks' ground truths,
//     gets exactly one answer per cause through the product's read path (getRunExplanation);
//   - over the paper's 8 imported runs, every "wrong value" answer made a write of a tool the ground
//     truth expects with an argument the ground truth does not have: recounted here from the stored
//     tool steps (not the scorer's call lists) and the task's ground truth, by plain string rules.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { storedPrimaryCause, type StoredAnswer } from "@/lib/metrics/primary-causes";
import { PRIMARY_CAUSE_RULES } from "@/lib/workbench/analysis/primary-cause";
import { CONTEXT_WINDOW_MESSAGE, ITERATION_LIMIT_MESSAGE } from "@/lib/workbench/core/v1-error-wording";
import { getRunExplanation, loadStoredAnswers } from "./primary-causes";

let context: RunsTestContext;
let paperRunIds: string[];

beforeAll(async () => {
  context = await setUpRunsTest();
  const imported = await importRecordedResults(context.db, { resultsPath: path.join(DATA_DIR, "v1/data/results"), groundTruth: "v1" });
  paperRunIds = imported.map((run) => run.runId);
}, 600_000);

afterAll(async () => {
  await tearDownRunsTest(context);
});

/** The stored answers carry their result's id (loadStoredAnswers selects it). */
type WithId = StoredAnswer & { id: string };

/** "calendar.delete_event" of `calendar.delete_event.func(event_id="1")`. */
const toolOf = (call: string) => /^\s*([A-Za-z_]+\.[A-Za-z_]+)\.func\(/.exec(call)?.[1] ?? null;
/** A call as compared here: lowercased, without whitespace or quote style. */
const plain = (call: string) => call.toLowerCase().replace(/\s+/g, "").replaceAll("'", '"');

describe("every cause rule holds on a planted answer", () => {
  test("one planted wrong answer per rule, on real tasks: each counted under its rule, once", async () => {
    const v1 = await context.db.groundTruthVersion.findFirstOrThrow({ where: { name: "v1", dataset: { slug: "workbench" }, supersededAt: null } });
    const tasks = await context.db.task.findMany({ where: { versionId: v1.id }, select: { id: true, groundTruth: true }, orderBy: { key: "asc" } });
    const pick = (what: string, holds: (gt: readonly string[]) => boolean) => {
      const task = tasks.find((candidate) => holds(candidate.groundTruth));
      if (!task) throw new Error(`no v1 task with ${what}`);
      return task;
    };
    const single = (tool: string) => (gt: readonly string[]) => gt.length === 1 && toolOf(gt[0]!) === tool;
    const noAction = pick("no action", (gt) => gt.length === 0);
    const withWrite = pick("one write", (gt) => gt.length === 1);
    const deleteEvent = pick("one delete_event", single("calendar.delete_event"));
    const sendEmail = pick("one send_email", single("email.send_email"));
    const plots = pick("plots ending 2023-11-29", (gt) => gt.length > 0 && gt.every((call) => call.includes("2023-11-29")));
    const search = 'calendar.search_events.func(query="nobody")';
    const otherEvent = deleteEvent.groundTruth[0]!.replace(/event_id="(\d+)"/, (_, id: string) => `event_id="${String(Number(id) + 1).padStart(id.length, "0")}"`);
    const otherRecipient = sendEmail.groundTruth[0]!.replace(/recipient="[^"]*"/, 'recipient="someone@example.com"');
    expect(otherEvent).not.toBe(deleteEvent.groundTruth[0]);
    expect(otherRecipient).not.toBe(sendEmail.groundTruth[0]);

    const planted: Record<string, { taskId: string; calls: string[]; error?: string; errorKind?: string; fault?: boolean }> = {
      context_window: { taskId: withWrite.id, calls: [], error: CONTEXT_WINDOW_MESSAGE, errorKind: "context_window" },
      step_limit: { taskId: withWrite.id, calls: [search], error: ITERATION_LIMIT_MESSAGE, errorKind: "iteration_limit" },
      react_format: { taskId: withWrite.id, calls: [], error: "Could not parse LLM output", errorKind: "format" },
      run_error: { taskId: withWrite.id, calls: [search], error: "KeyError: 'event_id'", errorKind: "tool" },
      after_injected_fault: { taskId: withWrite.id, calls: [search], fault: true },
      no_action: { taskId: withWrite.id, calls: [] },
      end_date_off_by_one: { taskId: plots.id, calls: plots.groundTruth.map((call) => call.replaceAll("2023-11-29", "2023-11-30")) },
      wrong_target: { taskId: deleteEvent.id, calls: [search, otherEvent] },
      wrong_value: { taskId: sendEmail.id, calls: [otherRecipient] },
      extra_write: { taskId: noAction.id, calls: [deleteEvent.groundTruth[0]!] },
      missing_write: { taskId: withWrite.id, calls: [search] },
      other: { taskId: withWrite.id, calls: withWrite.groundTruth },
    };
    expect(Object.keys(planted)).toEqual(PRIMARY_CAUSE_RULES.map((rule) => rule.id));

    const run = await context.db.run.create({
      data: {
        name: "planted causes", source: "launched", agent: "replay", toolSet: "all", status: "completed", groundTruth: "v1", protocol: "2024",
        datasetId: v1.datasetId, versionId: v1.id, params: { faultRate: 0.2 }, testRun: true,
      },
    });
    try {
      let trial = 0;
      for (const answer of Object.values(planted)) {
        // Trials keep several answers on one task apart.
        const result = await context.db.taskResult.create({
          data: { runId: run.id, taskId: answer.taskId, trial: trial++, status: "done", correct: false, calls: answer.calls, error: answer.error ?? null, errorKind: answer.errorKind ?? null, finishedAt: new Date() },
        });
        if (answer.fault) {
          await context.db.step.create({ data: { resultId: result.id, index: 0, kind: "tool", tool: "calendar.search_events", call: search, ok: true, fault: { kind: "transient", ordinal: 0 } } });
        }
      }
      const explanation = await getRunExplanation(context.db, run.id);
      expect(explanation.wrong).toBe(PRIMARY_CAUSE_RULES.length);
      expect(Object.fromEntries(explanation.causes.map((cause) => [cause.id, cause.count]))).toEqual(Object.fromEntries(PRIMARY_CAUSE_RULES.map((rule) => [rule.id, 1])));
    } finally {
      await context.db.run.delete({ where: { id: run.id } });
    }
  });
});

describe("'wrong value' over the paper's 8 runs", () => {
  test("every 'wrong value' answer made a write of an expected tool with an argument the ground truth lacks (recounted from its steps)", async () => {
    const runs = await context.db.run.findMany({ where: { id: { in: paperRunIds } }, select: { id: true, source: true, model: true, toolSet: true } });
    expect(runs).toHaveLength(8);
    const answers = [...(await loadStoredAnswers(context.db, runs)).values()].flat() as WithId[];
    const wrongValue = answers.filter((answer) => storedPrimaryCause(answer) === "wrong_value").map((answer) => answer.id);
    expect(wrongValue.length).toBeGreaterThan(0);

    // The recount, by multiset of call texts: the result's tool steps that did not raise (ok is not false)
    // include a call of some tool T beyond what the ground truth has of it, while a ground-truth call of T
    // is made fewer times than the ground truth has it: a write of an expected tool with another argument
    // (the same plot twice where the ground truth plots two values counts: the second has the wrong value).
    const steps = await context.db.step.findMany({
      where: { resultId: { in: wrongValue }, kind: "tool", ok: { not: false } },
      select: { resultId: true, call: true },
    });
    const truths = await context.db.taskResult.findMany({ where: { id: { in: wrongValue } }, select: { id: true, task: { select: { groundTruth: true } } } });
    const madeBy = new Map<string, string[]>();
    for (const step of steps) if (step.call !== null) madeBy.set(step.resultId, [...(madeBy.get(step.resultId) ?? []), step.call]);
    const tally = (calls: readonly string[]) => {
      const counts = new Map<string, number>();
      for (const call of calls) counts.set(plain(call), (counts.get(plain(call)) ?? 0) + 1);
      return counts;
    };
    const withWrongWrite = new Set(
      truths
        .filter(({ id, task }) => {
          const made = tally(madeBy.get(id) ?? []);
          const expected = tally(task.groundTruth);
          const beyond = [...made].filter(([call, n]) => n > (expected.get(call) ?? 0)).map(([call]) => toolOf(call));
          const short = [...expected].filter(([call, n]) => n > (made.get(call) ?? 0)).map(([call]) => toolOf(call));
          return beyond.some((tool) => tool !== null && short.includes(tool));
        })
        .map(({ id }) => id),
    );
    const lacking = wrongValue.filter((id) => !withWrongWrite.has(id));
    expect(lacking).toEqual([]);
  });

  test("the Fig. 6 wrong-email tag alone is no write: GPT-4's tagged answers include some without any write, none of them 'wrong value'", async () => {
    const gpt4 = await context.db.run.findFirstOrThrow({ where: { id: { in: paperRunIds }, model: "gpt-4", toolSet: "all" }, select: { id: true, source: true } });
    const answers = ((await loadStoredAnswers(context.db, [gpt4])).get(gpt4.id) ?? []) as WithId[];
    const tagged = answers.filter((answer) => answer.correct !== true && (answer.diagnostics as { wrongEmail?: boolean } | null)?.wrongEmail === true);
    const writes = await context.db.step.groupBy({ by: ["resultId"], where: { resultId: { in: tagged.map((answer) => answer.id) }, kind: "tool", ok: { not: false }, tool: { in: WRITE_TOOLS } }, _count: { _all: true } });
    const wrote = new Set(writes.map((row) => row.resultId));
    const withoutWrite = tagged.filter((answer) => !wrote.has(answer.id));
    // The finding (69 of 152 GPT-4 "wrong value" answers wrote nothing) stands on the stored data...
    expect(withoutWrite.length).toBeGreaterThan(0);
    // ...and none of those is a "wrong value" any more.
    expect(withoutWrite.filter((answer) => storedPrimaryCause(answer) === "wrong_value")).toEqual([]);
  });
});

/** The 14 tools with side effects (WORKBENCH-REFERENCE.md), written out here rather than imported. */
const WRITE_TOOLS = [
  "calendar.create_event", "calendar.delete_event", "calendar.update_event",
  "email.send_email", "email.delete_email", "email.forward_email", "email.reply_email",
  "analytics.create_plot",
  "project_management.create_task", "project_management.delete_task", "project_management.update_task",
  "customer_relationship_manager.update_customer", "customer_relationship_manager.add_customer", "customer_relationship_manager.delete_customer",
];
