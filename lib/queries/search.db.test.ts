// Search across traces (lib/queries/search.ts) against an independent recomputation: every step of the
// database read whole, matched in JavaScript by a case-insensitive substring over the same three
// columns (text, call, observation; ILIKE '%term%' by definition), filtered by hand. Data: three of the
// paper's recorded runs (gpt-4 all tools on analytics and on email, claude-2 all tools on analytics:
// real traces), imported as `workbench import-results` does.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { randomUUID } from "node:crypto";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, type RunsTestContext } from "@/lib/test-support/db";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { COUNT_CAP, SEARCH_PAGE_SIZE, scanStatement, searchConfigParam, searchForVisitor, searchTraces, type ScanPlan, type SearchCount, type SearchOptions, type SearchResults } from "./search";
import { MAX_TERM_LENGTH, searchParamsSchema, type SearchParams } from "./search-filters";
import { resetSearchThrottle, SEARCH_BURST } from "@/lib/auth/search-throttle";
import { storedPrimaryCause } from "@/lib/metrics/primary-causes";
import { refreshSearchCauses } from "./search-causes";

let context: RunsTestContext;
const runs: Record<"gpt4Analytics" | "gpt4Email" | "claudeAnalytics", string> = { gpt4Analytics: "", gpt4Email: "", claudeAnalytics: "" };

