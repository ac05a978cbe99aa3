// Runs you can name, tag, annotate, archive, restore and delete, and test runs kept out of the rankings.
// The runs are made the way a user makes them: `workbench run` on the keyless mock endpoint (a noop
// script, so every run finishes in seconds) against the e2e database; such a run is a test run.
import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import type { Page } from "@playwright/test";
import { startMockProvider, type MockProvider } from "@/lib/mock-provider";
import { expect, test } from "./fixtures";

const REPO_ROOT = path.resolve(import.meta.dirname, "..");
const run = promisify(execFile);
let mock: MockProvider;

test.beforeAll(async () => {
  mock = await startMockProvider({ behaviour: "noop", latencyMs: 0 });
});

test.afterAll(async () => {
  await mock.close();
});

/** A finished 6-task run on the mock endpoint (its model name is the label the boards show); returns its id. */
async function mockRun(model: string): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    ["--import", "tsx", "scripts/workbench.ts", "run", "--agent", "react", "--endpoint", "mock", "--base-url", mock.url, "--model", model,
     "--limit", "6", "--sample", "first", "--concurrency", "6", "--name", `e2e ${model}`],
    { cwd: REPO_ROOT, env: process.env, timeout: 240_000 },
  );
  const match = /run ([a-z0-9-]{10,})/i.exec(stdout);
  const { stdout: listed } = await run(process.execPath, ["--import", "tsx", "scripts/workbench.ts", "runs", "list", "--json", "--limit", "20"], { cwd: REPO_ROOT, env: process.env });
  const found = (JSON.parse(listed) as { id: string; name: string }[]).find((row) => row.name === `e2e ${model}`);
  const id = found?.id ?? match?.[1];
  if (!id) throw new Error(`no run for ${model}: ${stdout}`);
  return id;
}

const boardRow = (page: Page, model: string) => page.locator(`[data-testid="leaderboard-row"][data-model="${model}"]`);
const configRow = (page: Page, model: string) => page.locator(`[data-testid="config-row"][data-model="${model}"]`);
const listRow = (page: Page, id: string) => page.locator(`[data-testid="run-row"][data-run-id="${id}"]`);

test("a mock-endpoint run is labelled test and kept off both leaderboards until the filter includes it", async ({ page }) => {
  test.setTimeout(300_000);
  const model = `e2e-mock-${Date.now()}`;
  const id = await mockRun(model);

  await page.goto("/runs");
  await expect(listRow(page, id).getByTestId("test-label")).toHaveText("test");
  await page.goto(`/runs/${id}`);
  await expect(page.getByTestId("test-label")).toBeVisible();

  // Rank individual runs: newest first, where it would lead, yet absent; shown (labelled) with the filter.
  await page.goto("/leaderboard/runs?sort=date&dir=desc");
  await expect(page.getByTestId("leaderboard-row").first()).toBeVisible();
  await expect(boardRow(page, model)).toHaveCount(0);
  await page.getByTestId("filter-tests").getByRole("link", { name: "Shown" }).click();
  await expect(boardRow(page, model)).toHaveCount(1);
  await expect(boardRow(page, model).getByTestId("test-label")).toBeVisible();

  // The configuration board (partial runs included: it ran 6 tasks) and its frontier read the same rows.
  // Sorted by name, where "e2e-mock-…" lands on the first page however many configurations other specs made.
  await page.goto("/leaderboard?partial=1&sort=label&dir=asc");
  await expect(page.getByTestId("config-row").first()).toBeVisible();
  await expect(configRow(page, model)).toHaveCount(0);
  await page.goto("/leaderboard?partial=1&tests=1&sort=label&dir=asc");
  await expect(configRow(page, model)).toHaveCount(1);
  await expect(configRow(page, model).getByTestId("test-label")).toBeVisible();
});

