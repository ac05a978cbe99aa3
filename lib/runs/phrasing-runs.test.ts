// Reworded runs without a database: what a launch asks for (one phrasing, all three, a sweep's phrasings
// dimension), the tasks it keeps and the ones it leaves out with the reason, and the swap the worker makes
// (the agent is handed the worded text; the key, ground truth and verdict are the task's own).
import { describe, expect, test } from "vitest";
import { loadDataset } from "@/lib/workbench/datasets";
import { resolveDataRoot } from "@/lib/workbench/datasets/data-dir";
import { testDataDir } from "@/lib/workbench/test-support/data-dir";
import { TEST_ENGINE } from "@/lib/workbench/test-support/agent-deps";
import { PHRASINGS, phraseTasks, templateWordings, type Phrasing } from "@/lib/workbench/datasets/phrasings";
import type { Dataset, Task } from "@/lib/workbench/datasets/types";
import { createAgent } from "@/lib/workbench/agents";
import { buildReactHumanMessage } from "@/lib/workbench/agents/react-prompt";
import { toolsForTask } from "@/lib/workbench/agents/tool-call";
import { createSandbox } from "@/lib/workbench/sandbox/sandbox";
import { createProtocolEvaluator, getProtocol } from "@/lib/workbench/protocols";
import { createModelForEndpoint } from "@/lib/providers";
import { startMockProvider } from "@/lib/mock-provider";
import { executeTask } from "./execute-task";
import { wordedVersion, type VersionContext } from "./run-context";
import { describeLeftOut, sharedPhrasedKeys } from "./launch";
import { launchRunInputSchema } from "./launch-input";
import { allPhrasingsSweep, MAX_SWEEP_RUNS, sweepRequestSchema } from "./sweep";

const root = resolveDataRoot(testDataDir());
const v1 = await loadDataset(root, "v1");
const v2026 = await loadDataset(root, "v2026");
const wordings = templateWordings(v1.tasks);
const worded = (dataset: Dataset, phrasing: Phrasing) => phraseTasks(dataset.tasks, phrasing, wordings);
const textsOf = (tasks: readonly Task[]) => new Map(tasks.map((task) => [task.key, task.text]));

describe("what a launch asks for", () => {
  test("a run takes one phrasing; `all` is not a run's setting (it is launched as three runs)", () => {
    for (const phrasing of PHRASINGS) expect(launchRunInputSchema.parse({ agent: "oracle", phrasing }).phrasing).toBe(phrasing);
    expect(launchRunInputSchema.parse({ agent: "oracle" }).phrasing).toBe("original");
    for (const refused of ["all", "alt-3", "Original", ""]) {
      const parsed = launchRunInputSchema.safeParse({ agent: "oracle", phrasing: refused });
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]).toMatchObject({ path: ["phrasing"], message: "Phrasing is original, alt-1 or alt-2" });
    }
  });

  test("`all` is a sweep of the one configuration at its one fault rate over the three phrasings, no clean run added", () => {
    const { sweep, base } = allPhrasingsSweep({ agent: "tools", endpoint: "mock", model: "oracle", faultRate: "0.1", limit: 20, trials: 3 });
    expect(sweep).toEqual({ name: "tools · oracle in every phrasing", variants: [{ agent: "tools", endpoint: "mock", model: "oracle" }], faultRates: [0.1], clean: false, phrasings: [...PHRASINGS] });
    expect(base).toEqual({ limit: 20, trials: 3 });
    const parsed = sweepRequestSchema.parse(sweep);
    expect(parsed.variants.length * parsed.faultRates.length * parsed.phrasings.length).toBe(3);
    // A name given is the sweep's; the older --provider stands for --endpoint.
    expect(allPhrasingsSweep({ agent: "react", provider: "mock", model: "m", name: " mine " }).sweep).toMatchObject({ name: "mine", variants: [{ agent: "react", endpoint: "mock", model: "m" }], faultRates: [0] });
  });

  test("a sweep's phrasings: the tasks as written by default, any order given comes back in PHRASINGS order, and the grid counts them", () => {
    expect(sweepRequestSchema.parse({ variants: [{ agent: "oracle" }], faultRates: [0] }).phrasings).toEqual(["original"]);
    expect(sweepRequestSchema.parse({ variants: [{ agent: "oracle" }], faultRates: [0], phrasings: ["alt-2", "original", "alt-2"] }).phrasings).toEqual(["original", "alt-2"]);
    const refused = sweepRequestSchema.safeParse({ variants: [{ agent: "oracle" }], faultRates: [0], phrasings: ["alt-9"] });
    expect(refused.error?.issues[0]?.message).toBe("A phrasing is original, alt-1 or alt-2");
    expect(sweepRequestSchema.safeParse({ variants: [{ agent: "oracle" }], faultRates: [0], phrasings: [] }).error?.issues[0]?.message).toBe("At least one phrasing");
    // 4 agents × (0, 0.1, 0.2) × 3 phrasings = 36 runs: over the limit; × 2 phrasings = 24: within.
    const variants = ["oracle", "oracle-retry", "noop", "react"].map((agent) => ({ agent }));
    const tooMany = sweepRequestSchema.safeParse({ variants, faultRates: [0.1, 0.2], phrasings: [...PHRASINGS] });
    expect(4 * 3 * 3).toBeGreaterThan(MAX_SWEEP_RUNS);
    expect(tooMany.error?.issues[0]?.message).toBe(`A sweep makes at most ${MAX_SWEEP_RUNS} runs (agents × fault rates × phrasings)`);
    expect(sweepRequestSchema.safeParse({ variants, faultRates: [0.1, 0.2], phrasings: ["original", "alt-1"] }).success).toBe(true);
  });
});

