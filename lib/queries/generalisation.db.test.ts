// The generalisation view per configuration on real Postgres: two runs of one configuration on the official
// tasks and two on a generated workplace, each side pooled over its runs. The pooled tallies are recounted
// here from the stored TaskResults (scored verdicts: done, no provider failure), per domain and per paper
// template family; a run of another configuration and a test run of the same one stay out.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { importGeneratedDir } from "@/lib/datasets/import-generated";
import { launchRun } from "@/lib/runs/launch";
import { setUpWorkerTest, tearDownWorkerTest, waitForRun, type WorkerTestContext } from "@/lib/test-support/db";
import { datasetSlug, generateDataset, resolveParams, writeDataset } from "@/lib/workbench/generate";
import { PAPER_TEMPLATES } from "@/lib/workbench/generate/paper-templates";
import { getGeneralisation, listGeneralisationOptions } from "./generalisation";

// Its own seed and fault rate: db test files share one database, and a board pools every run of a configuration.
const params = resolveParams({ seed: 17, scale: 1, tasksPerTemplate: 1 });
let context: WorkerTestContext;
let dir = "";

beforeAll(async () => {
  context = await setUpWorkerTest({ concurrency: 8, idlePollMs: 50, mockLatencyMs: 0 });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), "wb-generalisation-"));
}, 120_000);

afterAll(async () => {
  await tearDownWorkerTest(context);
  await fs.rm(dir, { recursive: true, force: true });
});

/** Scored verdicts of some runs with their task's domain and templates, straight from TaskResult. */
async function verdictsOf(runIds: readonly string[]) {
  const rows = await context.db.taskResult.findMany({
    where: { runId: { in: [...runIds] }, status: "done" },
    select: { correct: true, errorKind: true, task: { select: { domain: true, baseTemplate: true, chosenTemplate: true } } },
  });
  // The oracle calls no provider: every done verdict is scored.
  expect(rows.filter((row) => row.errorKind !== null)).toEqual([]);
  return rows.map((row) => ({ correct: row.correct === true, ...row.task }));
}

function tally(verdicts: readonly { correct: boolean }[]) {
  return { n: verdicts.length, correct: verdicts.filter((verdict) => verdict.correct).length };
}

describe("official vs generated, per configuration", () => {
  test("each side pools the configuration's runs there; the figures equal a recount; other configurations and test runs stay out", async () => {
    const { db } = context;
    await writeDataset(dir, generateDataset(params));
    await importGeneratedDir(db, params, dir);
    const slug = datasetSlug(params);
    // The oracle at a 0.25 fault rate: verdicts that vary, one configuration on both datasets.
    const same = { agent: "oracle" as const, faultRate: 0.25, faultSeed: 5, sample: "stratified" as const, concurrency: 8 };
    const launched = await Promise.all([
      launchRun({ ...same, limit: 40, seed: 1 }, context),
      launchRun({ ...same, limit: 30, seed: 2, trials: 2 }, context),
      launchRun({ ...same, dataset: slug, limit: 30, seed: 3 }, context),
      launchRun({ ...same, dataset: slug, limit: 25, seed: 4 }, context),
      // Another configuration (no faults), and a test run of this one: neither is pooled.
      launchRun({ agent: "oracle", limit: 10, seed: 5, sample: "stratified", concurrency: 8 }, context),
      launchRun({ ...same, limit: 10, seed: 6 }, context),
    ]);
    for (const { runId } of launched) expect(await waitForRun(db, runId)).toMatchObject({ status: "completed" });
    const [official1, official2, generated1, generated2, , testRun] = launched.map((run) => run.runId) as string[];
    await db.run.update({ where: { id: testRun as string }, data: { testRun: true } });

    const option = (await listGeneralisationOptions()).find((candidate) => candidate.generated.slug === slug && candidate.configuration.faultRate === 0.25);
    expect(option?.configuration).toMatchObject({ agent: "oracle", toolSet: "all", groundTruth: "v1", protocol: "2024" });
    const view = await getGeneralisation({ configuration: option?.configuration.id ?? "", generated: slug });
    if (view.status !== "ok") throw new Error("the view found no runs");
    expect(view.officialRuns.map((run) => run.id).sort()).toEqual([official1, official2].sort());
    expect(view.generatedRuns.map((run) => run.id).sort()).toEqual([generated1, generated2].sort());

    const official = await verdictsOf([official1 as string, official2 as string]);
    const generated = await verdictsOf([generated1 as string, generated2 as string]);
    // 40 + 30 × 2 trials, and 30 + 25.
    expect(official).toHaveLength(100);
    expect(generated).toHaveLength(55);
    for (const row of view.rows) {
      const inDomain = (verdicts: typeof official) => (row.domain === "all" ? verdicts : verdicts.filter((verdict) => verdict.domain === row.domain));
      const expectedOfficial = tally(inDomain(official));
      const expectedGenerated = tally(inDomain(generated));
      expect(row.official ? { n: row.official.n, correct: row.official.correct } : { n: 0, correct: 0 }, `official ${row.domain}`).toEqual(expectedOfficial);
      expect(row.generated ? { n: row.generated.n, correct: row.generated.correct } : { n: 0, correct: 0 }, `generated ${row.domain}`).toEqual(expectedGenerated);
    }
    const all = view.rows.at(-1);
    expect(all?.domain).toBe("all");
    expect(all?.official?.rate).toBeCloseTo(tally(official).correct / 100, 12);
    // Faults cost the oracle some tasks: the figures are not all 100 %.
    expect(tally(official).correct).toBeLessThan(100);

    // Per paper template family: the official side on the paper template's tasks, the generated side on its generator templates' tasks.
    for (const family of PAPER_TEMPLATES) {
      const row = view.templates.find((candidate) => candidate.row === family.row);
      const expectedOfficial = tally(official.filter((verdict) => verdict.baseTemplate === family.paper));
      const expectedGenerated = family.ours.reduce((sum, id) => {
        const part = tally(generated.filter((verdict) => verdict.chosenTemplate === id));
        return { n: sum.n + part.n, correct: sum.correct + part.correct };
      }, { n: 0, correct: 0 });
      expect(row?.official ? { n: row.official.n, correct: row.official.correct } : { n: 0, correct: 0 }, `family ${family.row}`).toEqual(expectedOfficial);
      expect(row?.generated ? { n: row.generated.n, correct: row.generated.correct } : { n: 0, correct: 0 }, `family ${family.row}`).toEqual(expectedGenerated);
    }
  });
});