test("rename, note, tag, archive, restore and delete from the UI", async ({ page }) => {
  test.setTimeout(300_000);
  const stamp = Date.now();
  const model = `e2e-manage-${stamp}`;
  const tag = `tag-${stamp}`;
  const id = await mockRun(model);
  const other = await mockRun(`e2e-other-${stamp}`);

  // A real run from here on: unmarked by hand, it joins the boards.
  await page.goto(`/runs/${id}`);
  await page.getByTestId("run-unmark-test").click();
  await expect(page.getByTestId("run-mark-test")).toBeVisible();
  await expect(page.getByTestId("test-label")).toHaveCount(0);
  await page.goto("/leaderboard/runs?sort=date&dir=desc");
  await expect(boardRow(page, model)).toHaveCount(1);

  // Rename and note.
  const name = `Baseline ${stamp}`;
  await page.goto(`/runs/${id}`);
  await page.getByTestId("run-rename-input").fill(name);
  await page.getByTestId("run-rename-submit").click();
  await expect(page.getByTestId("run-name")).toHaveText(name);
  await page.getByTestId("run-note-input").fill("temperature 0, first try");
  await page.getByTestId("run-note-submit").click();
  await expect(page.getByTestId("run-note")).toHaveText("temperature 0, first try");

  // Tag it; the runs list and the run board filter by the tag.
  await page.getByTestId("run-tag-input").fill(tag);
  await page.getByTestId("run-tag-submit").click();
  await expect(page.getByTestId("run-tag")).toContainText(tag);
  await page.goto("/runs");
  await page.getByTestId("runs-filter-tag").getByRole("link", { name: tag }).click();
  await expect(page.getByTestId("run-row")).toHaveCount(1);
  await expect(listRow(page, id)).toBeVisible();
  await expect(listRow(page, id).getByTestId("run-name-link")).toHaveText(name); // shown whole (names wrap, never cut)
  await page.goto(`/leaderboard/runs?sort=date&dir=desc&tag=${tag}`);
  await expect(page.getByTestId("leaderboard-row")).toHaveCount(1);
  await expect(boardRow(page, model)).toHaveCount(1);
  // The configuration board keeps the configurations that have a run with the tag.
  await page.goto(`/leaderboard?partial=1&tag=${tag}`);
  await expect(page.getByTestId("config-row")).toHaveCount(1);
  await expect(configRow(page, model)).toHaveCount(1);

  // Bulk: tag two runs at once from the list.
  await page.goto("/runs");
  await listRow(page, id).getByTestId("run-select").check();
  await listRow(page, other).getByTestId("run-select").check();
  await page.getByTestId("bulk-tag-input").fill(`bulk-${stamp}`);
  await page.getByTestId("bulk-tag").click();
  await expect(page.getByTestId("runs-bulk").getByTestId("manage-done")).toContainText("2 runs");
  await page.goto(`/runs?tag=bulk-${stamp}`);
  await expect(page.getByTestId("run-row")).toHaveCount(2);

  // Archive: gone from the boards, the compare picker and the list; listed under Archived.
  await page.goto(`/runs/${id}`);
  await page.getByTestId("run-archive").click();
  await expect(page.getByTestId("archived-label")).toBeVisible();
  await page.goto("/leaderboard/runs?sort=date&dir=desc");
  await expect(page.getByTestId("leaderboard-row").first()).toBeVisible();
  await expect(boardRow(page, model)).toHaveCount(0);
  await page.goto("/leaderboard?partial=1&sort=label&dir=asc");
  await expect(configRow(page, model)).toHaveCount(0);
  await page.goto("/runs/compare");
  await expect(page.getByTestId("compare-a").locator(`option[value="${id}"]`)).toHaveCount(0);
  await page.goto("/runs");
  await expect(listRow(page, id)).toHaveCount(0);
  await page.getByTestId("runs-filter-archived").getByRole("link", { name: "Archived" }).click();
  await expect(listRow(page, id)).toBeVisible();

  // Restore: back on the boards and in the picker.
  await page.goto(`/runs/${id}`);
  await page.getByTestId("run-restore").click();
  await expect(page.getByTestId("archived-label")).toHaveCount(0);
  await page.goto("/leaderboard/runs?sort=date&dir=desc");
  await expect(boardRow(page, model)).toHaveCount(1);
  await page.goto("/leaderboard?partial=1&sort=label&dir=asc");
  await expect(configRow(page, model)).toHaveCount(1);
  await page.goto("/runs/compare");
  await expect(page.getByTestId("compare-a").locator(`option[value="${id}"]`)).toHaveCount(1);

  // Delete: the confirmation names the run and what goes with it; then the run is gone everywhere.
  await page.goto(`/runs/${id}`);
  await page.getByTestId("run-delete").click();
  await expect(page.getByTestId("run-delete-summary")).toContainText(`Delete run ${name} with its 6 results`);
  await page.getByTestId("run-delete-confirm").click();
  await page.waitForURL(/\/runs$/);
  await expect(listRow(page, id)).toHaveCount(0);
  // The run page streams (loading.tsx), so the not-found page comes with the stream's 200.
  await page.goto(`/runs/${id}`);
  await expect(page.getByTestId("not-found")).toBeVisible();
  await page.goto("/leaderboard/runs?sort=date&dir=desc");
  await expect(boardRow(page, model)).toHaveCount(0);
});
