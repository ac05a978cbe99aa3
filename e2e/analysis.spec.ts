// Issue 10's analysis views against seeded runs (e2e/analysis-seed.ts): the configuration leaderboard
// (filter, sort, CSV = table), the frontier with its Pareto points, compare with McNemar and traces side
// by side, the first divergent step, j/k/n/p navigation, flaky tasks (a real 3-trial run on the built-in
// mock endpoint's `flaky` model, and a seeded one); screenshots at 1400 and 390 px.
import { parse } from "csv-parse/sync";
import { expect, test } from "./fixtures";
import { seedAnalysis, type AnalysisSeed } from "./analysis-seed";
import { screenshotBothWidths } from "./screenshots";
import { LaunchPage } from "./pages/launch-page";
import { RunPage } from "./pages/run-page";

let seed: AnalysisSeed;

test.beforeAll(async () => {
  seed = await seedAnalysis();
});

const boardUrl = () => `/leaderboard?agent=tools&gt=v1`;

test.describe("configuration leaderboard", () => {
  test("filters in the URL, sorts on a column, and the CSV holds the table's rows as numbers", async ({ page }) => {
    await page.goto("/leaderboard");
    await page.getByTestId("filter-agent").selectOption("tools");
    await page.getByTestId("filter-gt").selectOption("v1");
    await page.getByTestId("filter-apply").click();
    await expect(page).toHaveURL(/agent=tools/);
    const rows = page.getByTestId("config-row");
    const models = [seed.cheap.model, seed.mid.model, seed.dear.model];
    for (const model of models) await expect(rows.filter({ hasText: model })).toHaveCount(1);
    // The 3-trial flaky run covers 4 tasks: partial, so left out by default.
    await expect(rows.filter({ hasText: seed.flaky.model })).toHaveCount(0);

    await page.getByTestId("sort-cost").click(); // desc first
    await expect(page).toHaveURL(/sort=cost/);
    await page.getByTestId("sort-cost").click(); // then asc
    await expect(page).toHaveURL(/dir=asc/);
    await expect(page.getByTestId("sort-cost")).toHaveText("$/task ↑");
    // $0.001 < $0.01 < $0.1 per task
    await expect.poll(async () => (await rows.locator('[data-column="model"]').allTextContents()).filter((label) => models.includes(label))).toEqual(models);

    const href = await page.getByTestId("export-csv").getAttribute("href");
    expect(href).toContain("format=csv");
    const csv = await (await page.request.get(href ?? "")).text();
    const [header = [], ...body] = parse(csv) as string[][];
    // The CSV carries numbers (rates as fractions, the interval as two bounds), one row per table row.
    expect(header).toEqual(expect.arrayContaining(["model", "dataset", "ground_truth", "ground_truth_revision", "protocol", "pass_at_1", "pass_at_1_ci_low", "pass_at_1_ci_high"]));
    const column = (name: string) => header.indexOf(name);
    const tableRows = await rows.evaluateAll((elements) =>
      elements.map((row) => ({
        model: (row.querySelector('[data-column="model"]')?.textContent ?? "").trim(),
        pass1: (row.querySelector('[data-column="pass1"]')?.textContent ?? "").trim(),
      })),
    );
    expect(body.map((row) => row[column("model")])).toEqual(tableRows.map((row) => row.model));
    for (const [index, row] of body.entries()) {
      expect(row[column("dataset")]).toBe("workbench");
      expect(`${(Number(row[column("pass_at_1")]) * 100).toFixed(2)} %`).toBe(tableRows[index]?.pass1);
      expect(Number(row[column("pass_at_1_ci_low")])).toBeLessThanOrEqual(Number(row[column("pass_at_1")]));
      expect(Number(row[column("pass_at_1_ci_high")])).toBeGreaterThanOrEqual(Number(row[column("pass_at_1")]));
    }

    const json = await (await page.request.get((href ?? "").replace("format=csv", "format=json"))).json();
    expect(json.rows.map((row: { label: string }) => row.label)).toEqual(tableRows.map((row) => row.model));
  });

  test("the frontier marks the Pareto points and a click opens the configuration", async ({ page }) => {
    await page.goto(boardUrl());
    const point = (model: string) => page.locator(`[data-testid="frontier-point"][data-label^="${model} "]`);
    await expect(point(seed.cheap.model)).toHaveAttribute("data-frontier", "true");
    await expect(point(seed.mid.model)).toHaveAttribute("data-frontier", "true");
    await expect(point(seed.dear.model)).toHaveAttribute("data-frontier", "false"); // dearer and less accurate than mid
    // Clicks the circle itself (another suite run's seed may sit on the same spot).
    await point(seed.mid.model).dispatchEvent("click");
    await page.waitForURL(/\/leaderboard\/configurations\/[^/?]+$/);
    await expect(page.getByTestId("configuration-title")).toHaveText(seed.mid.model);
    await expect(page.getByTestId("configuration-runs")).toContainText(`e2e mid ${seed.tag}`);
  });
});

