// Words for researchers at 1,440 px: the sweep form's errors in plain words with a summary at the top;
// the runs list names every run in full (a sweep's runs differ only at the end of their names), with
// the fault rate and dataset of each; the filter bar aligned with the page.
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { MAX_CONCURRENCY } from "@/lib/settings/launch-options";
import { SCREENSHOT_DIR } from "./screenshots";

test.use({ viewport: { width: 1440, height: 900 } });

const left = async (locator: Locator) => (await locator.boundingBox())?.x ?? Number.NaN;

/** True when the element shows all of its text (nothing cut by overflow or an ellipsis). */
const showsAll = (locator: Locator) => locator.evaluate((element) => element.scrollWidth <= element.clientWidth + 1 && getComputedStyle(element).textOverflow !== "ellipsis");

async function launchSweep(page: Page, name: string) {
  await page.goto("/sweeps/new");
  await page.locator("#agents").fill("oracle\noracle-retry");
  await page.locator("#faultRates").fill("0, 0.1, 0.2");
  await page.locator("#name").fill(name);
  await page.locator("#limit").fill("2");
  await page.getByTestId("sweep-submit").click();
  await page.waitForURL(/\/sweeps\/(?!new$)[^/]+$/, { timeout: 30_000 });
}

test("the sweep form lists every error at once in plain words", async ({ page }) => {
  await page.goto("/sweeps/new");
  await page.locator("#trials").fill("99");
  await page.locator("#concurrency").fill("0");
  await page.locator("#limit").fill("0");
  await page.getByTestId("sweep-submit").click();
  const summary = page.getByTestId("form-error-summary");
  await expect(summary).toBeVisible();
  await expect(page.getByTestId("field-error-trials")).toHaveText("Trials must be a whole number between 1 and 20");
  await expect(page.getByTestId("field-error-concurrency")).toHaveText(`Concurrency must be a whole number between 1 and ${MAX_CONCURRENCY}`);
  await expect(page.getByTestId("field-error-limit")).toHaveText("At least 1 task");
  await expect(summary.getByTestId("form-error-summary-item")).toHaveText(["Limit: At least 1 task", "Trials must be a whole number between 1 and 20", `Concurrency must be a whole number between 1 and ${MAX_CONCURRENCY}`]);
  await expect(page.getByTestId("sweep-form")).not.toContainText(/expected|<=|Too big|Too small|Invalid input/);
});

test("the runs list shows each sweep run's full name, fault rate and dataset; its filter bar is aligned with the page", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `e2e walk-sweep ${Date.now()}`;
  await launchSweep(page, name);
  await page.goto("/runs");
  const rows = page.getByTestId("run-row").filter({ hasText: name });
  await expect(rows).toHaveCount(6);
  const shown: string[] = [];
  for (const row of await rows.all()) {
    const link = row.getByTestId("run-name-link");
    expect(await showsAll(link)).toBe(true);
    shown.push(`${await link.innerText()} | ${await row.getByTestId("run-fault-rate").innerText()}`);
    await expect(row.getByTestId("run-dataset")).toHaveText(/^[a-z0-9_-]+$/);
    expect(await showsAll(row.getByTestId("run-dataset"))).toBe(true);
  }
  // Six names, all different as shown, each with its own fault rate beside it.
  expect(new Set(shown).size).toBe(6);
  for (const line of shown) {
    const [label, rate] = line.split(" | ");
    expect(label?.replace(/\s+/g, " ")).toMatch(new RegExp(`^${name} · oracle(-retry)? · fault rate ${rate?.replace(".", "\\.")}$`));
  }
  await expect(page.getByTestId("runs-table").locator("th", { hasText: "Fault rate" })).toBeVisible();
  const title = await left(page.locator("main h1").first());
  expect(Math.abs((await left(page.getByTestId("runs-filter-archived").locator(".."))) - title)).toBeLessThanOrEqual(1);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "runs-1440.png"), fullPage: true });
});

test("a recorded run's errors read as one-line reasons, the full text folded behind them", async ({ page }) => {
  await page.goto("/leaderboard?gt=v1&tools=all");
  await page.locator('[data-testid="config-row"][data-model="claude-2"][data-agent="recorded"]').getByRole("link", { name: "claude-2" }).click();
  await page.getByTestId("configuration-run").click();
  await page.waitForURL(/\/runs\/[^/]+$/);
  // Its email tasks hold 27 of Python's "'<' not supported between instances of 'str' and 'Timestamp'".
  await page.goto(`${page.url()}?domain=email&error=yes`);
  const folded = page.locator('details[data-testid="verdict-error"]');
  await expect(folded.first()).toBeVisible();
  const pythonError = folded.filter({ hasText: "Python exception" }).first();
  await expect(pythonError.getByTestId("verdict-error-reason")).toHaveText("A Python exception in the original harness ended the task");
  await expect(pythonError.getByTestId("verdict-error-full")).toBeHidden();
  await pythonError.getByTestId("verdict-error-reason").click();
  await expect(pythonError.getByTestId("verdict-error-full")).toHaveText(/^'(<|str)'.*(not supported between instances|object has no attribute)/);
  await page.getByTestId("results-table").screenshot({ path: path.join(SCREENSHOT_DIR, "run-errors-1440.png") });
});
