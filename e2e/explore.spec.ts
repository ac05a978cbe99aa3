// Issue 30's exploring views against the e2e database (the paper's 8 recorded v1 runs, a generated
// workplace with an oracle run): search across traces opened at its step, a 4-run heatmap with flips,
// the sandbox browser and a task's end states, official vs generated. Figures are checked against SQL
// and JavaScript recomputations over the same database, not against the pages' own queries.
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import type { Page } from "@playwright/test";
import { NO_SESSION } from "./auth-state";
import { expect, test } from "./fixtures";
import { SCREENSHOT_DIR } from "./screenshots";
import { PAPER_TEMPLATES } from "@/lib/workbench/generate/paper-templates";

async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

async function screenshotAt1440(page: Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-1440.png`), fullPage: true });
}

const recordedRun = async (name: string) => (await sql<{ id: string }>(`SELECT id FROM "Run" WHERE name = $1 ORDER BY "createdAt" LIMIT 1`, [name]))[0]?.id ?? "";

test("a search hit opens its trace at the matching step; the count equals an ILIKE recount", async ({ page }) => {
  const runName = "gpt-4 · all tools (recorded) · v1";
  const runId = await recordedRun(runName);
  const term = "Wellness Expo";
  const [expected] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM "Step" s JOIN "TaskResult" r ON r.id = s."resultId" JOIN "Task" t ON t.id = r."taskId"
      WHERE r."runId" = $1 AND t.domain = 'email' AND (s.text ILIKE $2 OR s.call ILIKE $2 OR s.observation ILIKE $2)`,
    [runId, `%${term}%`],
  );
  expect(expected?.n).toBeGreaterThan(0);
  await page.goto("/search");
  await page.getByTestId("search-box").fill(term);
  await page.getByTestId("search-run").selectOption(runId);
  await page.getByTestId("search-domain").selectOption("email");
  await page.getByTestId("search-submit").click();
  await expect(page).toHaveURL(/q=Wellness/);
  await expect(page.getByTestId("search-count")).toContainText(`${expected?.n} matching step`);
  const first = page.getByTestId("search-hit").first();
  await expect(first.getByTestId("search-snippet")).toContainText(term);
  await expect(first.locator("mark").first()).toHaveText(new RegExp(`^${term}$`, "i"));
  await screenshotAt1440(page, "search");

  const href = (await first.getByTestId("search-hit-link").getAttribute("href")) ?? "";
  const step = /open=(\d+)#step-(\d+)$/.exec(href);
  expect(step?.[1]).toBe(step?.[2]);
  await first.getByTestId("search-hit-link").click();
  await expect(page).toHaveURL(new RegExp(`open=${step?.[1]}#step-${step?.[1]}$`));
  const opened = page.locator(`#step-${step?.[1]}`);
  await expect(opened).toBeInViewport();
  // The step the hit named holds the term in one of its searched columns.
  const resultId = /tasks\/([^/?]+)/.exec(href)?.[1] ?? "";
  const [stored] = await sql<{ text: string | null; call: string | null; observation: string | null }>(
    `SELECT text, call, observation FROM "Step" WHERE "resultId" = $1 AND index = $2`,
    [resultId, Number(step?.[1])],
  );
  expect([stored?.text, stored?.call, stored?.observation].some((value) => value?.toLowerCase().includes(term.toLowerCase()))).toBe(true);
});

test("search is sized: the counts by domain and by run equal a GROUP BY recount", async ({ page }) => {
  const term = "Wellness Expo";
  const where = `(s.text ILIKE $1 OR s.call ILIKE $1 OR s.observation ILIKE $1)`;
  const byDomain = await sql<{ key: string; n: number }>(
    `SELECT t.domain AS key, count(*)::int AS n FROM "Step" s JOIN "TaskResult" r ON r.id = s."resultId" JOIN "Task" t ON t.id = r."taskId" WHERE ${where} GROUP BY 1`,
    [`%${term}%`],
  );
  const byRun = await sql<{ key: string; n: number }>(
    `SELECT r."runId" AS key, count(*)::int AS n FROM "Step" s JOIN "TaskResult" r ON r.id = s."resultId" WHERE ${where} GROUP BY 1`,
    [`%${term}%`],
  );
  const total = byDomain.reduce((sum, row) => sum + row.n, 0);
  expect(total).toBeGreaterThan(0);
  expect(total).toBeLessThanOrEqual(10_000);
  await page.goto(`/search?q=${encodeURIComponent(term)}`);
  await expect(page.getByTestId("search-count")).toContainText(`${total} matching step`);
  const shownDomains = page.getByTestId("search-domain-count");
  await expect(shownDomains).toHaveCount(byDomain.length);
  for (const row of byDomain) {
    await expect(page.locator(`[data-testid="search-domain-count"][data-key="${row.key}"]`)).toHaveAttribute("data-count", String(row.n));
  }
  // Runs: the ones shown (most matches first, at most 12) carry the recount's figures.
  const shownRuns = page.getByTestId("search-run-count");
  const shown = await shownRuns.count();
  expect(shown).toBe(Math.min(12, byRun.length));
  const recount = new Map(byRun.map((row) => [row.key, row.n]));
  for (let index = 0; index < shown; index += 1) {
    const run = shownRuns.nth(index);
    expect(Number(await run.getAttribute("data-count"))).toBe(recount.get((await run.getAttribute("data-key")) ?? ""));
  }
});

