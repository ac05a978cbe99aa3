// The leaderboard's Domain filter means "accuracy on that domain": every configuration with full runs is
// shown, its figures computed over the results of that domain's tasks. Checked against a recount written
// here, straight from the stored TaskResults joined to their tasks' domains (one SQL query, not the
// tallies the board reads): per configuration and domain, the scored results, correct ones and side
// effects; pass@1 with its 95 % Wilson interval (here as the roots of the score equation, not the
// closed form lib/metrics uses); the rank is the order by pass@1 (ties by label). A run launched on
// one domain only is partial there too: off the board unless partial runs are asked for.
// The board is asked as the page asks it (the official dataset, no ground truth chosen), with v1 and
// v2026 tasks of every domain in the database. Model names are unique to this file.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { seededRandom } from "@/lib/seeded-random";
import { OFFICIAL_DATASET_SLUG } from "@/lib/datasets/official-slug";
import { getConfigLeaderboard } from "./config-leaderboard";

let context: RunsTestContext;
const TAG = randomUUID().slice(0, 8);
const MARK = `-domboard-${TAG}`;
const Z = 1.959963984540054;

beforeAll(async () => {
  context = await setUpRunsTest();
});

afterAll(async () => {
  await tearDownRunsTest(context);
});

interface Recount {
  readonly label: string;
  readonly results: number;
  readonly correct: number;
  readonly sideEffects: number;
}

/** Per configuration (here: one model each) and domain, from the stored rows of its full runs' results. */
async function recount(domain: string, versionId: string, versionTasks: number): Promise<Recount[]> {
  const rows = await context.db.$queryRaw<{ model: string; results: number; correct: number; sideEffects: number }[]>`
    WITH full_runs AS (
      SELECT r.id, r.model FROM "Run" r
       WHERE r.model LIKE ${`%${MARK}`} AND r."versionId" = ${versionId}
         AND (SELECT count(DISTINCT x."taskId") FROM "TaskResult" x WHERE x."runId" = r.id AND x.status = 'done') = ${versionTasks}
    )
    SELECT f.model, count(*)::int AS results, (count(*) FILTER (WHERE x.correct))::int AS correct,
           (count(*) FILTER (WHERE x."sideEffects"))::int AS "sideEffects"
      FROM full_runs f JOIN "TaskResult" x ON x."runId" = f.id JOIN "Task" k ON k.id = x."taskId"
     WHERE x.status = 'done' AND k.domain = ${domain}
     GROUP BY f.model`;
  return rows.map((row) => ({ label: row.model, results: row.results, correct: row.correct, sideEffects: row.sideEffects }));
}

/** The 95 % Wilson bounds as the two roots of (p̂ − p)² = z² p (1 − p) / n. */
function wilsonRoots(correct: number, n: number): { low: number; high: number } {
  const share = correct / n;
  const a = 1 + (Z * Z) / n;
  const b = -(2 * share + (Z * Z) / n);
  const c = share * share;
  const root = Math.sqrt(b * b - 4 * a * c);
  return { low: (-b - root) / (2 * a), high: (-b + root) / (2 * a) };
}