describe("the tasks a reworded launch keeps", () => {
  test("v1: every task has every phrasing, none is left out", () => {
    const { keys, leftOut } = sharedPhrasedKeys((["alt-1", "alt-2"] as const).map((phrasing) => ({ ...worded(v1, phrasing), texts: textsOf(worded(v1, phrasing).tasks) })));
    expect(keys.size).toBe(v1.tasks.length);
    expect(leftOut).toBeUndefined();
  });

  test("v2026: the revised tasks are left out, counted once, with the reason, and the kept ones are those worded both ways", () => {
    const alt1 = worded(v2026, "alt-1");
    const alt2 = worded(v2026, "alt-2");
    const { keys, leftOut } = sharedPhrasedKeys([alt1, alt2].map((found) => ({ ...found, texts: textsOf(found.tasks) })));
    const both = v2026.tasks.filter((task) => alt1.tasks.some((one) => one.key === task.key) && alt2.tasks.some((two) => two.key === task.key));
    expect([...keys].sort()).toEqual(both.map((task) => task.key).sort());
    const revised = v2026.tasks.filter((task) => !keys.has(task.key));
    expect(revised.length).toBeGreaterThan(0);
    expect(leftOut?.count).toBe(revised.length);
    expect(leftOut?.reasons.reduce((sum, reason) => sum + reason.count, 0)).toBe(revised.length);
    // The task's own phrasing, quoted in each reason, is grouped out: one kind of reason.
    expect(leftOut?.reasons.map((reason) => reason.reason)).toEqual(["its text matches none of its template's known wordings"]);
    expect(describeLeftOut(leftOut!)).toBe(`${revised.length} tasks left out, with no such wording: its text matches none of its template's known wordings (${revised.length}, e.g. ${leftOut?.reasons[0]?.example})`);
  });

  test("a dataset none of whose tasks has the wording keeps none (the launch refuses it)", () => {
    const unphrased = v1.tasks.slice(0, 4).map((task) => ({ key: task.key, reason: "a generated dataset's tasks have no paraphrases (only the official tasks do)" }));
    const { keys, leftOut } = sharedPhrasedKeys([{ texts: new Map(), unphrased }]);
    expect(keys.size).toBe(0);
    expect(leftOut).toMatchObject({ count: 4, reasons: [{ count: 4, reason: "a generated dataset's tasks have no paraphrases (only the official tasks do)" }] });
  });
});

describe("the worker's swap", () => {
  const context: VersionContext = { dataset: v1, scorer: createProtocolEvaluator({ dataset: v1 }), tasksByKey: new Map(v1.tasks.map((task) => [task.key, task])) };
  const alt1 = worded(v1, "alt-1");
  const swapped = wordedVersion(context, textsOf(alt1.tasks));

  test("each task's text is its alt-1 wording; key, domain, ground truth, templates and toolkits are the task's own", () => {
    expect(swapped.tasksByKey.size).toBe(v1.tasks.length);
    for (const task of v1.tasks) {
      const seen = swapped.tasksByKey.get(task.key);
      const wording = alt1.tasks.find((one) => one.key === task.key);
      expect(seen?.text).toBe(wording?.text);
      expect(seen?.text).not.toBe(task.text);
      expect({ ...seen, text: task.text }).toEqual(task);
    }
    // The mock model's dataset is the worded one, in the version's order.
    expect(swapped.dataset.tasks.map((task) => task.key)).toEqual(v1.tasks.map((task) => task.key));
    expect(swapped.dataset.sandbox).toBe(v1.sandbox);
    // The ReAct prompt is built from the task it is handed.
    const first = swapped.tasksByKey.get(v1.tasks[0]!.key)!;
    expect(buildReactHumanMessage(first.text, [])).toContain(first.text);
  });

  test("a task without a wording is not in the worded version", () => {
    const some = new Map([...textsOf(alt1.tasks)].slice(0, 5));
    expect([...wordedVersion(context, some).tasksByKey.keys()]).toEqual([...some.keys()]);
  });

  // The scripted oracle model, served over HTTP on the tasks as written, sees every request's messages.
  const run = (task: Task, baseUrl: string) =>
    executeTask(task, {
      agent: createAgent("tools"),
      sandbox: createSandbox(v1.sandbox),
      tools: toolsForTask(getProtocol("2024").tools, "all", task),
      sink: { record: async () => undefined },
      engine: TEST_ENGINE,
      scorer: context.scorer,
      timeoutMs: 30_000,
      model: createModelForEndpoint({ endpoint: "mock", model: "oracle", baseUrl }),
      temperature: 0,
      maxSteps: 20,
    });
  const sample = v1.tasks.filter((one, index) => index % 97 === 5 && one.groundTruth.length > 0);

  test("a model agent is sent the worded text, and is scored on the task's own ground truth", async () => {
    const sent: string[] = [];
    const mock = await startMockProvider({
      dataset: v1,
      behaviour: "oracle",
      onRequest: (body) => {
        const first = (body.messages as { role: string; content: unknown }[]).find((message) => message.role === "user");
        if (first && typeof first.content === "string") sent.push(first.content);
      },
    });
    try {
      expect(sample.length).toBeGreaterThan(3);
      for (const task of sample) {
        sent.length = 0;
        const worded = swapped.tasksByKey.get(task.key)!;
        const execution = await run(worded, mock.url);
        expect(new Set(sent)).toEqual(new Set([worded.text]));
        expect(execution.verdict.correct).toBe(true);
      }
    } finally {
      await mock.close();
    }
  });
});