test("an anonymous visitor's term with no 3 letters or digits, or over 200 characters, is refused with its message", async ({ browser }) => {
  const anonymous = await browser.newContext({ storageState: NO_SESSION });
  const page = await anonymous.newPage();
  await page.goto(`/search?q=${encodeURIComponent("%%%")}`);
  await expect(page.getByTestId("search-too-broad")).toContainText("needs at least 3 letters or digits in a row");
  await page.goto(`/search?q=${"x".repeat(201)}`);
  await expect(page.getByTestId("search-too-long")).toContainText("The search term has 201 characters; at most 200 are searched.");
  await anonymous.close();
});

test("four recorded runs as a heatmap: sorted by disagreement, flips against the baseline equal a recount", async ({ page }) => {
  const names = ["gpt-4 · all tools (recorded) · v1", "claude-2 · all tools (recorded) · v1", "gpt-4 · domains tools (recorded) · v1", "claude-2 · domains tools (recorded) · v1"];
  const ids = await Promise.all(names.map(recordedRun));
  expect(ids.every(Boolean)).toBe(true);
  await page.goto("/runs/compare");
  await page.getByTestId("compare-many-link").click();
  for (const name of names) await page.locator(`[data-testid="many-runs-option"][data-run-name="${name}"]`).check();
  await page.getByTestId("many-runs-submit").click();
  await expect(page.getByTestId("heatmap-run")).toHaveCount(4);
  await expect(page.getByTestId("heatmap-row")).toHaveCount(100);
  const disagreements = (await page.getByTestId("heatmap-disagreement").allTextContents()).map(Number);
  expect(disagreements).toEqual([...disagreements].sort((a, b) => b - a));
  expect(disagreements[0]).toBe(2); // with four runs, a 2-2 split is the most they can disagree

  // The columns follow the URL's order (the picker's); the first is the baseline.
  const order = new URL(page.url()).searchParams.getAll("runs");
  expect([...order].sort()).toEqual([...ids].sort());
  // Flips of each run against the baseline, recounted from the verdicts of trial 0.
  const verdicts = await sql<{ runId: string; key: string; correct: boolean }>(
    `SELECT r."runId", t.key, r.correct FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId"
      WHERE r."runId" = ANY($1) AND r.trial = 0 AND r.status = 'done' AND r.correct IS NOT NULL`,
    [ids],
  );
  const byRun = new Map(ids.map((id) => [id, new Map(verdicts.filter((row) => row.runId === id).map((row) => [row.key, row.correct]))]));
  const baseline = byRun.get(order[0] ?? "") ?? new Map<string, boolean>();
  const rows = page.getByTestId("flips-row");
  await expect(rows).toHaveCount(3);
  for (const [index, id] of order.slice(1).entries()) {
    const other = byRun.get(id) ?? new Map<string, boolean>();
    const keys = [...baseline.keys()].filter((key) => other.has(key));
    const gained = keys.filter((key) => !baseline.get(key) && other.get(key)).length;
    const lost = keys.filter((key) => baseline.get(key) && !other.get(key)).length;
    await expect(rows.nth(index).getByTestId("flips-gained")).toHaveText(String(gained));
    await expect(rows.nth(index).getByTestId("flips-lost")).toHaveText(String(lost));
  }
  await screenshotAt1440(page, "heatmap");

  // Another baseline, then the template families (the paper's 69).
  await page.getByRole("link", { name: "set baseline" }).first().click();
  await expect(page.getByTestId("heatmap-baseline")).toHaveCount(1);
  await expect(page).toHaveURL(new RegExp(`baseline=${order[1]}`));
  await page.getByTestId("many-view-templates").click();
  await expect(page.getByTestId("template-row")).toHaveCount(69);
});