test.describe("compare and traces", () => {
  test("McNemar says B is better beyond noise; regressions first; a flipped task opens both traces", async ({ page }) => {
    await page.goto(`/runs/compare?a=${seed.cheap.id}&b=${seed.mid.id}`);
    await expect(page.getByTestId("mcnemar-sentence")).toContainText(`B (e2e mid ${seed.tag}) is better than A beyond noise`);
    await expect(page.getByTestId("mcnemar-p")).toContainText("p < 0.001");
    await expect(page.getByTestId("domain-delta-row").filter({ hasText: "email" })).toHaveCount(1);
    const flipped = page.getByTestId("flipped-row");
    await expect(flipped.first()).toHaveAttribute("data-kind", "regression");
    const regression = flipped.filter({ hasText: seed.divergent.key });
    await regression.getByTestId("side-by-side-link").click();
    await page.waitForURL(/\/runs\/compare\/traces\?/);
    await expect(page.getByTestId("trace-column-a")).toContainText(`e2e cheap ${seed.tag}`);
    await expect(page.getByTestId("trace-column-b")).toContainText(`e2e mid ${seed.tag}`);
    await expect(page.getByTestId("trace-column-a").getByTestId("first-divergence")).toHaveAttribute("data-kind", "none");
    await expect(page.getByTestId("trace-column-b").getByTestId("first-divergence")).toHaveAttribute("data-kind", "wrong-write");
  });

  test("the first divergent step of a known task is at the top, linked and marked", async ({ page }) => {
    await page.goto(`/runs/${seed.mid.id}/tasks/${seed.divergent.midResultId}`);
    const card = page.getByTestId("first-divergence");
    await expect(card).toHaveAttribute("data-kind", "wrong-write");
    await expect(card).toHaveAttribute("data-step", "1");
    await expect(page.getByTestId("first-divergence-reason")).toContainText(`deleted calendar ${seed.divergent.wrongEventId}, which the ground truth keeps`);
    await page.getByTestId("first-divergence-link").click();
    await expect(page).toHaveURL(/#step-1$/);
    await expect(page.locator('li[data-step="1"]')).toHaveAttribute("data-divergent", "true");
  });

  test("j/k move between tasks of the run, n/p between steps, with a visible hint", async ({ page }) => {
    const url = `/runs/${seed.mid.id}/tasks/${seed.divergent.midResultId}`;
    await page.goto(url);
    await expect(page.getByTestId("keyboard-hint")).toContainText("next/previous");
    await expect(page.getByTestId("keyboard-hint")).toHaveAttribute("data-ready", "true"); // keys bound
    await page.keyboard.press("n");
    await expect(page.locator('li[data-step="0"]')).toBeFocused();
    await page.keyboard.press("n");
    await expect(page.locator('li[data-step="1"]')).toBeFocused();
    await page.keyboard.press("p");
    await expect(page.locator('li[data-step="0"]')).toBeFocused();
    await page.keyboard.press("j");
    await page.waitForURL((next) => next.pathname.startsWith(`/runs/${seed.mid.id}/tasks/`) && !next.pathname.endsWith(seed.divergent.midResultId));
    await expect(page.getByTestId("previous-task")).toHaveAttribute("href", url); // the next task's page is rendered
    await expect(page.getByTestId("keyboard-hint")).toHaveAttribute("data-ready", "true");
    await page.keyboard.press("k");
    await page.waitForURL((next) => next.pathname === url);
  });
});

test.describe("flaky tasks", () => {
  test("a 3-trial mock run scripted to flip lists its tasks with their pass rates", async ({ page }) => {
    test.setTimeout(180_000);
    // The mock's `flaky` model ends every 2nd of 3 conversations about a task at once: right, wrong, right.
    // Served by Studio itself (no base URL): one scripted model per run, counting its conversations.
    const launch = new LaunchPage(page);
    await launch.fillMockRun("tools", "flaky");
    await launch.checkDomain("email");
    await launch.fill("limit", "2");
    await launch.choose("sample", "first");
    await launch.fill("trials", "3");
    await launch.fill("name", `e2e flaky mock ${seed.tag}`);
    await launch.submitAndOpenRun();
    await new RunPage(page).waitForStatus("completed", 150_000);
    const rows = page.getByTestId("flaky-row");
    await expect(rows).toHaveCount(2);
    for (const rate of await rows.getByTestId("flaky-pass-rate").allTextContents()) expect(rate).toBe("67 % (2/3)");
  });

  test("a seeded 3-trial run lists only the task that flips", async ({ page }) => {
    await page.goto(`/runs/${seed.flaky.id}`);
    const rows = page.getByTestId("flaky-row");
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toHaveAttribute("data-key", seed.flakyKey);
    await expect(rows.first().getByTestId("flaky-pass-rate")).toHaveText("67 % (2/3)");
  });
});

test("screenshots of every page at 1400 and 390 px, no horizontal page scroll at 390 px", async ({ page }) => {
  test.setTimeout(240_000);
  const pages: [string, string][] = [
    ["home", "/"],
    ["leaderboard", boardUrl()],
    ["leaderboard-runs", "/leaderboard/runs?gt=v1"],
    ["runs", "/runs"],
    ["new-run", "/runs/new"],
    ["run", `/runs/${seed.flaky.id}`],
    ["trace", `/runs/${seed.mid.id}/tasks/${seed.divergent.midResultId}`],
    ["compare", `/runs/compare?a=${seed.cheap.id}&b=${seed.mid.id}`],
    ["side-by-side", `/runs/compare/traces?a=${seed.divergent.cheapResultId}&b=${seed.divergent.midResultId}`],
    ["tasks", "/tasks"],
  ];
  for (const [name, url] of pages) await screenshotBothWidths(page, name, url);
});
