import { expect, test } from "./fixtures";

// The reliability profile (docs/reliability-profile.md) at 1,440 px: the preset launched from the form on
// a small sample (the scripted mock's `flaky` model through the ReAct agent, the domain tool set: a
// configuration no other spec runs), the board's compact profile column, and the profile page with its
// five dimensions measured from the preset's four runs.
test.describe("the reliability profile", () => {
  test("the preset from the form: estimate, four runs in one sweep; the board's profile column; the profile page with every dimension", async ({ page }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto("/runs/new");
    await page.getByTestId("reliability-preset-link").click();
    await page.waitForURL(/\/runs\/new\?preset=reliability$/);
    const form = page.getByTestId("reliability-preset-form");
    await form.locator("#preset-agent").selectOption("react");
    await form.locator("#endpoint").selectOption("mock");
    await form.locator("#model").fill("flaky");
    await form.locator("#preset-toolSet").selectOption("domains");
    await form.getByTestId("preset-limit").fill("6");
    await form.getByTestId("preset-trials").fill("2");

    // The estimate comes first: 4 runs × 6 tasks × 2 trials, and nothing is launched yet.
    await form.getByTestId("reliability-preset-estimate-button").click();
    const estimate = page.getByTestId("reliability-preset-estimate");
    await expect(estimate).toContainText("48 (task, trial)s (4 runs × 6 tasks × 2 trials)");
    await expect(estimate).toHaveAttribute("data-cells", "48");
    await page.getByTestId("reliability-preset-launch").click();
    await page.waitForURL(/\/sweeps\/(?!new)[^/]+$/, { timeout: 30_000 });

    // One sweep links the four runs: each phrasing clean, and the original at fault rate 0.1.
    await expect(page.getByTestId("sweep-run")).toHaveCount(4);
    await expect(page.locator("[data-testid='sweep-run'][data-fault-rate='0.1']")).toHaveCount(1);
    for (const accuracy of await page.getByTestId("sweep-accuracy").all()) await expect(accuracy).toContainText("%", { timeout: 180_000 });

    // The board (test and partial runs shown) has the configuration's row, with its compact profile.
    const row = page.locator("[data-testid='config-row'][data-model='flaky'][data-agent='react'][data-tool-set='domains']:not([data-phrasing]):not([data-fault-rate])");
    await expect(async () => {
      await page.goto("/leaderboard?tests=1&partial=1&agent=react&tools=domains");
      await expect(row).toHaveCount(1, { timeout: 1_000 });
      // Every run has joined the board: the drops from the reworded and faulted siblings are figures.
      // Two lines: consistency and paraphrase, then faults and the Brier score.
      await expect(row.locator("[data-column='profile']")).toHaveText(/^C \d+ % · P [+-]?\d+\.\d$/, { timeout: 1_000 });
      await expect(row.locator("[data-sub='profile']")).toHaveText(/^F [+-]?\d+\.\d@0\.1 · B \d\.\d{3}$/, { timeout: 1_000 });
    }).toPass({ timeout: 60_000 });
    await expect(page.locator("[data-testid='config-row'][data-model='flaky'][data-agent='react'][data-phrasing='alt-1']")).toHaveCount(1);
    // The column shows at 1,440 px without scrolling the table sideways.
    const cell = await row.locator("[data-sub='profile']").boundingBox();
    expect(cell!.x + cell!.width).toBeLessThanOrEqual(1440);
    await page.screenshot({ path: "test-results/screenshots/leaderboard-profile-column-1440.png", fullPage: true });
    await row.locator("[data-column='profile']").click();
    await page.waitForURL(/\/leaderboard\/configurations\/[^/]+\/reliability$/);

    // The profile page: the five dimensions side by side, each measured, with the runs it rests on.
    await expect(page.getByTestId("reliability-title")).toContainText("flaky");
    for (const id of ["consistency", "paraphrase", "safety", "predictability", "faults"]) {
      const panel = page.getByTestId(`reliability-${id}`);
      await expect(panel, id).toHaveAttribute("data-measured", "true");
      await expect(panel.getByTestId("reliability-headline")).not.toBeEmpty();
      await expect(panel.getByRole("link").first()).toBeVisible();
    }
    await expect(page.getByTestId("reliability-not-measured")).toHaveCount(0);
    await expect(page.getByTestId("reliability-phrasing")).toHaveCount(3);
    await expect(page.getByTestId("reliability-phrasing-drop")).toHaveCount(2);
    await expect(page.getByTestId("reliability-diagram")).toBeVisible();
    // Side by side at 1,440 px: the panels share one row.
    const tops = await Promise.all(["consistency", "paraphrase", "safety", "predictability", "faults"].map(async (id) => (await page.getByTestId(`reliability-${id}`).boundingBox())!.y));
    expect(new Set(tops).size).toBe(1);
    await page.screenshot({ path: "test-results/screenshots/reliability-profile-1440.png", fullPage: true });
  });
});
