// The "Reproduce the paper" page over the 8 recorded runs the e2e web server imports, its JSON route,
// a trace with a call the tool refused by its answer, and the run page's causes and per-tool refusals.
import path from "node:path";
import pg from "pg";
import { expect, test } from "./fixtures";
import { SCREENSHOT_DIR, screenshotBothWidths } from "./screenshots";

async function shotAt1440(page: import("@playwright/test").Page, name: string) {
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.waitForLoadState("networkidle");
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-1440.png`), fullPage: true });
}

test.describe("reproduce the paper", () => {
  test("the page lays out Tables 5-7 and Figures 4, 6, 7 with the paper's values, Studio's and the notes", async ({ page, shell }) => {
    await page.goto("/leaderboard");
    await page.getByTestId("paper-link").click();
    await page.waitForURL(/\/paper$/);
    await expect(shell.navLink("Paper")).toBeVisible();
    await expect(page.getByTestId("paper-runs").getByRole("link")).toHaveCount(8);

    // Table 5: the model × tool-set grid; GPT-3.5 and Llama2 with all tools are the context window's 0 %.
    const gpt4All = page.getByTestId("paper-cell-t5:gpt-4:all");
    await expect(gpt4All).toHaveAttribute("data-status", "match");
    await expect(gpt4All.getByTestId("studio-value")).toHaveText("42.61 %");
    await expect(gpt4All.getByTestId("paper-value")).toHaveText("43 %");
    for (const model of ["gpt-3.5", "llama2-70b"]) {
      await expect(page.getByTestId(`paper-cell-t5:${model}:all`)).toHaveAttribute("data-status", "context-window");
      await expect(page.getByTestId(`paper-cell-t5:${model}:all`).getByTestId("studio-value")).toHaveText("0 % (context window)");
    }
    // Claude-2 all tools: 24.49 % against the paper's 26 %, with its reason.
    const claude = page.getByTestId("paper-cell-t5:claude-2:all");
    await expect(claude).toHaveAttribute("data-status", "differs");
    await expect(claude.getByTestId("difference")).toHaveText("−1.51");
    await claude.getByTestId("note-marker").click();
    await expect(page.getByTestId("table-5").getByTestId("paper-note").filter({ hasText: "169/690 = 24.49 %" })).toBeVisible();

    // Table 6 (GPT-4, all tools): 39 / 65 / 23 / 48 / 39 / 40 %; email side effects 21.11 % against 6 %, explained.
    const accuracies = [];
    for (const domain of ["analytics", "calendar", "customer_relationship_manager", "email", "project_management", "multi_domain"]) {
      accuracies.push(await page.getByTestId(`paper-cell-t6:${domain}:accuracy`).getByTestId("paper-value").textContent());
    }
    expect(accuracies).toEqual(["39 %", "65 %", "23 %", "48 %", "39 %", "40 %"]);
    await expect(page.getByTestId("table-6").getByTestId("paper-note")).toContainText("5/90");

    // Table 7: GPT-4 75.41 / 35.56 / 18.42 on 0 / 1+ / 2+ actions.
    await expect(page.getByTestId("paper-cell-t7:gpt-4:zero").getByTestId("studio-value")).toHaveText("75.41 %");
    await expect(page.getByTestId("paper-cell-t7:gpt-4:onePlus").getByTestId("studio-value")).toHaveText("35.56 %");
    await expect(page.getByTestId("paper-cell-t7:gpt-4:twoPlus").getByTestId("studio-value")).toHaveText("18.42 %");

    // Figures: 122 tasks with no action, Figure 6's counts, 15 of 69 templates at 0 % or 100 %.
    await expect(page.getByTestId("paper-cell-f4:noActionTasks").getByTestId("studio-value")).toHaveText("122");
    await expect(page.getByTestId("figure-4-chart").locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expect(page.getByTestId("paper-cell-f6:correct").getByTestId("studio-value")).toHaveText("294");
    await expect(page.getByTestId("paper-cell-f7:extremes")).toHaveAttribute("data-status", "match");
    await expect(page.getByTestId("paper-cell-f7:extremes").getByTestId("studio-value")).toHaveText("15");
    // One bar per template; those at 0 % are drawn as slivers (minPointSize), so all 69 are there.
    await expect(page.getByTestId("figure-7-chart").locator(".recharts-bar-rectangle")).toHaveCount(69);

    await shotAt1440(page, "paper");
    await screenshotBothWidths(page, "paper", "/paper");
  });

  test("the JSON route serves the same figures", async ({ page }) => {
    const response = await page.request.get("/api/paper");
    expect(response.ok()).toBe(true);
    const report = await response.json();
    expect(report.runs).toHaveLength(8);
    expect(report.figure7.extremes).toMatchObject({ paper: 15, studio: 15 });
    expect(report.table6.map((column: { accuracy: { paper: number } }) => column.accuracy.paper)).toEqual([39, 65, 23, 48, 39, 40]);
  });
});

test.describe("tool refusals", () => {
  test("a call the tool refused shows 'refused' in the trace, its totals, and the run's per-tool counts", async ({ page }) => {
    const db = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await db.connect();
    const { rows } = await db.query<{ runId: string; resultId: string; index: number }>(
      `SELECT x."runId", x.id AS "resultId", s.index FROM "Step" s JOIN "TaskResult" x ON x.id = s."resultId" JOIN "Run" r ON r.id = x."runId"
        WHERE r.model = 'mistral-8x7B' AND r."toolSet" = 'all' AND r.source = 'imported' AND s.kind = 'tool' AND s.observation = 'Email not found.'
        ORDER BY x.id, s.index LIMIT 1`,
    );
    await db.end();
    const found = rows[0];
    expect(found, "Mixtral's recorded all-tools run has calls answered 'Email not found.'").toBeDefined();
    const { runId, resultId, index } = found!;

    await page.goto(`/runs/${runId}/tasks/${resultId}?open=${index}#step-${index}`);
    const step = page.locator(`[data-step="${index}"]`);
    await expect(step.getByTestId("tool-refused")).toHaveText("refused");
    await expect(step).toContainText("Email not found.");
    await expect(page.getByTestId("trace-totals")).toContainText(/\d+ refused/);
    await expect(page.getByTestId("trace-totals")).not.toContainText("(0 failed, 0 refused)");
    await shotAt1440(page, "trace-refused");

    await page.goto(`/runs/${runId}`);
    const causes = page.getByTestId("primary-causes");
    await expect(causes.getByTestId("cause-other")).toBeVisible();
    await expect(causes.getByTestId("primary-causes-total")).toContainText("Total 582 of 582 wrong answers") // 690 − 108 correct;
    const emailRows = page.getByTestId("tool-calls-row").filter({ hasText: /^email\./ });
    await expect(emailRows.first()).toBeVisible();
    const refused = await page.getByTestId("tool-calls").getByTestId("tool-refused").allTextContents();
    expect(refused.map(Number).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
    await shotAt1440(page, "run-causes");
  });
});
