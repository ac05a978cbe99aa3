import { expect, test } from "./fixtures";
import { LaunchPage } from "./pages/launch-page";
import { RunPage } from "./pages/run-page";
import { MOCK_BEHAVIOURS } from "@/lib/mock-provider/types";
import { MAX_CONCURRENCY } from "@/lib/settings/launch-options";
import { MAX_FAULT_RATE } from "@/lib/workbench/tools/faults";
import path from "node:path";
import { SCREENSHOT_DIR } from "./screenshots";

test.describe("launching a run", () => {
  test("invalid input shows field errors beside the inputs", async ({ page }) => {
    const launch = new LaunchPage(page);
    await launch.goto();
    await launch.chooseAgent("react");
    await launch.fill("concurrency", "999");
    await launch.submit();
    await expect(launch.fieldError("endpoint")).toBeVisible();
    await expect(launch.fieldError("model")).toBeVisible();
    await expect(launch.fieldError("concurrency")).toBeVisible();
    await expect(page).toHaveURL(/\/runs\/new$/);
    // What the user typed survives the round trip.
    await expect(page.locator("#concurrency")).toHaveValue("999");
  });

  test("every invalid field is reported at once, each beside its input: the form's rules and the server configuration's", async ({ page }) => {
    const launch = new LaunchPage(page);
    await launch.goto();
    await launch.chooseAgent("tools");
    await launch.choose("endpoint", "openai");
    await launch.fill("model", "gpt-4o");
    await launch.forceFill("baseUrl", "http://127.0.0.1:9/v1"); // a keyed endpoint takes no typed URL
    await launch.choose("reasoningEffort", "high"); // gpt-4o does not reason
    await launch.fill("limit", "0");
    await launch.fill("trials", "0");
    await launch.fill("concurrency", "999");
    await launch.fill("budgetUsd", "-1");
    await launch.submit();
    const expected: Record<string, RegExp> = {
      baseUrl: /only to its configured URL/,
      reasoningEffort: /not supported by gpt-4o/,
      limit: /\S/,
      trials: /\S/,
      concurrency: /\S/,
      budgetUsd: /\S/,
    };
    for (const [field, message] of Object.entries(expected)) {
      await expect(launch.field(field).getByTestId(`field-error-${field}`), field).toHaveText(message);
    }
    await expect(page.locator('[data-testid^="field-error-"]')).toHaveCount(Object.keys(expected).length);
    await expect(page).toHaveURL(/\/runs\/new$/);
  });

  test("at 1,440 px, several bad fields at once: each in plain words beside its input, all listed at the top", async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    const launch = new LaunchPage(page);
    await launch.goto();
    await launch.chooseAgent("oracle");
    await launch.fill("trials", "0");
    await launch.fill("concurrency", "500");
    await launch.fill("faultRate", "0.9");
    await launch.submit();
    // The bounds are the schema's: trials 1-20, concurrency 1-MAX_CONCURRENCY, fault rate 0-MAX_FAULT_RATE.
    const expected = {
      trials: "Trials must be a whole number between 1 and 20",
      concurrency: `Concurrency must be a whole number between 1 and ${MAX_CONCURRENCY}`,
      faultRate: `Fault rate must be a number between 0 and ${MAX_FAULT_RATE}`,
    };
    for (const [field, sentence] of Object.entries(expected)) await expect(launch.fieldError(field), field).toHaveText(sentence);
    const summary = page.getByTestId("form-error-summary");
    await expect(summary).toBeFocused();
    await expect(summary).toContainText("Nothing was launched: 3 things to fix.");
    await expect(summary.getByTestId("form-error-summary-item")).toHaveText(Object.values(expected));
    // No validator vocabulary anywhere on the form.
    await expect(launch.form).not.toContainText(/expected|<=|Too big|Too small|Invalid input/);
    await expect(page).toHaveURL(/\/runs\/new$/);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, "launch-form-errors-1440.png"), fullPage: true });
  });

  test("fields an agent does not use are disabled with the reason; an agent's own options appear only for it; hints read the defaults", async ({ page }) => {
    const launch = new LaunchPage(page);
    await launch.goto();
    await launch.chooseAgent("oracle");
    for (const field of ["endpoint", "model", "baseUrl", "temperature", "reasoningEffort", "maxSteps"]) {
      await expect(page.locator(`#${field}`), field).toBeDisabled();
      await expect(launch.field(field), field).toContainText("Not used by this agent");
    }
    await expect(page.locator("#structuredOutputs")).toHaveCount(0);
    await expect(page.locator("#externalMode")).toHaveCount(0);
    await expect(launch.field("timeoutMs")).toContainText("empty: 120 s");

    await launch.chooseAgent("workbench-2026");
    await expect(page.locator("#structuredOutputs")).toBeVisible();
    await expect(page.locator("#actWithoutConfirmation")).toBeVisible();
    await expect(launch.field("timeoutMs")).toContainText("empty: 600 s, checked between turns");
    await expect(page.locator("#endpoint")).toBeEnabled();
    await launch.choose("endpoint", "openai");
    await expect(page.locator("#baseUrl")).toBeDisabled();
    await expect(launch.field("baseUrl")).toContainText("openai sends requests only to its configured URL");

    await launch.chooseAgent("external");
    await expect(page.locator("#structuredOutputs")).toHaveCount(0);
    await expect(page.locator("#externalMode")).toBeVisible();
    await expect(page.locator("#model")).toBeEnabled(); // the agent's label
  });

  test("the mock endpoint alone: the form lists its behaviours, and a run launched with no other process finishes at 100 %", async ({ page }) => {
    test.setTimeout(120_000);
    const launch = new LaunchPage(page);
    await launch.goto();
    await launch.chooseAgent("react");
    await launch.choose("endpoint", "mock");
    await expect(launch.endpointOption("mock")).toContainText("nothing to start");
    await expect(page.getByTestId("mock-behaviours")).toContainText(MOCK_BEHAVIOURS.join(", "));
    await expect(page.locator("#model-options option")).toHaveCount(MOCK_BEHAVIOURS.length);
    await expect(launch.field("baseUrl")).toContainText("no server to start");
    await launch.fill("model", "oracle");
    await launch.fill("name", `e2e built-in mock ${Date.now()}`);
    await launch.fill("limit", "5");
    await launch.fill("concurrency", "5");
    await launch.submitAndOpenRun();

    const run = new RunPage(page);
    await run.waitForStatus("completed");
    await expect(run.progressText).toHaveText("5/5 · 100 %");
    await expect(run.accuracy).toHaveText("100.00 %");
    await expect(page.getByTestId("repro-endpoint")).toHaveText("mock");
    await expect(page.getByTestId("repro-base-url")).toHaveText("–");
    // A run on the mock endpoint is a test run: labelled, and off the run ranking until the filter shows
    // test runs (run-management.spec.ts checks both boards for a CLI-launched one).
    await expect(page.getByTestId("test-label").first()).toBeVisible();
    const runId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
    const ranked = page.locator(`[data-testid="leaderboard-row"]:has(a[href="/runs/${runId}"])`);
    await page.goto("/leaderboard/runs?sort=date&dir=desc");
    // The board has loaded (its rows, its reference agents, or its empty state when nothing is ranked yet) without the run.
    await expect(page.getByTestId("leaderboard-row").or(page.getByTestId("reference-agents")).or(page.getByTestId("leaderboard-empty")).first()).toBeVisible();
    await expect(ranked).toHaveCount(0);
    await page.getByTestId("filter-tests").getByRole("link", { name: "Shown" }).click();
    await expect(ranked).toHaveCount(1);
    await expect(ranked.getByTestId("test-label")).toBeVisible();
  });

  test("an oracle run on 5 tasks redirects to its page and reaches 100 %", async ({ page }) => {
    test.setTimeout(120_000);
    const launch = new LaunchPage(page);
    await launch.goto();
    await launch.chooseAgent("oracle");
    await launch.fill("name", `e2e oracle ${Date.now()}`);
    await launch.fill("limit", "5");
    await launch.fill("concurrency", "5");
    await launch.submit();
    await page.waitForURL(/\/runs\/(?!new)[^/]+$/, { timeout: 30_000 });

    const run = new RunPage(page);
    await expect(page.getByTestId("run-progress").first()).toHaveAttribute("data-total", "5");
    await run.waitForStatus("completed");
    await expect(run.progressText).toHaveText("5/5 · 100 %");
    await expect(run.accuracy).toHaveText("100.00 %");
    await expect(run.results).toHaveCount(5);
    await expect(page.getByTestId("trial-consistency")).toHaveCount(0); // one trial: nothing to say
  });

  test("an oracle run with 2 trials per task shows pass@1, pass^2 and pass@2", async ({ page }) => {
    test.setTimeout(120_000);
    const launch = new LaunchPage(page);
    await launch.goto();
    await launch.chooseAgent("oracle");
    await launch.fill("name", `e2e trials ${Date.now()}`);
    await launch.fill("limit", "3");
    await launch.fill("trials", "2");
    await launch.submit();
    await page.waitForURL(/\/runs\/(?!new)[^/]+$/, { timeout: 30_000 });

    const run = new RunPage(page);
    await run.waitForStatus("completed");
    await expect(run.progressText).toHaveText("6/6 · 100 %");
    const card = page.getByTestId("trial-consistency");
    await expect(card).toContainText("3 tasks with all 2 trials scored");
    for (const stat of ["stat-pass-at-1", "stat-pass-hat-k", "stat-pass-at-k"]) {
      await expect(card.getByTestId(`${stat}-value`)).toHaveText("100.00 %");
    }
    await expect(card.getByTestId("stat-pass-hat-k")).toContainText("pass^2");
  });

  test("protocol and scoring revision follow the ground truth, a bad combination is a field error, the run stores the choice", async ({ page }) => {
    test.setTimeout(120_000);
    const launch = new LaunchPage(page);
    await launch.goto();
    await launch.chooseAgent("oracle");
    await expect(page.locator("#structuredOutputs")).toHaveCount(0); // harness flags: workbench-2026 only
    await launch.choose("groundTruth", "v2026");
    await expect(page.locator("#protocol")).toHaveValue("2026");
    await expect(page.locator("#scoringRevision")).toHaveValue("2026-07"); // the latest
    await launch.chooseAgent("workbench-2026");
    await expect(page.locator("#structuredOutputs")).toBeVisible();
    await expect(page.locator("#actWithoutConfirmation")).toHaveValue("true");
    await launch.chooseAgent("oracle");
    // A revision protocol 2024 does not have (a stale page or a crafted request) is refused beside the field.
    await launch.choose("protocol", "2024");
    await expect(page.locator("#scoringRevision")).toHaveValue("2024");
    await page.locator("#scoringRevision").evaluate((select: HTMLSelectElement) => select.add(new Option("2026-07", "2026-07", true, true)));
    await launch.fill("limit", "2");
    await launch.submit();
    await expect(launch.fieldError("scoringRevision")).toContainText("protocol 2024 has revisions 2024 (got 2026-07)");
    await expect(page).toHaveURL(/\/runs\/new$/);

    await launch.choose("protocol", "2026");
    await launch.choose("scoringRevision", "2026-06");
    await launch.fill("name", `e2e protocol ${Date.now()}`);
    await launch.submit();
    await page.waitForURL(/\/runs\/(?!new)[^/]+$/, { timeout: 30_000 });
    // The header names dataset, ground truth (and its revision), protocol and scoring revision.
    await expect(page.getByText(/· v2026( r\d+)? · protocol 2026 · scoring 2026-06/)).toBeVisible();
    const run = new RunPage(page);
    await run.waitForStatus("completed");
    await expect(run.accuracy).toHaveText("100.00 %");
  });
});
