// The configuration board reads ConfigSummary (one row per configuration and provider, kept by triggers:
// migration config_summary), never one row per run. Here varied runs are written straight to Run and
// TaskResult (launched and recorded, with and without usage or price, provider failures, a partial
// run, runs without a ground-truth version of their own, a run in progress), and after each write
// (new verdicts, a re-score to another scoring revision, a deletion) the board is compared with a
// recomputation from those raw rows by the stated rule, written here:
//   - a configuration pools its counted runs (completed or recorded) that have verdicts, grouped by
//     (dataset, ground truth @ revision, protocol, scoring revision, model, agent, tool set); a run
//     without a version of its own counts under its ground truth's latest version;
//   - results are the done verdicts that did not fail at the provider (recorded runs: all done ones);
//   - coverage: the most tasks one run covered (its verdicts over its trials, per domain) over the
//     version's tasks, also under a domain filter (a full run stays full on each domain); cost: unknown when any pooled run's is (recorded without usage nor estimate,
//     `priceUnknown`, or $0 recorded for measured tokens of a model without a price); a domain filter
//     keeps the runs with verdicts there and gives each the domain's share of its cost and tokens;
//   - pass^k: per task, the configuration's scored trials pooled over its runs.
// Model names are unique to this file, so other db test files' runs (same database) never mix in.
import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { configKey } from "@/lib/metrics/config-leaderboard";
import { passHatKEstimate } from "@/lib/metrics/trial-consistency";
import { PROVIDER_FAILURE_KINDS } from "@/lib/runs/run-outcome";
import { findPrice, loadPriceTable } from "@/lib/providers";
import { rebuildAllRunAggregates } from "@/lib/runs/run-tally";
import { getConfigLeaderboard, getConfiguration } from "./config-leaderboard";

let context: RunsTestContext;
const TAG = randomUUID().slice(0, 8);
const model = (name: string) => `${name}-cfgsum-${TAG}`;

beforeAll(async () => {
  context = await setUpRunsTest();
});

afterAll(async () => {
  await tearDownRunsTest(context);
});

interface Verdict {
  readonly task: number;
  readonly trial?: number;
  readonly correct: boolean;
  readonly sideEffects?: boolean;
  readonly provider?: boolean;
  readonly status?: "done" | "pending";
}

interface RunSpec {
  readonly model: string | null;
  readonly agent?: string;
  readonly provider?: string | null;
  readonly source?: "launched" | "imported";
  readonly status?: "completed" | "running" | "failed";
  readonly versioned?: boolean;
  readonly revision?: string;
  readonly trials?: number;
  readonly tokens?: number;
  readonly costUsd?: number;
  readonly estimatedCostUsd?: number;
  readonly priceUnknown?: boolean;
  readonly minutes: number;
  readonly verdicts: readonly Verdict[];
}

let tasks: { id: string; domain: string }[] = [];
let version: { id: string; taskCount: number };
let dataset: { id: string; slug: string };

async function writeRun(spec: RunSpec): Promise<string> {
  const run = await context.db.run.create({
    data: {
      name: `cfgsum ${spec.model ?? spec.agent}`, datasetId: dataset.id, groundTruth: "v1", versionId: spec.versioned === false ? null : version.id,
      protocol: "2024", scoringRevision: spec.revision ?? "2024", source: spec.source ?? "launched", agent: spec.agent ?? (spec.source === "imported" ? "recorded" : "react"),
      provider: spec.provider === undefined ? "openai" : spec.provider, model: spec.model, toolSet: "all",
      params: spec.priceUnknown ? { priceUnknown: true } : {}, status: spec.status ?? "completed", trials: spec.trials ?? 1,
      inputTokens: Math.floor((spec.tokens ?? 0) / 2), outputTokens: Math.ceil((spec.tokens ?? 0) / 2), costUsd: spec.costUsd ?? 0,
      ...(spec.estimatedCostUsd !== undefined ? { estimatedCostUsd: spec.estimatedCostUsd, estimatedInputTokens: 300, estimatedOutputTokens: 100 } : {}),
      // In the past: other files' checks page through the newest runs.
      createdAt: new Date(Date.UTC(2020, 0, 1, 0, spec.minutes)),
    },
  });
  await addVerdicts(run.id, spec.verdicts);
  return run.id;
}