test("the sandbox browser filters and sorts a table; a task shows the rows its ground truth and an agent change", async ({ page }) => {
  const [version] = await sql<{ id: string }>(
    `SELECT v.id FROM "GroundTruthVersion" v JOIN "Dataset" d ON d.id = v."datasetId" WHERE d.slug = 'workbench' AND v.name = 'v1'`,
  );
  await page.goto("/sandbox");
  await page.locator(`[data-testid="sandbox-version-link"][data-dataset="workbench"][data-version="v1"]`).click();
  await expect(page).toHaveURL(new RegExp(`/sandbox/${version?.id}`));
  await expect(page.getByTestId("sandbox-table-tab").filter({ hasText: "directory" })).toHaveCount(1);
  await page.getByTestId("sandbox-table-tab").filter({ hasText: /^email$/ }).click();
  await expect(page).toHaveURL(/table=email/);

  // Filter on every cell: the count equals a recount in JavaScript over the stored rows.
  const stored = await sql<{ data: Record<string, unknown> }>(`SELECT data FROM "SandboxRow" WHERE "versionId" = $1 AND "table" = 'email'`, [version?.id]);
  const text = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value ?? ""));
  const matching = stored.filter((row) => Object.values(row.data).some((value) => text(value).toLowerCase().includes("nadia")));
  await page.getByTestId("sandbox-filter-q").fill("nadia");
  await page.getByTestId("sandbox-filter-apply").click();
  await expect(page.getByTestId("sandbox-count")).toHaveText(`${matching.length} rows`);

  // Sorted on email_id, descending: the first row is the highest id of the filtered rows.
  const sortOnId = page.locator('[data-testid="sandbox-sort"][data-column="email_id"]');
  await sortOnId.click();
  await expect(sortOnId).toHaveText("email_id ↑");
  await sortOnId.click();
  await expect(sortOnId).toHaveText("email_id ↓");
  await expect(page).toHaveURL(/dir=desc/);
  const highest = matching.map((row) => String(row.data.email_id)).sort().at(-1);
  await expect(page.getByTestId("sandbox-row").first().locator('[data-column="email_id"]')).toHaveText(highest ?? "");
  await screenshotAt1440(page, "sandbox");

  // A task whose ground truth deletes one event: its end state lacks that row; the agent's side is shown too.
  const [task] = await sql<{ id: string; eventId: string }>(
    `SELECT t.id, substring(t."groundTruth"[1] from 'event_id=.([0-9]+)') AS "eventId" FROM "Task" t JOIN "GroundTruthVersion" v ON v.id = t."versionId"
      WHERE v.id = $1 AND t."actionCount" = 1 AND t."groundTruth"[1] LIKE 'calendar.delete_event%' ORDER BY t.key LIMIT 1`,
    [version?.id],
  );
  await page.goto(`/tasks/${task?.id}`);
  await page.getByTestId("task-sandbox-link").click();
  const groundTruth = page.getByTestId("ground-truth-end");
  await expect(groundTruth.locator('[data-testid="diff-table"][data-table="calendar"]')).toBeVisible();
  await expect(groundTruth).toContainText(task?.eventId ?? "missing");
  await expect(page.getByTestId("task-sandbox-agent")).toBeVisible();
  await screenshotAt1440(page, "task-sandbox");
});

