// Search across traces (lib/queries/search.ts) against an independent recomputation: every step of the
// database read whole, matched in JavaScript by a case-insensitive substring over the same three
// columns (text, call, observation; ILIKE '%term%' by definition), filtered by hand. Data: three of the
// paper's recorded runs (gpt-4 all tools on analytics and on email, claude-2 all tools on analytics:
// real traces), imported as `workbench import-results` does.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { randomUUID } from "node:crypto";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { COUNT_CAP, SEARCH_PAGE_SIZE, searchConfigParam, searchTraces } from "./search";
import { searchParamsSchema, type SearchParams } from "./search-filters";

let context: RunsTestContext;
const runs: Record<"gpt4Analytics" | "gpt4Email" | "claudeAnalytics", string> = { gpt4Analytics: "", gpt4Email: "", claudeAnalytics: "" };

type StepRow = {
  id: string; text: string | null; call: string | null; observation: string | null; tool: string | null; runId: string; datasetSlug: string;
  configKey: string | null; domain: string; correct: boolean | null; sideEffects: boolean | null;
};
let steps: StepRow[] = [];

const results = (file: string) => path.join(DATA_DIR, "v1/data/results", file);

beforeAll(async () => {
  context = await setUpRunsTest();
  const imported = async (file: string) => (await importRecordedResults(context.db, { resultsPath: results(file), groundTruth: "v1" }))[0]?.runId ?? "";
  runs.gpt4Analytics = await imported("analytics/gpt-4_all_2024-03-23_21-56-59.csv");
  runs.gpt4Email = await imported("email/gpt-4_all_2024-03-21_15-21-12.csv");
  runs.claudeAnalytics = await imported("analytics/claude-2_all_2024-03-23_23-37-01.csv");
  steps = await context.db.$queryRaw<StepRow[]>`
    SELECT s.id, s.text, s.call, s.observation, s.tool, r."runId", d.slug AS "datasetSlug", k."configKey", t.domain, r.correct, r."sideEffects"
      FROM "Step" s JOIN "TaskResult" r ON r.id = s."resultId" JOIN "Task" t ON t.id = r."taskId" JOIN "Run" ru ON ru.id = r."runId"
      JOIN "Dataset" d ON d.id = ru."datasetId" LEFT JOIN "RunConfigKey" k ON k."runId" = ru.id`;
}, 300_000);

afterAll(() => tearDownRunsTest(context));

/** The recomputation: the ids of the steps whose columns contain `term`, case-insensitively, kept by `keep`. */
function expected(term: string, keep: (step: StepRow) => boolean = () => true): string[] {
  const needle = term.toLowerCase();
  const has = (value: string | null) => value !== null && value.toLowerCase().includes(needle);
  return steps.filter((step) => (has(step.text) || has(step.call) || has(step.observation)) && keep(step)).map((step) => step.id).sort();
}

/**
 * Checks the search for `params` against `want`: every hit's step id, page after page, equals it. Past
 * COUNT_CAP matches (a database shared with other tests may hold more runs) the count says "capped" and
 * the first page is full of matches.
 */
async function expectSearch(params: Partial<SearchParams>, want: readonly string[]) {
  const ids: string[] = [];
  for (let page = 0; ; page += 1) {
    const outcome = await searchTraces(searchParamsSchema.parse({ ...params, page }));
    const pageIds = outcome.hits.map((hit) => hit.step?.id ?? "");
    if (want.length > COUNT_CAP) {
      expect(outcome).toMatchObject({ capped: true, total: COUNT_CAP });
      expect(pageIds.length).toBe(SEARCH_PAGE_SIZE);
      expect(pageIds.every((id) => want.includes(id))).toBe(true);
      return;
    }
    expect(outcome.capped, JSON.stringify(params)).toBe(false);
    ids.push(...pageIds);
    if (page + 1 >= outcome.pages) {
      expect(ids.length).toBe(outcome.total);
      expect(ids.sort(), JSON.stringify(params)).toEqual(want);
      return;
    }
  }
}

const TERMS = ["Wellness Expo", "Total_Visits", "engaged_users_count", "delete_email", "nadia.moreau@atlas", "send_email", "traffic_source"];