async function addVerdicts(runId: string, verdicts: readonly Verdict[]): Promise<void> {
  await context.db.taskResult.createMany({
    data: verdicts.map((verdict) => ({
      runId, taskId: (tasks[verdict.task] as { id: string }).id, trial: verdict.trial ?? 0, status: verdict.status ?? "done", calls: [], finishedAt: new Date(Date.UTC(2020, 0, 1)),
      correct: verdict.correct, sideEffects: verdict.sideEffects ?? false, exactMatch: verdict.correct,
      ...(verdict.provider ? { errorKind: "provider", error: "Provider error (network): down" } : {}),
    })),
  });
}

// ---- The recomputation from raw rows --------------------------------------------------------------

interface Expected {
  runs: number;
  provider: string | null;
  results: number;
  correct: number;
  sideEffects: number;
  providerFailures: number;
  coverage: number;
  cost: number | null;
  tokens: number | null;
  costEstimated: boolean;
  latest: number;
  byDomain: Record<string, { results: number; correct: number }>;
  k: number;
  passHatK: number | null;
}

async function expectedBoard(domain?: string): Promise<Map<string, Expected>> {
  const runs = await context.db.run.findMany({
    where: { model: { contains: `-cfgsum-${TAG}` } },
    include: { results: { include: { task: { select: { domain: true } } } }, dataset: true, version: true },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
  });
  const versions = await context.db.groundTruthVersion.findMany({ orderBy: { importedAt: "desc" } });
  const prices = loadPriceTable();
  const groups = new Map<string, { expected: Expected; maxTasks: number; versionTasks: number }>();
  const trialsByConfig = new Map<string, Map<string, { domain: string; n: number; c: number }>>();
  for (const run of runs) {
    if (!(run.status === "completed" || run.source === "imported")) continue;
    const ownVersion = run.version ?? versions.find((candidate) => candidate.datasetId === run.datasetId && candidate.name === run.groundTruth) ?? null;
    const key = configKey({ dataset: run.dataset.slug, groundTruth: run.groundTruth, versionRevision: ownVersion?.revision ?? null, protocol: run.protocol, revision: run.scoringRevision, model: run.model, agent: run.agent, toolSet: run.toolSet });
    const scored = (result: (typeof run.results)[number]) => result.status === "done" && (run.source === "imported" || !(result.errorKind !== null && PROVIDER_FAILURE_KINDS.has(result.errorKind)));
    // pass^k pools every counted run of the configuration, whatever the filters.
    const perTask = trialsByConfig.get(key) ?? new Map<string, { domain: string; n: number; c: number }>();
    for (const result of run.results.filter(scored)) {
      const tally = perTask.get(result.taskId) ?? { domain: result.task.domain, n: 0, c: 0 };
      tally.n += 1;
      tally.c += result.correct ? 1 : 0;
      perTask.set(result.taskId, tally);
    }
    trialsByConfig.set(key, perTask);
    const done = run.results.filter((result) => result.status === "done");
    const inScope = done.filter((result) => !domain || result.task.domain === domain);
    if (inScope.length === 0) continue;
    const scoredAll = done.filter(scored).length;
    const scoredHere = inScope.filter(scored);
    const share = domain ? (scoredAll > 0 ? scoredHere.length / scoredAll : 0) : 1;
    // The cost rule, per run.
    const measured = !(run.source === "imported" && run.inputTokens + run.outputTokens === 0);
    let cost: number | null;
    let tokens: number | null;
    let estimated = false;
    if (run.model === null) [cost, tokens] = [0, 0];
    else if (!measured && run.estimatedCostUsd !== null) {
      [cost, tokens, estimated] = [run.estimatedCostUsd, (run.estimatedInputTokens ?? 0) + (run.estimatedOutputTokens ?? 0), true];
    } else {
      tokens = measured ? run.inputTokens + run.outputTokens : null;
      const priced = run.provider !== null && findPrice(prices, run.provider, run.model) !== undefined;
      const priceUnknown = (run.params as { priceUnknown?: boolean }).priceUnknown === true;
      cost = tokens === null || priceUnknown || (!priced && run.costUsd === 0) ? null : run.costUsd;
    }
    const tasksOf = (results: readonly (typeof done)[number][]) => {
      const byDomain = new Map<string, number>();
      for (const result of results) byDomain.set(result.task.domain, (byDomain.get(result.task.domain) ?? 0) + 1);
      return [...byDomain.values()].reduce((total, count) => total + Math.round(count / Math.max(1, run.trials)), 0);
    };
    const group = groups.get(key) ?? {
      expected: { runs: 0, provider: run.provider, results: 0, correct: 0, sideEffects: 0, providerFailures: 0, coverage: 0, cost: 0, tokens: 0, costEstimated: false, latest: 0, byDomain: {}, k: 1, passHatK: null },
      maxTasks: 0,
      versionTasks: ownVersion?.taskCount ?? 0,
    };
    const e = group.expected;
    e.runs += 1;
    e.results += scoredHere.length;
    e.correct += scoredHere.filter((result) => result.correct).length;
    e.sideEffects += scoredHere.filter((result) => result.sideEffects).length;
    e.providerFailures += inScope.length - scoredHere.length;
    e.cost = e.cost === null || cost === null ? null : e.cost + cost * share;
    e.tokens = e.tokens === null || tokens === null ? null : e.tokens + tokens * share;
    e.costEstimated ||= estimated;
    e.latest = Math.max(e.latest, run.createdAt.getTime());
    for (const result of scoredHere) {
      const cell = (e.byDomain[result.task.domain] ??= { results: 0, correct: 0 });
      cell.results += 1;
      cell.correct += result.correct ? 1 : 0;
    }
    for (const result of inScope) e.byDomain[result.task.domain] ??= { results: 0, correct: 0 };
    group.maxTasks = Math.max(group.maxTasks, tasksOf(done));
    e.coverage = group.versionTasks > 0 ? group.maxTasks / group.versionTasks : 0;
    groups.set(key, group);
  }
  for (const [key, { expected }] of groups) {
    const tallies = [...(trialsByConfig.get(key) ?? new Map()).values()].filter((tally) => tally.n > 0 && (!domain || tally.domain === domain));
    const k = tallies.length ? Math.min(...tallies.map((tally) => tally.n)) : 1;
    expected.k = Math.max(1, k);
    expected.passHatK = k >= 2 ? tallies.reduce((total, tally) => total + passHatKEstimate(tally.n, tally.c, k), 0) / tallies.length : null;
  }
  return new Map([...groups].map(([key, group]) => [key, group.expected]));
}