describe("the Domain filter", () => {
  let version: { id: string; taskCount: number };
  let domains: string[];

  beforeAll(async () => {
    const dataset = await context.db.dataset.findUniqueOrThrow({ where: { slug: OFFICIAL_DATASET_SLUG }, select: { id: true } });
    const v1 = await context.db.groundTruthVersion.findFirstOrThrow({ where: { datasetId: dataset.id, name: "v1" }, orderBy: { importedAt: "desc" } });
    version = { id: v1.id, taskCount: v1.taskCount };
    const tasks = await context.db.task.findMany({ where: { versionId: v1.id }, select: { id: true, domain: true }, orderBy: { position: "asc" } });
    expect(tasks).toHaveLength(v1.taskCount);
    domains = [...new Set(tasks.map((task) => task.domain))].sort();
    // Full runs (every task of v1) with a skill that differs by domain, so the ranks differ by domain;
    // "steady" pools two runs; "emailonly" was launched on the email tasks alone.
    const skill = (seed: number) => (domain: string) => 0.15 + ((seed * 7 + domain.length * 13) % 11) / 15;
    const specs = [
      { model: `alpha${MARK}`, seed: 1, tasks },
      { model: `bravo${MARK}`, seed: 2, tasks },
      { model: `steady${MARK}`, seed: 3, tasks },
      { model: `steady${MARK}`, seed: 4, tasks },
      { model: `emailonly${MARK}`, seed: 5, tasks: tasks.filter((task) => task.domain === "email") },
    ];
    for (const [index, spec] of specs.entries()) {
      const run = await context.db.run.create({
        data: {
          name: `domain board ${spec.model}`, datasetId: dataset.id, groundTruth: "v1", versionId: v1.id, protocol: "2024", scoringRevision: "2024",
          source: "launched", agent: "react", provider: "openai", model: spec.model, toolSet: "all", params: {}, status: "completed", trials: 1,
          inputTokens: 1_000, outputTokens: 1_000, costUsd: 0.5, createdAt: new Date(Date.UTC(2020, 1, 1, 0, index)),
        },
      });
      const random = seededRandom(spec.seed);
      const accuracy = skill(spec.seed);
      await context.db.taskResult.createMany({
        data: spec.tasks.map((task) => {
          const correct = random() < accuracy(task.domain);
          return { runId: run.id, taskId: task.id, status: "done" as const, calls: [], finishedAt: new Date(Date.UTC(2020, 1, 1)), correct, sideEffects: !correct && random() < 0.3, exactMatch: correct };
        }),
      });
    }
  });

  test("shows every configuration's full runs on each domain, with pass@1, interval, side effects and rank as recounted", async () => {
    expect(domains.length).toBeGreaterThanOrEqual(5);
    const orders = new Set<string>();
    for (const domain of domains) {
      const expected = (await recount(domain, version.id, version.taskCount)).sort((a, b) => b.correct / b.results - a.correct / a.results || a.label.localeCompare(b.label));
      expect(expected.map((row) => row.label).sort(), domain).toEqual([`alpha${MARK}`, `bravo${MARK}`, `steady${MARK}`]);
      const { rows } = await getConfigLeaderboard({ dataset: OFFICIAL_DATASET_SLUG, domain, sort: "passAt1", direction: "desc" });
      const mine = rows.filter((row) => row.label.endsWith(MARK));
      // The rank: the board's order of these configurations is the recount's.
      expect(mine.map((row) => row.label), domain).toEqual(expected.map((row) => row.label));
      orders.add(mine.map((row) => row.label).join());
      for (const [index, row] of mine.entries()) {
        const want = expected[index] as Recount;
        const label = `${domain}: ${row.label}`;
        expect({ results: row.results, correct: row.correct, partial: row.partial, coverage: row.coverage }, label).toEqual({ results: want.results, correct: want.correct, partial: false, coverage: 1 });
        expect(row.runs, label).toBe(row.label.startsWith("steady") ? 2 : 1);
        expect(row.passAt1, label).toBeCloseTo(want.correct / want.results, 12);
        expect(row.sideEffectRate, label).toBeCloseTo(want.sideEffects / want.results, 12);
        const bounds = wilsonRoots(want.correct, want.results);
        expect(row.passAt1Interval?.low, label).toBeCloseTo(bounds.low, 9);
        expect(row.passAt1Interval?.high, label).toBeCloseTo(bounds.high, 9);
        // The row's only domain column is the filter's, with the same figure.
        expect(Object.keys(row.byDomain), label).toEqual([domain]);
        expect(row.byDomain[domain]?.accuracy, label).toBeCloseTo(want.correct / want.results, 12);
      }
    }
    // The skills differ by domain: the check covered more than one ranking.
    expect(orders.size).toBeGreaterThan(1);
  });

  test("a run launched on one domain stays behind 'Include partial runs', on that domain too", async () => {
    const shown = await getConfigLeaderboard({ dataset: OFFICIAL_DATASET_SLUG, domain: "email", sort: "passAt1", direction: "desc" });
    expect(shown.rows.some((row) => row.label === `emailonly${MARK}`)).toBe(false);
    const withPartial = await getConfigLeaderboard({ dataset: OFFICIAL_DATASET_SLUG, domain: "email", includePartial: true, sort: "passAt1", direction: "desc" });
    const partial = withPartial.rows.find((row) => row.label === `emailonly${MARK}`);
    const emailTasks = await context.db.task.count({ where: { versionId: version.id, domain: "email" } });
    expect(partial).toMatchObject({ partial: true, results: emailTasks });
    expect(partial?.coverage).toBeCloseTo(emailTasks / version.taskCount, 12);
    // The full configurations are there alike, not partial.
    expect(withPartial.rows.filter((row) => row.label.endsWith(MARK) && !row.partial).map((row) => row.label).sort()).toEqual([`alpha${MARK}`, `bravo${MARK}`, `steady${MARK}`]);
  });
});
