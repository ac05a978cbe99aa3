// An estimated run launched from the form at 1,440 px (issue 40): its page labels it "estimated" and shows
// the full-benchmark estimate with its 95 % interval and how it was made; the runs list labels it and
// repeats the figure; "Run the remaining tasks" turns it into a full run of every task of its domain.
import path from "node:path";
import { expect, test } from "./fixtures";
import { LaunchPage } from "./pages/launch-page";
import { RunPage } from "./pages/run-page";
import { SCREENSHOT_DIR } from "./screenshots";

/** "62.3 % [55.0, 69.1]" → its three numbers. */
function parseEstimate(text: string): { value: number; low: number; high: number } {
  const match = /(\d+(?:\.\d+)?) % \[(\d+(?:\.\d+)?), (\d+(?:\.\d+)?)\]/.exec(text);
  expect(match, text).not.toBeNull();
  return { value: Number(match![1]), low: Number(match![2]), high: Number(match![3]) };
}

test("an estimated run from the form: labelled, its estimate with a 95 % interval, then run in full", async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  const launch = new LaunchPage(page);
  await launch.goto();
  await launch.chooseAgent("oracle");
  const name = `e2e estimated ${Date.now()}`;
  await launch.fill("name", name);
  await expect(page.locator("#estimateTasks")).toBeDisabled();
  await page.getByTestId("launch-estimate").check();
  await expect(page.locator("#estimateTasks")).toBeEnabled();
  await launch.fill("estimateTasks", "12");
  await launch.fill("concurrency", "1");
  await launch.checkDomain("email");
  await launch.submit();
  await page.waitForURL(/\/runs\/(?!new)[^/]+$/, { timeout: 30_000 });
  const runId = new URL(page.url()).pathname.split("/").pop()!;

  const run = new RunPage(page);
  await run.waitForStatus("completed");
  await expect(page.getByTestId("run-progress").first()).toHaveAttribute("data-total", "12");
  await expect(page.getByTestId("estimated-label").first()).toBeVisible();
  const card = page.getByTestId("estimate-card");
  await expect(card).toHaveAttribute("data-estimated", "true");
  await expect(card.getByTestId("estimate-card-label")).toHaveText("estimated");
  const shown = (await card.getByTestId("estimate-value").textContent()) ?? "";
  const estimate = parseEstimate(shown);
  expect(estimate.low).toBeLessThanOrEqual(estimate.value);
  expect(estimate.value).toBeLessThanOrEqual(estimate.high);
  expect(estimate.high).toBeLessThanOrEqual(100);
  await expect(card.getByTestId("estimate-basis")).toContainText("from 12 of 90 tasks");
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "estimated-run-1440.png"), fullPage: true });

  // The launch fitted (or found fresh) the item bank of its dataset and scoring revision: shown with its figures.
  await page.goto("/leaderboard/item-bank");
  const bank = page.getByTestId("item-bank-row").filter({ hasText: "workbench" }).filter({ hasText: "2024" });
  await expect(bank).toHaveCount(1);
  await expect(bank).toContainText("v1");

  // The runs list: the label and the same figure.
  await page.goto("/runs");
  const row = page.locator(`[data-testid="run-row"][data-run-id="${runId}"]`);
  await expect(row.getByTestId("estimated-label")).toBeVisible();
  await expect(row.getByTestId("run-estimate")).toContainText(parseEstimate(shown).value.toFixed(1));

  // Run the rest: the same run becomes a full run of the domain's 90 tasks, no longer labelled.
  await run.goto(runId);
  await page.getByTestId("run-rest").click();
  await page.getByTestId("run-rest-confirm-button").click();
  // The page re-renders as a full run: the card says what it was estimated at, the button is gone.
  await expect(page.getByTestId("estimate-card")).toHaveAttribute("data-estimated", "false");
  await expect(page.getByTestId("run-rest")).toHaveCount(0);
  await run.goto(runId);
  await run.waitForStatus("completed", 180_000);
  await expect(page.getByTestId("run-progress").first()).toHaveAttribute("data-total", "90");
  await expect(page.getByTestId("estimate-card")).toHaveAttribute("data-estimated", "false");
  await expect(page.getByTestId("estimated-label")).toHaveCount(0);
});