async function expectBoardMatches(what: string, domain?: string): Promise<void> {
  const expected = await expectedBoard(domain);
  const { rows } = await getConfigLeaderboard({ includePartial: true, groundTruth: "v1", dataset: dataset.slug, ...(domain ? { domain } : {}), sort: "passAt1", direction: "desc" });
  const mine = rows.filter((row) => row.model?.includes(`-cfgsum-${TAG}`));
  expect(mine.map((row) => row.key).sort(), what).toEqual([...expected.keys()].sort());
  for (const row of mine) {
    const e = expected.get(row.key) as Expected;
    const label = `${what}: ${row.label}`;
    expect({ runs: row.runs, provider: row.provider, results: row.results, correct: row.correct, providerFailures: row.providerFailures, k: row.k, costEstimated: row.costEstimated, latest: row.latest.getTime() }, label)
      .toEqual({ runs: e.runs, provider: e.provider, results: e.results, correct: e.correct, providerFailures: e.providerFailures, k: e.k, costEstimated: e.costEstimated, latest: e.latest });
    expect(row.passAt1, label).toBeCloseTo(e.results ? e.correct / e.results : 0, 12);
    expect(row.sideEffectRate, label).toBeCloseTo(e.results ? e.sideEffects / e.results : 0, 12);
    expect(row.coverage, label).toBeCloseTo(e.coverage, 12);
    expect(row.partial, label).toBe(e.coverage < 1);
    if (e.passHatK === null) expect(row.passHatK, label).toBeNull();
    else expect(row.passHatK, label).toBeCloseTo(e.passHatK, 12);
    const perTask = (total: number | null) => (total === null || e.results === 0 ? null : total / e.results);
    for (const [shown, want] of [[row.costPerTask, perTask(e.cost)], [row.tokensPerTask, perTask(e.tokens)]] as const) {
      if (want === null) expect(shown, label).toBeNull();
      else expect(shown, label).toBeCloseTo(want, 9);
    }
    expect(row.byDomain, label).toEqual(Object.fromEntries(Object.entries(e.byDomain).map(([name, cell]) => [name, { results: cell.results, accuracy: cell.results ? cell.correct / cell.results : null }])));
  }
}