describe("search over steps equals the recomputation", () => {
  test("the fixture holds three imported runs with real traces", () => {
    expect(Object.values(runs).every(Boolean)).toBe(true);
    expect(steps.filter((step) => step.runId === runs.gpt4Analytics).length).toBeGreaterThan(100);
  });

  test.each(TERMS)("term %s, no filter", async (term) => {
    const want = expected(term);
    expect(want.length).toBeGreaterThan(0);
    await expectSearch({ q: term }, want);
  });

  test("the term matches whatever its case", async () => {
    await expectSearch({ q: "WELLNESS expo" }, expected("Wellness Expo"));
  });

  test.each(TERMS)("term %s with each filter", async (term) => {
    const sampleTool = steps.find((step) => step.tool && step.call?.toLowerCase().includes(term.toLowerCase()))?.tool ?? "analytics.total_visits_count";
    const gpt4Config = steps.find((step) => step.runId === runs.gpt4Analytics)?.configKey ?? null;
    const cases: [Partial<SearchParams>, (step: StepRow) => boolean][] = [
      [{ dataset: "workbench" }, (step) => step.datasetSlug === "workbench"],
      [{ dataset: "no-such-dataset" }, () => false],
      [{ run: runs.gpt4Analytics }, (step) => step.runId === runs.gpt4Analytics],
      [{ domain: "email" }, (step) => step.domain === "email"],
      [{ tool: sampleTool }, (step) => step.tool === sampleTool],
      [{ verdict: "correct" }, (step) => step.correct === true],
      [{ verdict: "wrong" }, (step) => step.correct === false],
      [{ verdict: "side-effects" }, (step) => step.sideEffects === true],
      [{ domain: "analytics", verdict: "wrong", run: runs.claudeAnalytics }, (step) => step.domain === "analytics" && step.correct === false && step.runId === runs.claudeAnalytics],
    ];
    expect(gpt4Config).not.toBeNull();
    if (gpt4Config) cases.push([{ config: searchConfigParam(gpt4Config) }, (step) => step.configKey === gpt4Config]);
    for (const [filters, keep] of cases) {
      await expectSearch({ q: term, ...filters }, expected(term, keep));
    }
  });

  test("every filter is exercised by some term with hits on both sides", () => {
    // Guards the filter cases above against vacuous passes: the terms hit both runs' domains and verdicts.
    // Only this file's runs count: a database shared with other test files holds other rows (a task
    // that failed at the provider has a null verdict).
    const ownRuns = new Set(Object.values(runs));
    const hits = TERMS.flatMap((term) => expected(term, (step) => ownRuns.has(step.runId))).map((id) => steps.find((step) => step.id === id));
    expect(new Set(hits.map((step) => step?.domain))).toEqual(new Set(["analytics", "email"]));
    expect(new Set(hits.map((step) => step?.correct))).toEqual(new Set([true, false]));
  });
});

describe("the term is a literal substring, and new steps are found at once", () => {
  test("% and _ match themselves, not any characters", async () => {
    const tag = randomUUID().slice(0, 8);
    const resultId = (await context.db.taskResult.findFirstOrThrow({ where: { runId: runs.gpt4Email }, select: { id: true } })).id;
    await context.db.step.createMany({
      data: [
        { resultId, index: 900, kind: "model", text: `literal 50%_${tag} off` },
        { resultId, index: 901, kind: "model", text: `literal 50xx${tag} off` },
      ],
    });
    const hits = await searchTraces(searchParamsSchema.parse({ q: `50%_${tag}` }));
    expect(hits.hits.map((hit) => hit.step?.index)).toEqual([900]);
    expect(hits.hits[0]?.snippet).toContain(`50%_${tag}`);
    expect(hits.hits[0]).toMatchObject({ resultId, runId: runs.gpt4Email, field: "text", domain: "email" });
  });

  test("a term under three characters is refused rather than scanning every step", async () => {
    expect((await searchTraces(searchParamsSchema.parse({ q: "ab" }))).status).toBe("too-short");
  });
});

describe("search over task text", () => {
  test("finds exactly the results whose task text contains the term, with filters", async () => {
    const term = "visits";
    const rows = await context.db.$queryRaw<{ id: string; text: string; runId: string }[]>`
      SELECT r.id, t.text, r."runId" FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId"`;
    const want = rows.filter((row) => row.text.toLowerCase().includes(term) && row.runId === runs.gpt4Analytics).map((row) => row.id).sort();
    expect(want.length).toBeGreaterThan(0);
    const outcome = await searchTraces(searchParamsSchema.parse({ q: term, in: "tasks", run: runs.gpt4Analytics }));
    const ids: string[] = outcome.hits.map((hit) => hit.resultId);
    for (let page = 1; page < outcome.pages; page += 1) {
      ids.push(...(await searchTraces(searchParamsSchema.parse({ q: term, in: "tasks", run: runs.gpt4Analytics, page }))).hits.map((hit) => hit.resultId));
    }
    expect(ids.sort()).toEqual(want);
    expect(outcome.hits.every((hit) => hit.step === null && hit.field === "task")).toBe(true);
  });
});