type StepRow = {
  id: string; resultId: string; text: string | null; call: string | null; observation: string | null; tool: string | null; runId: string; datasetSlug: string;
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
    SELECT s.id, s."resultId", s.text, s.call, s.observation, s.tool, r."runId", d.slug AS "datasetSlug", k."configKey", t.domain, r.correct, r."sideEffects"
      FROM "Step" s JOIN "TaskResult" r ON r.id = s."resultId" JOIN "Task" t ON t.id = r."taskId" JOIN "Run" ru ON ru.id = r."runId"
      JOIN "Dataset" d ON d.id = ru."datasetId" LEFT JOIN "RunConfigKey" k ON k."runId" = ru.id`;
}, 300_000);

afterAll(() => tearDownRunsTest(context));

/** The search's results; fails the test when it was refused. */
async function searched(params: Partial<SearchParams>, options?: SearchOptions): Promise<SearchResults> {
  const outcome = await searchTraces(searchParamsSchema.parse(params), context.db, options);
  if (outcome.status !== "searched") throw new Error(`refused: ${outcome.message}`);
  return outcome;
}

/** How many of `ids` fall in each group, as [key, count] sorted by key. */
function tally(ids: readonly string[], groupOf: (step: StepRow) => string): [string, number][] {
  const byId = new Map(steps.map((step) => [step.id, step]));
  const counts = new Map<string, number>();
  for (const id of ids) {
    const key = groupOf(byId.get(id)!);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].sort(([a], [b]) => a.localeCompare(b));
}

const sortedCounts = (counts: readonly { key: string; count: number }[] | null) =>
  (counts ?? []).map((count): [string, number] => [count.key, count.count]).sort(([a], [b]) => a.localeCompare(b));

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
    const outcome = await searched({ ...params, page });
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
      // Sized: the counts by run and by domain equal the recount's.
      expect(sortedCounts(outcome.byRun), JSON.stringify(params)).toEqual(tally(want, (step) => step.runId));
      expect(sortedCounts(outcome.byDomain), JSON.stringify(params)).toEqual(tally(want, (step) => step.domain));
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

describe("each plan the search may choose finds the same matches", () => {
  // The plan depends on how common the term is in the whole table; a small database rarely shows the
  // "results" and "planner" plans under a filter, so each is run here directly against the recount.
  test.each(TERMS)("term %s: planner, term-first and results plans under each result filter", async (term) => {
    const cases: [Partial<SearchParams>, (step: StepRow) => boolean][] = [
      [{ dataset: "workbench" }, (step) => step.datasetSlug === "workbench"],
      [{ domain: "email" }, (step) => step.domain === "email"],
      [{ verdict: "wrong" }, (step) => step.correct === false],
      [{ domain: "analytics", verdict: "correct" }, (step) => step.domain === "analytics" && step.correct === true],
    ];
    for (const [filters, keep] of cases) {
      const want = expected(term, keep);
      if (want.length > COUNT_CAP) continue; // a shared database may hold more: the counts are then not given
      const params = searchParamsSchema.parse({ q: term, ...filters });
      // The results plan's ids, recounted: every result with a step kept by the filter (others have no match).
      const ids = [...new Set(steps.filter(keep).map((step) => step.resultId))];
      const plans: ScanPlan[] = [{ kind: "planner" }, { kind: "term-first" }, { kind: "results", ids }];
      for (const plan of plans) {
        const [scan] = await context.db.$queryRaw<{ total: number; byRun: SearchCount[]; byDomain: SearchCount[]; pageIds: string[] }[]>(scanStatement(params, plan));
        const label = `${JSON.stringify(filters)} ${plan.kind}`;
        expect(scan?.total, label).toBe(want.length);
        expect(sortedCounts(scan?.byRun ?? []), label).toEqual(tally(want, (step) => step.runId));
        expect(sortedCounts(scan?.byDomain ?? []), label).toEqual(tally(want, (step) => step.domain));
        expect(scan?.pageIds, label).toEqual([...want].sort().slice(0, SEARCH_PAGE_SIZE));
      }
    }
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
    const hits = await searched({ q: `50%_${tag}` });
    expect(hits.hits.map((hit) => hit.step?.index)).toEqual([900]);
    expect(hits.hits[0]?.snippet).toContain(`50%_${tag}`);
    expect(hits.hits[0]).toMatchObject({ resultId, runId: runs.gpt4Email, field: "text", domain: "email" });
  });

  test("a term longer than the index's slice is matched whole (slice through the index, whole term checked)", async () => {
    const long = steps.find((step) => (step.observation?.length ?? 0) > 400)?.observation?.slice(100, 190) ?? "";
    expect(long.length).toBe(90);
    const want = expected(long);
    expect(want.length).toBeGreaterThan(0);
    await expectSearch({ q: long }, want);
    // The same slice, then a character no step has there: the slice alone would match, the whole term must not.
    await expectSearch({ q: `${long.slice(0, 60)}\u0007${long.slice(61)}` }, []);
  });
});

describe("a search no one can stall", () => {
  test.each(["%%%", "___", "\\\\\\", "ab", "a_b c%d", "🙂🙂🙂"])("the term %s gives the index no trigram: refused with its message before any query", async (term) => {
    const outcome = await searchTraces(searchParamsSchema.parse({ q: term }), context.db);
    expect(outcome).toMatchObject({ status: "too-broad", message: expect.stringContaining("needs at least 3 letters or digits in a row") });
  });

  test("a term over the limit is refused with a message, not emptied; one at the limit is searched", async () => {
    const over = "a".repeat(MAX_TERM_LENGTH + 1);
    const outcome = await searchTraces(searchParamsSchema.parse({ q: over }), context.db);
    expect(outcome).toMatchObject({ status: "too-long", message: `The search term has ${MAX_TERM_LENGTH + 1} characters; at most ${MAX_TERM_LENGTH} are searched. Shorten it.` });
    expect((await searched({ q: "a".repeat(MAX_TERM_LENGTH) })).total).toBe(expected("a".repeat(MAX_TERM_LENGTH)).length);
  });

  test("every statement runs under the statement timeout: a 1 ms limit stops a common term's search with its message", async () => {
    const outcome = await searchTraces(searchParamsSchema.parse({ q: "send_email" }), context.db, { statementTimeoutMs: 1 });
    expect(outcome).toMatchObject({ status: "timed-out", message: expect.stringContaining("took longer than 0.001 s and was stopped") });
    // The connection is not left with the setting: the next search (default timeout) answers.
    expect((await searched({ q: "send_email" })).total).toBe(Math.min(COUNT_CAP, expected("send_email").length));
  });

  test(`an anonymous client's search number ${SEARCH_BURST + 1} in a row is refused; a signed-in user's is not`, async () => {
    resetSearchThrottle();
    // The clock stands still (only Date is faked): a slow machine's searches must not refill the budget meanwhile.
    vi.useFakeTimers({ toFake: ["Date"] });
    const params = searchParamsSchema.parse({ q: "nadia.moreau@atlas", run: runs.gpt4Email });
    const anonymous = { signedIn: false, client: "203.0.113.7" };
    for (let search = 1; search <= SEARCH_BURST; search += 1) {
      expect((await searchForVisitor(params, anonymous, context.db)).status, `search ${search}`).toBe("searched");
    }
    const refused = await searchForVisitor(params, anonymous, context.db);
    expect(refused).toMatchObject({ status: "throttled", message: expect.stringMatching(/^Too many searches from your address: try again in \d+ s/) });
    // Another anonymous client has its own budget; a signed-in user from the throttled address has none.
    expect((await searchForVisitor(params, { signedIn: false, client: "203.0.113.8" }, context.db)).status).toBe("searched");
    for (let search = 1; search <= SEARCH_BURST + 5; search += 1) {
      expect((await searchForVisitor(params, { signedIn: true, client: "203.0.113.7" }, context.db)).status).toBe("searched");
    }
    vi.useRealTimers();
    resetSearchThrottle();
  });
});

describe("the cause filter", () => {
  test("keeps the steps of the results whose primary cause is the one asked, recounted from the stored answers", async () => {
    // The recount: every scored result of this file's runs read whole, its cause by the stated rules
    // (storedPrimaryCause, as the run page counts them). These runs are imported: every scored result counts.
    const ownRuns = Object.values(runs);
    const results = await context.db.taskResult.findMany({
      where: { runId: { in: ownRuns }, status: "done" },
      select: { id: true, runId: true, correct: true, error: true, errorKind: true, calls: true, failedCalls: true, diagnostics: true, task: { select: { groundTruth: true } } },
    });
    const causeOf = new Map(
      results.map((row) => [row.id, storedPrimaryCause({ ...row, groundTruth: row.task.groundTruth })]),
    );
    const stepResult = new Map((await context.db.step.findMany({ where: { result: { runId: { in: ownRuns } } }, select: { id: true, resultId: true } })).map((step) => [step.id, step.resultId]));
    const causes = [...new Set([...causeOf.values()].filter((cause): cause is string => cause !== null))];
    expect(causes.length).toBeGreaterThan(1);
    let checked = 0;
    for (const cause of causes) {
      for (const term of ["send_email", "Total_Visits", "delete_email"]) {
        const want = expected(term, (step) => ownRuns.includes(step.runId) && causeOf.get(stepResult.get(step.id) ?? "") === cause);
        for (const run of ownRuns) {
          await expectSearch({ q: term, cause, run }, want.filter((id) => steps.find((step) => step.id === id)?.runId === run));
        }
        checked += want.length;
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  test("the kept causes catch up within a budget: runs not reached are pending, then computed", async () => {
    const ownRuns = Object.values(runs);
    await context.db.searchCauseStamp.deleteMany({ where: { runId: { in: ownRuns } } });
    expect(await refreshSearchCauses(context.db, ownRuns, 0)).toEqual({ refreshed: 0, pending: 3 });
    expect(await refreshSearchCauses(context.db, ownRuns)).toEqual({ refreshed: 3, pending: 0 });
    expect(await refreshSearchCauses(context.db, ownRuns)).toEqual({ refreshed: 0, pending: 0 });
    // A kept cause that no longer matches the run's state (its stamp moved) is recomputed, not served.
    const planted = await context.db.searchCause.findFirstOrThrow({ where: { runId: runs.gpt4Email } });
    await context.db.searchCause.update({ where: { resultId: planted.resultId }, data: { cause: "planted_cause" } });
    await context.db.searchCauseStamp.update({ where: { runId: runs.gpt4Email }, data: { fingerprint: "an older state" } });
    expect((await searched({ q: "email", cause: "other", run: runs.gpt4Email })).causesPending).toBe(0);
    expect((await context.db.searchCause.findUniqueOrThrow({ where: { resultId: planted.resultId } })).cause).toBe(planted.cause);
  });
});

describe("search over task text", () => {
  test("finds exactly the results whose task text contains the term, with filters", async () => {
    const term = "visits";
    const rows = await context.db.$queryRaw<{ id: string; text: string; runId: string }[]>`
      SELECT r.id, t.text, r."runId" FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId"`;
    const want = rows.filter((row) => row.text.toLowerCase().includes(term) && row.runId === runs.gpt4Analytics).map((row) => row.id).sort();
    expect(want.length).toBeGreaterThan(0);
    const outcome = await searched({ q: term, in: "tasks", run: runs.gpt4Analytics });
    const ids: string[] = outcome.hits.map((hit) => hit.resultId);
    for (let page = 1; page < outcome.pages; page += 1) {
      ids.push(...(await searched({ q: term, in: "tasks", run: runs.gpt4Analytics, page })).hits.map((hit) => hit.resultId));
    }
    expect(ids.sort()).toEqual(want);
    expect(outcome.hits.every((hit) => hit.step === null && hit.field === "task")).toBe(true);
  });
});