// ---- The runs ------------------------------------------------------------------------------------

const all = (count: number, correct: (task: number) => boolean, extra: Partial<Verdict> = {}): Verdict[] =>
  Array.from({ length: count }, (_, task) => ({ task, correct: correct(task), ...extra }));

describe("the configuration board from ConfigSummary", () => {
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    dataset = await context.db.dataset.findFirstOrThrow({ where: { kind: "official", versions: { some: { name: "v1" } } }, select: { id: true, slug: true } });
    const v = await context.db.groundTruthVersion.findFirstOrThrow({ where: { datasetId: dataset.id, name: "v1" }, orderBy: { importedAt: "desc" } });
    version = { id: v.id, taskCount: v.taskCount };
    // Tasks of two domains, interleaved so every run covers both.
    const rows = await context.db.task.findMany({ where: { versionId: v.id, domain: { in: ["email", "calendar"] } }, orderBy: { position: "asc" }, select: { id: true, domain: true } });
    const email = rows.filter((row) => row.domain === "email");
    const calendar = rows.filter((row) => row.domain === "calendar");
    tasks = email.flatMap((row, i) => (calendar[i] ? [row, calendar[i]] : [row]));
    const n = tasks.length;
    // "a": three launched runs (two providers; one without a version of its own, so two tally keys),
    // a provider failure, two trials in one; and a run in progress that must not count.
    ids.a1 = await writeRun({ model: model("gpt-4o"), versioned: false, tokens: 9_000, costUsd: 0.9, minutes: 1, verdicts: all(n, (t) => t % 3 !== 0).map((v, i) => (i === 4 ? { ...v, provider: true, correct: false } : v)) });
    ids.a2 = await writeRun({ model: model("gpt-4o"), trials: 2, tokens: 4_000, costUsd: 0.4, minutes: 2, verdicts: [...all(n, (t) => t % 2 === 0), ...all(n, (t) => t % 4 === 0, { trial: 1 })] });
    ids.a3 = await writeRun({ model: model("gpt-4o"), provider: "openrouter", tokens: 2_000, costUsd: 0.25, minutes: 3, verdicts: all(n, () => true, { sideEffects: true }) });
    ids.a4 = await writeRun({ model: model("gpt-4o"), status: "running", tokens: 100, costUsd: 0.01, minutes: 4, verdicts: all(5, () => true) });
    // "b": recorded without usage (unknown cost) pooled with one that has an estimate; its provider failures are scored.
    ids.b1 = await writeRun({ model: model("recorded"), source: "imported", provider: null, minutes: 5, verdicts: all(n, (t) => t % 2 === 1).map((v, i) => (i < 2 ? { ...v, provider: true } : v)) });
    ids.b2 = await writeRun({ model: model("recorded"), source: "imported", provider: null, estimatedCostUsd: 0.05, minutes: 6, verdicts: all(n, () => false) });
    // "c": recorded with an estimate only: estimated cost and tokens.
    ids.c1 = await writeRun({ model: model("estimated"), source: "imported", provider: null, estimatedCostUsd: 0.07, minutes: 7, verdicts: all(n, (t) => t < 5) });
    // "d": a model without a price that recorded $0 for its tokens: unknown, not free. "e": priced by prefix, $0 is known.
    ids.d1 = await writeRun({ model: model("unpriced"), tokens: 3_000, costUsd: 0, minutes: 8, verdicts: all(n, (t) => t % 5 !== 0) });
    ids.e1 = await writeRun({ model: model("gpt-4o"), agent: "tools", tokens: 3_000, costUsd: 0, minutes: 9, verdicts: all(n, () => true) });
    // "f": a partial run (a few tasks) and a run flagged priceUnknown in the same configuration.
    ids.f1 = await writeRun({ model: model("partial"), tokens: 500, costUsd: 0.02, minutes: 10, verdicts: all(3, () => true) });
    ids.f2 = await writeRun({ model: model("partial"), tokens: 800, costUsd: 0.03, priceUnknown: true, minutes: 11, verdicts: all(6, (t) => t !== 1) });
  });

  test("equals the recomputation from the raw rows, overall and per domain", async () => {
    await expectBoardMatches("initial");
    await expectBoardMatches("initial, email only", "email");
    await expectBoardMatches("initial, calendar only", "calendar");
    // Both tally keys of "a" (with and without a version) make one row: the pooled per-task path of pass^k.
    const { rows } = await getConfigLeaderboard({ includePartial: true, sort: "passAt1", direction: "desc" });
    const a = rows.find((row) => row.label === model("gpt-4o") && row.agent === "react");
    expect(a).toMatchObject({ runs: 3, provider: "openai", costPerTask: expect.any(Number) });
    const page = await getConfiguration(a!.key);
    expect(page?.runs.map((run) => run.id)).toEqual([ids.a1, ids.a2, ids.a3]);
    // The same row but its rank band: a band is a place among a board's rows, and the page is no board.
    expect(page?.row).toEqual({ ...a, band: null });
    // The recorded configuration's cost is unknown (b1 has neither usage nor estimate); c's is estimated.
    expect(rows.find((row) => row.label === model("recorded"))).toMatchObject({ costPerTask: null, costEstimated: true, providerFailures: 0 });
    expect(rows.find((row) => row.label === model("unpriced"))?.costPerTask).toBeNull();
    expect(rows.find((row) => row.label === model("gpt-4o") && row.agent === "tools")?.costPerTask).toBe(0);
    // A provider filter keeps that provider's runs.
    const openrouter = await getConfigLeaderboard({ includePartial: true, provider: "openrouter", sort: "passAt1", direction: "desc" });
    expect(openrouter.rows.find((row) => row.key === a!.key)).toMatchObject({ runs: 1, provider: "openrouter" });
  });

  test("follows writes: new verdicts, a changed cost, a re-score to another revision, a run completing, deletions", async () => {
    // New verdicts (a second trial for the partial run) and a cost the run learns later.
    await addVerdicts(ids.f1 as string, all(3, (t) => t === 0, { trial: 1 }));
    await context.db.run.update({ where: { id: ids.d1 }, data: { costUsd: 0.12 } });
    await expectBoardMatches("after new verdicts and a cost");
    // A verdict turns into a provider failure; then a re-score moves a2 to another scoring revision.
    const result = await context.db.taskResult.findFirstOrThrow({ where: { runId: ids.a3, correct: true } });
    await context.db.taskResult.update({ where: { id: result.id }, data: { errorKind: "provider", error: "Provider error: down", correct: false } });
    await context.db.run.update({ where: { id: ids.a2 }, data: { scoringRevision: "2026-07" } });
    await expectBoardMatches("after a provider failure and a re-score");
    await expectBoardMatches("after a re-score, email only", "email");
    // The run in progress completes: it joins its configuration.
    await context.db.run.update({ where: { id: ids.a4 }, data: { status: "completed", costUsd: 0.02 } });
    await expectBoardMatches("after a run completed");
    // Deletions: the earliest run of "a" (its provider named the row) and the estimate of "b".
    await context.db.run.delete({ where: { id: ids.a1 } });
    await context.db.run.delete({ where: { id: ids.b2 } });
    await expectBoardMatches("after deletions");
    await expectBoardMatches("after deletions, calendar only", "calendar");
    const { rows } = await getConfigLeaderboard({ includePartial: true, sort: "passAt1", direction: "desc" });
    expect(rows.find((row) => row.label === model("recorded"))).toMatchObject({ runs: 1, costEstimated: false, costPerTask: null });
    // Every verdict of a run deleted: it leaves its configuration (the row goes when it was the only run).
    await context.db.taskResult.deleteMany({ where: { runId: ids.c1 } });
    await expectBoardMatches("after a run lost its verdicts");
  });

  test("two runs of one configuration written at once both count (the summaries take turns)", async () => {
    const spec = { model: model("together"), tokens: 1_000, costUsd: 0.1, verdicts: all(4, (t) => t % 2 === 0) };
    // Each transaction holds its summary rows until it commits: the second waits, then recomputes.
    const write = (minutes: number) =>
      context.db.$transaction(async (tx) => {
        const run = await tx.run.create({
          data: {
            name: "cfgsum together", datasetId: dataset.id, groundTruth: "v1", versionId: version.id, protocol: "2024", scoringRevision: "2024", source: "launched",
            agent: "react", provider: "openai", model: spec.model, toolSet: "all", params: {}, status: "completed", inputTokens: 500, outputTokens: 500, costUsd: spec.costUsd,
            createdAt: new Date(Date.UTC(2020, 0, 2, 0, minutes)),
          },
        });
        await tx.taskResult.createMany({ data: spec.verdicts.map((verdict) => ({ runId: run.id, taskId: (tasks[verdict.task] as { id: string }).id, status: "done" as const, calls: [], finishedAt: new Date(Date.UTC(2020, 0, 2)), correct: verdict.correct, sideEffects: false, exactMatch: verdict.correct })) });
        await tx.$executeRaw`SELECT pg_sleep(0.3)`;
      }, { timeout: 30_000 });
    await Promise.all([write(1), write(2)]);
    await expectBoardMatches("after two concurrent runs");
    const { rows } = await getConfigLeaderboard({ includePartial: true, sort: "passAt1", direction: "desc" });
    expect(rows.find((row) => row.label === model("together"))).toMatchObject({ runs: 2, results: 8, correct: 4 });
  });

  test("the migration's backfill and rebuild-aggregates recompute the summaries the triggers kept", async () => {
    // Floats rounded: a sum over the same runs in another scan order may differ in its last bit.
    const snapshot = async () =>
      JSON.parse(
        JSON.stringify(await context.db.configSummary.findMany({ orderBy: [{ configKey: "asc" }, { provider: "asc" }] }), (_, value: unknown) =>
          typeof value === "number" && !Number.isInteger(value) ? Number(value.toPrecision(12)) : value,
        ),
      ) as unknown[];
    const kept = await snapshot();
    expect(kept.length).toBeGreaterThan(5);
    const migration = await readFile(path.resolve(import.meta.dirname, "../../prisma/migrations/20261125220000_config_summary/migration.sql"), "utf8");
    const backfill = migration.slice(migration.lastIndexOf("SELECT config_summary_refresh("));
    await context.db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`DELETE FROM "ConfigSummary"`);
      await tx.$executeRawUnsafe(backfill.trim().replace(/;$/, ""));
    });
    expect(await snapshot()).toEqual(kept);
    await context.db.$executeRaw`UPDATE "ConfigSummary" SET runs = runs + 3`;
    await rebuildAllRunAggregates(context.db);
    expect(await snapshot()).toEqual(kept);
  });
});
