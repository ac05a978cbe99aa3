// `npm start` with WORKBENCH_DATA_DIR at the official folder, on a fresh database, and nothing else:
// the folder's recorded results (the paper's runs, v1/data/results) are imported with its tasks, so the
// first page of the leaderboard shows the paper's configurations at the original evaluator's figures
// (WORKBENCH-REFERENCE.md: GPT-4 all tools 294/690 = 42.61 %, domains 340/690 = 49.28 %). A second
// start on the same database imports nothing new. Own `npm start` beside the suite's server (npm-start.ts).
import path from "node:path";
import { expect, test } from "./fixtures";
import { NO_SESSION } from "./auth-state";
import { freePort, OwnStudio, stopStudio, waitUntilServing } from "./npm-start";
import { LeaderboardPage } from "./pages/leaderboard-page";

const officialDir = process.env.WORKBENCH_DATA_DIR ?? path.resolve(import.meta.dirname, "..", "..", "shared", "workbench");
/** Migrations, the two ground truths and the paper's 8 runs scored, on a machine other suites load too. */
const FIRST_START_BUDGET_MS = 420_000;
const PAPER_RUNS = 8;

test.describe("first start on the official folder", () => {
  test.use({ storageState: NO_SESSION });
  const own = new OwnStudio();
  test.afterAll(() => own.cleanUp());

  test("the leaderboard's first page shows the paper's runs with no other command; a second start imports nothing", async ({ page }) => {
    test.setTimeout(2 * FIRST_START_BUDGET_MS);
    const port = await freePort();
    // Offline: the folder is the only source (a download is never tried on a database holding data anyway).
    const env = { WORKBENCH_DATA_DIR: officialDir, WORKBENCH_PG_DATA_DIR: own.pgDataDir("wb-official-pg-"), WORKBENCH_OFFLINE: "1" };
    const started = Date.now();
    let studio = own.start(port, env);
    await waitUntilServing(studio, FIRST_START_BUDGET_MS);
    test.info().annotations.push({ type: "first start", description: `${((Date.now() - started) / 1000).toFixed(0)} s to serving` });
    expect(studio.output()).toContain("Data: v1 imported, v2026 imported");
    expect(studio.output()).toContain(`Data: the paper's recorded runs: ${PAPER_RUNS} imported, 0 already there`);
    // What importing the results adds to a first start, for the record (it is printed with the counts).
    const resultsSeconds = /recorded runs: \d+ imported, 0 already there \((\d+\.\d) s\)/.exec(studio.output())?.[1];
    test.info().annotations.push({ type: "paper's runs imported in", description: `${resultsSeconds} s` });
    console.log(`first start: serving after ${((Date.now() - started) / 1000).toFixed(0)} s, of which the paper's runs ${resultsSeconds} s`);

    const leaderboard = new LeaderboardPage(page);
    await page.goto(`${studio.base}/leaderboard`);
    await expect(leaderboard.passAt1Of("gpt-4", "all")).toHaveText("42.61 %");
    await expect(leaderboard.passAt1Of("gpt-4", "domains")).toHaveText("49.28 %");
    await expect(leaderboard.rows()).toHaveCount(PAPER_RUNS);

    await stopStudio(studio);
    expect(studio.output()).toMatch(/WorkBench Studio stopped/);

    studio = own.start(port, env);
    await waitUntilServing(studio, FIRST_START_BUDGET_MS);
    expect(studio.output()).toContain("Data: v1 unchanged, v2026 unchanged");
    expect(studio.output()).toContain(`Data: the paper's recorded runs: 0 imported, ${PAPER_RUNS} already there`);
    await page.goto(`${studio.base}/leaderboard`);
    await expect(leaderboard.rows()).toHaveCount(PAPER_RUNS);
    await expect(leaderboard.row("gpt-4", "all").locator('[data-column="runs"]')).toHaveText("1");
  });
});