test("official vs generated: one configuration per domain, each side pooled over its runs, rates equal a recount, and why no paired test applies", async ({ page }) => {
  const [generated] = await sql<{ id: string; agent: string; toolSet: string; protocol: string; groundTruth: string; scoringRevision: string | null }>(
    `SELECT r.id, r.agent, r."toolSet", r.protocol, r."groundTruth", r."scoringRevision" FROM "Run" r JOIN "Dataset" d ON d.id = r."datasetId"
      WHERE d.kind = 'generated' AND r.agent = 'oracle' AND r.status = 'completed' AND NOT r."testRun" AND r."archivedAt" IS NULL AND NOT (r.params ? 'faultRate')
      ORDER BY r."createdAt" LIMIT 1`,
  );
  expect(generated).toBeDefined();
  // The same configuration on the official tasks, seeded: every email task wrong, the others right.
  const officialId = randomUUID();
  await sql(
    `INSERT INTO "Run" (id, name, "datasetId", "groundTruth", "versionId", source, agent, "toolSet", protocol, "scoringRevision", params, status, "tasksTotal", "tasksDone", "createdAt", "finishedAt")
     SELECT $1, $2, v."datasetId", $6, v.id, 'launched', $3, $4, $5, $7, '{}'::jsonb, 'completed', 690, 690, now(), now()
       FROM "GroundTruthVersion" v JOIN "Dataset" d ON d.id = v."datasetId" WHERE d.slug = 'workbench' AND v.name = $6 ORDER BY v."importedAt" DESC LIMIT 1`,
    [officialId, `e2e official oracle ${officialId.slice(0, 8)}`, generated?.agent, generated?.toolSet, generated?.protocol, generated?.groundTruth, generated?.scoringRevision],
  );
  await sql(
    `INSERT INTO "TaskResult" (id, "runId", "taskId", trial, status, calls, correct, "sideEffects", "exactMatch")
     SELECT gen_random_uuid()::text, $1, t.id, 0, 'done', '{}', t.domain <> 'email', false, false FROM "Task" t WHERE t."versionId" = (SELECT "versionId" FROM "Run" WHERE id = $1)`,
    [officialId],
  );
  /** Scored verdicts of the runs the page names, pooled per domain: the recount. */
  const tallies = async (runIds: readonly string[]) =>
    new Map(
      (await sql<{ domain: string; n: number; correct: number }>(
        `SELECT t.domain, count(*)::int AS n, (count(*) FILTER (WHERE r.correct))::int AS correct FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId"
          WHERE r."runId" = ANY($1) AND r.status = 'done' AND r.correct IS NOT NULL GROUP BY t.domain`,
        [runIds],
      )).map((row) => [row.domain, row]),
    );

  // The older run-by-run link lands on the official run's configuration on the generated run's workplace.
  await page.goto(`/runs/generalisation?official=${officialId}&generated=${generated?.id}`);
  await page.waitForURL(/\/runs\/generalisation\?config=/);
  await expect(page.getByTestId("no-paired-test")).toContainText("No paired test applies");
  const named = async (testId: string) =>
    Promise.all((await page.getByTestId(testId).getByTestId("generalisation-run").all()).map(async (item) => (await item.getAttribute("data-run-id")) ?? ""));
  const officialRuns = await named("generalisation-official-runs");
  const generatedRuns = await named("generalisation-generated-runs");
  expect(officialRuns).toContain(officialId);
  expect(generatedRuns).toContain(generated?.id);
  const [officialTallies, generatedTallies] = [await tallies(officialRuns), await tallies(generatedRuns)];
  for (const [domain, tally] of officialTallies) {
    const row = page.locator(`[data-testid="generalisation-row"][data-domain="${domain}"]`);
    await expect(row.getByTestId("generalisation-official")).toHaveAttribute("data-n", String(tally.n));
    await expect(row.getByTestId("generalisation-official")).toHaveAttribute("data-correct", String(tally.correct));
    const other = generatedTallies.get(domain);
    if (other) await expect(row.getByTestId("generalisation-generated")).toHaveAttribute("data-correct", String(other.correct));
  }
  // Per paper template family: 69 rows; each row's counts recounted from the tasks' templates over the named runs.
  await expect(page.getByTestId("generalisation-template-row")).toHaveCount(69);
  for (const family of [PAPER_TEMPLATES[0], PAPER_TEMPLATES[40], PAPER_TEMPLATES[68]]) {
    const [official] = await sql<{ n: number; correct: number }>(
      `SELECT count(*)::int AS n, (count(*) FILTER (WHERE r.correct))::int AS correct FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId" WHERE r."runId" = ANY($1) AND r.status = 'done' AND t."baseTemplate" = $2`,
      [officialRuns, family?.paper],
    );
    const [fromGenerated] = await sql<{ n: number; correct: number }>(
      `SELECT count(*)::int AS n, (count(*) FILTER (WHERE r.correct))::int AS correct FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId" WHERE r."runId" = ANY($1) AND r.status = 'done' AND t."chosenTemplate" = ANY($2)`,
      [generatedRuns, family?.ours],
    );
    const row = page.locator(`[data-testid="generalisation-template-row"][data-row="${family?.row}"]`);
    await expect(row.getByTestId("generalisation-official")).toHaveAttribute("data-n", String(official?.n));
    expect(official?.n).toBeGreaterThanOrEqual(10);
    if ((fromGenerated?.n ?? 0) > 0) await expect(row.getByTestId("generalisation-generated")).toHaveAttribute("data-n", String(fromGenerated?.n));
  }
  await screenshotAt1440(page, "generalisation");
});
