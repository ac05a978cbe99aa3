// Paraphrased runs at 1,440 px (issue 39): the launch form's Phrasing "all" launches one oracle run per
// wording as one sweep; each reworded run is labelled, says its wording, and its result page shows the
// text the agent was sent beside the text as written. The sweep form offers the phrasings.
import path from "node:path";
import { expect, test } from "./fixtures";
import { LaunchPage } from "./pages/launch-page";
import { SCREENSHOT_DIR } from "./screenshots";

test.use({ viewport: { width: 1440, height: 900 } });

test("phrasing all from the launch form: three linked oracle runs, each right, each reworded one labelled with the wording it was sent", async ({ page }) => {
  test.setTimeout(180_000);
  const name = `e2e phrasings ${Date.now()}`;
  const launch = new LaunchPage(page);
  await launch.goto();
  await launch.chooseAgent("oracle");
  await launch.fill("name", name);
  await launch.fill("limit", "4");
  await launch.choose("phrasing", "all");
  await launch.submit();
  await page.waitForURL(/\/sweeps\/(?!new$)[^/]+$/, { timeout: 30_000 });

  await expect(page.getByTestId("page-description")).toContainText("3 runs: 1 agent × 1 fault rate (0) × 3 phrasings (original, alt-1, alt-2)");
  const rows = page.getByTestId("sweep-run");
  await expect(rows).toHaveCount(3);
  await expect(rows.getByRole("link")).toHaveText(["oracle", "oracle · alt-1", "oracle · alt-2"]);
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId("sweep-accuracy")).toHaveText([/^100\.0 %/, /^100\.0 %/, /^100\.0 %/], { timeout: 1_000 });
  }).toPass({ timeout: 90_000 });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "phrasings-sweep-1440.png"), fullPage: true });

  await rows.getByRole("link", { name: "oracle · alt-1" }).click();
  await page.waitForURL(/\/runs\/[^/]+$/);
  await expect(page.getByTestId("phrasing-label")).toHaveText("alt-1 wording");
  await expect(page.getByTestId("run-name")).toContainText("alt-1 phrasing");
  const link = page.getByTestId("result-link").first();
  const written = (await link.getAttribute("title")) ?? "";
  await link.click();
  await page.waitForURL(/\/tasks\/[^/]+$/);
  const sent = (await page.getByTestId("task-text").innerText()).trim();
  await expect(page.getByTestId("task-phrasing")).toContainText(`The alt-1 wording, as the agent was sent it; as written: “${written}”`);
  expect(sent).not.toBe(written);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, "phrasings-result-1440.png"), fullPage: true });
});

test("the sweep form offers the phrasings, the tasks as written ticked; none ticked is refused beside them", async ({ page }) => {
  await page.goto("/sweeps/new");
  const boxes = page.getByTestId("field-phrasings").locator('input[type="checkbox"]');
  await expect(boxes).toHaveCount(3);
  await expect(boxes.nth(0)).toBeChecked();
  await expect(boxes.nth(1)).not.toBeChecked();
  await boxes.nth(0).uncheck();
  await page.locator("#limit").fill("2");
  await page.getByTestId("sweep-submit").click();
  await expect(page.getByTestId("field-error-phrasings")).toHaveText("At least one phrasing");
});
