// A fresh `npm start` with nothing imported, WORKBENCH_DATA_DIR pointing nowhere and no network (the
// official file server is a closed port): within 2 minutes it serves a generated workplace — the home
// page lists it, the launch form runs the oracle agent on it, and the leaderboard shows the run.
// Runs its own `npm start` (own embedded PostgreSQL in a temp dir, own port) beside the suite's server;
// uses the suite's production build (NEXT_DIST_DIR, .next-test under `npm test`).
import os from "node:os";
import path from "node:path";
import { expect, test } from "./fixtures";
import { NO_SESSION } from "./auth-state";
import { freePort, OwnStudio, waitUntilServing } from "./npm-start";
import { LaunchPage } from "./pages/launch-page";

const START_BUDGET_MS = 120_000;

test.describe("first start offline", () => {
  test.use({ storageState: NO_SESSION });
  const own = new OwnStudio();
  test.afterAll(() => own.cleanUp());

  test("serves a generated dataset, a working launch form and leaderboard within 2 minutes", async ({ page }) => {
    test.setTimeout(START_BUDGET_MS + 120_000);
    const [port, closedPort] = await Promise.all([freePort(), freePort()]);
    const started = Date.now();
    const studio = own.start(port, {
      WORKBENCH_DATA_DIR: path.join(os.tmpdir(), "workbench-data-that-does-not-exist"),
      WORKBENCH_PG_DATA_DIR: own.pgDataDir("wb-offline-pg-"),
      WORKBENCH_FETCH_BASE_URL: `http://127.0.0.1:${closedPort}`,
      WORKBENCH_OFFLINE: undefined,
    });
    const { base } = studio;
    await waitUntilServing(studio, START_BUDGET_MS);
    expect(Date.now() - started).toBeLessThan(START_BUDGET_MS);
    expect(studio.output()).toContain("does not exist");
    expect(studio.output()).toContain("download failed");

    await page.goto(`${base}/`);
    await expect(page.getByTestId("dataset-gen-s1-x1")).toBeVisible();
    await expect(page.getByTestId("generated-params")).toContainText("seed 1");

    // The home page counts the workplace's own tasks (not the official 690), in the right number.
    const tasks = Number(await page.getByTestId("version-v1-tasks").first().innerText());
    expect(tasks).toBeGreaterThan(0);
    await expect(page.getByTestId("page-description")).toContainText(`gen-s1-x1: ${tasks.toLocaleString("en-US")} tasks`);
    await expect(page.getByTestId("page-description")).not.toContainText("690");
    await expect(page.getByTestId("dataset-runs")).toHaveText("0 runs");

    // The boards open on the only dataset there is, with its tab (no empty official one), and say what
    // gives a generated workplace its first runs (the paper's results are not for it).
    for (const board of ["/leaderboard", "/leaderboard/runs"]) {
      await page.goto(`${base}${board}`);
      await expect(page.getByTestId("leaderboard-empty")).toContainText("No runs on gen-s1-x1 yet");
      await expect(page.getByTestId("empty-hint")).toHaveText("npm run workbench -- run --agent oracle --dataset gen-s1-x1");
      await expect(page.getByTestId("leaderboard-empty")).not.toContainText("paper");
    }
    await page.goto(`${base}/leaderboard`);
    const tabs = page.getByTestId("filter-dataset-tabs").getByRole("link");
    await expect(tabs).toHaveText(["gen-s1-x1 (generated)", "All datasets"]);
    await expect(tabs.first()).toHaveAttribute("aria-current", "true");

    await page.goto(`${base}/runs/new`);
    const launch = new LaunchPage(page);
    await expect(launch.form).toBeVisible();
    await expect(page.locator("#dataset")).toHaveValue("gen-s1-x1");
    await launch.chooseAgent("oracle");
    await launch.fill("limit", "10");
    await launch.fill("concurrency", "5");
    await launch.submit();
    await page.waitForURL(/\/runs\/(?!new)[^/]+$/, { timeout: 30_000 });
    await expect(page.getByTestId("run-progress").first()).toHaveAttribute("data-total", "10");
    await expect(page.getByText("10/10 · 100 %")).toBeVisible({ timeout: 60_000 });

    await page.goto(`${base}/leaderboard/runs`); // the 10-task run is partial: the configuration board leaves it out
    // The oracle is a reference agent: listed apart from the (empty) ranking of models.
    await expect(page.getByTestId("reference-table")).toBeVisible();
    await expect(page.getByTestId("leaderboard-row")).toHaveCount(1);
    await expect(page.getByTestId("leaderboard-row").first()).toContainText("oracle");

    await page.goto(`${base}/`);
    await expect(page.getByTestId("dataset-runs")).toHaveText("1 run");
  });
});
