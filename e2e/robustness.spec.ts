import { expect, test } from "./fixtures";
import { RunPage } from "./pages/run-page";
import { screenshotBothWidths } from "./screenshots";

test.describe("robustness under injected faults", () => {
  test("a sweep of 3 fault rates launched from the form draws its curve; a wrong oracle task shows the injected fault", async ({ page }) => {
    test.setTimeout(240_000);
    await page.goto("/runs/new");
    await page.getByTestId("new-sweep-link").click();
    await page.waitForURL(/\/sweeps\/new$/);
    await page.locator("#agents").fill("oracle\noracle-retry");
    await page.locator("#faultRates").fill("0, 0.25, 0.5");
    await page.locator("#faultSeed").fill("5");
    await page.locator("#limit").fill("24");
    await page.locator("#concurrency").fill("8");
    await page.locator("#name").fill(`e2e sweep ${Date.now()}`);
    await page.getByTestId("sweep-submit").click();
    await page.waitForURL(/\/sweeps\/(?!new)[^/]+$/, { timeout: 30_000 });
    const sweepUrl = page.url();

    const rows = page.getByTestId("sweep-run");
    await expect(rows).toHaveCount(6);
    // The page refreshes itself until every run has its verdicts.
    for (const accuracy of await page.getByTestId("sweep-accuracy").all()) await expect(accuracy).toContainText("%", { timeout: 180_000 });
    await expect(page.getByTestId("sweep-chart").locator("svg .recharts-line")).toHaveCount(2);
    await expect(page.locator("[data-testid='sweep-run'][data-fault-rate='0']").filter({ hasText: "oracle-retry" })).toHaveCount(1);
    await screenshotBothWidths(page, "sweep", page.url());

    // The leaderboard's robustness view at 1,440 px: each faulted configuration against its clean runs on the
    // same tasks and trials. This sweep's faulted oracle pairs with this sweep's clean oracle on all 24 tasks.
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/leaderboard");
    await page.getByTestId("robustness-link").click();
    await page.waitForURL(/\/leaderboard\/robustness$/);
    // A run joins the boards when it completes, which may follow its last verdict by a moment: wait for the
    // sweep's 4 faulted runs (2 agents × rates 0.25 and 0.5), each paired on all its 24 results.
    await expect(async () => {
      await page.reload();
      await expect(page.getByTestId("robustness-pairing").filter({ hasText: /^e2e sweep/ }).filter({ hasText: "24 of 24 results paired" })).toHaveCount(4, { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    for (const agent of ["oracle", "oracle-retry"]) {
      const row = page.locator(`[data-testid='robustness-row'][data-agent='${agent}'][data-fault-rate='0.5']`);
      await expect(row).toHaveCount(1);
      // The pairing names this sweep's runs: the faulted one with the clean one at rate 0.
      const pairing = row.getByTestId("robustness-pairing").filter({ hasText: `${agent} · fault rate 0.5` }).filter({ hasText: /^e2e sweep/ });
      await expect(pairing).toHaveCount(1);
      await expect(pairing).toContainText(`with clean`);
      await expect(pairing).toContainText("fault rate 0: 24 of 24 results paired");
      const pairs = Number(await row.getAttribute("data-pairs"));
      expect(pairs).toBeGreaterThanOrEqual(24);
      await expect(row.getByTestId("robustness-pairs")).toHaveText(String(pairs));
      await expect(row.getByTestId("robustness-difference")).toContainText("%");
      await expect(row.getByTestId("robustness-discordant")).toContainText(`${await row.getAttribute("data-only-clean")} lost under faults`);
      await expect(row.getByTestId("robustness-measures")).toContainText("recovery");
    }
    // The plain oracle loses tasks at p = 0.5 that it gets right clean: discordant pairs, a negative difference.
    const oracleRow = page.locator("[data-testid='robustness-row'][data-agent='oracle'][data-fault-rate='0.5']");
    expect(Number(await oracleRow.getAttribute("data-only-clean"))).toBeGreaterThan(0);
    await expect(oracleRow.getByTestId("robustness-difference")).toContainText(/^-\d/);
    await screenshotBothWidths(page, "leaderboard-robustness", "/leaderboard/robustness");

    // The plain oracle at the highest rate: a wrong task lost a write to a transient fault, shown on its trace.
    await page.setViewportSize({ width: 1400, height: 900 });
    await page.goto(sweepUrl);
    await page.locator("[data-testid='sweep-run'][data-fault-rate='0.5']").filter({ hasText: /^oracle(?!-retry)/ }).getByRole("link").click();
    await page.waitForURL(/\/runs\/[^/]+$/);
    const run = new RunPage(page);
    await expect(page.getByTestId("robustness-card")).toContainText("Fault rate 0.5 (seed 5; kind weights transient=1,ambiguous=1,malformed=1)");
    await expect(page.getByTestId("run-sweep")).toBeVisible();
    await run.goto(page.url().split("/runs/")[1] ?? "", { verdict: "wrong" });
    await run.openFirstResult();
    // A wrong plain-oracle task lost a write to a transient fault (earlier calls may show other kinds).
    await expect(page.getByTestId("tool-fault").filter({ hasText: "injected fault: transient" }).first()).toBeVisible();
    // The call the fault stopped never ran: the divergence card does not replay it (the write is missing).
    await expect(page.getByTestId("first-divergence")).not.toHaveAttribute("data-kind", "none");
    await screenshotBothWidths(page, "trace-injected-fault", page.url());
  });
});
