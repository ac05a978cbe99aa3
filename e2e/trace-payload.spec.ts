// A 20-step trace with full search results (scripts/bench/trace-page-fixture.ts, written through the
// step store into the e2e database): the page shows every step in ≤ 100 KiB of HTML, a folded
// observation carries only a preview and is fetched whole when opened, the first divergence still links
// to its step, and the step route answers no other run's step.
import { seedLongTrace, type SeededTrace } from "@/scripts/bench/trace-page-fixture";
import { expect, test } from "./fixtures";

const MAX_HTML_BYTES = 100 * 1024;

let seeded: SeededTrace;

test.beforeAll(async () => {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set: the trace payload spec seeds the e2e database directly");
  seeded = await seedLongTrace(url, `e2e ${Date.now()}`);
});

const pathOf = () => `/runs/${seeded.runId}/tasks/${seeded.resultId}`;

test("a 20-step trace shows every step in at most 100 KiB of HTML, long observations as previews", async ({ page }) => {
  const response = await page.request.get(pathOf());
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(Buffer.byteLength(html)).toBeLessThanOrEqual(MAX_HTML_BYTES);
  // Only the preview is in the page: the observation's end is not.
  expect(html).not.toContain(seeded.longest.observation.slice(-200));

  await page.goto(pathOf());
  await expect(page.locator("li[data-step]")).toHaveCount(seeded.steps);
  await expect(page.getByTestId("trace-pager")).toHaveCount(0);
});

test("opening a folded observation fetches it whole from the step route", async ({ page }) => {
  await page.goto(pathOf());
  const step = page.locator(`li[data-step="${seeded.longest.index}"]`);
  const folded = step.getByTestId("collapsible");
  await expect(folded).toHaveAttribute("data-state", "preview");
  const fetched = page.waitForResponse((response) => response.url().endsWith(`${pathOf()}/steps/${seeded.longest.index}`));
  await folded.locator("summary").click();
  expect((await fetched).status()).toBe(200);
  await expect(folded).toHaveAttribute("data-state", "full");
  await expect(folded.getByTestId("collapsible-text")).toHaveText(seeded.longest.observation);
  await expect(folded.getByTestId("collapsible-full")).toHaveCount(0);
});

test("the first divergence links to its step, whose diff shows; n/p move between the 20 steps", async ({ page }) => {
  await page.goto(pathOf());
  const card = page.getByTestId("first-divergence");
  await expect(card).toHaveAttribute("data-kind", "wrong-write");
  const divergent = await card.getAttribute("data-step");
  await page.getByTestId("first-divergence-link").click();
  await expect(page).toHaveURL(new RegExp(`#step-${divergent}$`));
  const step = page.locator(`li[data-step="${divergent}"]`);
  await expect(step).toHaveAttribute("data-divergent", "true");
  await expect(step.getByTestId("step-diff").getByTestId("diff-row-deleted")).toHaveCount(1);

  // The other write (the ground-truth delete, two steps on) is folded to a preview and fetched when opened.
  const later = page.locator(`li[data-step="${Number(divergent) + 2}"]`);
  const fold = later.getByTestId("step-diff-fold");
  await expect(fold).toHaveAttribute("data-state", "preview");
  await expect(fold.getByTestId("step-diff-preview")).toContainText("− email");
  await fold.locator("summary").click();
  await expect(fold).toHaveAttribute("data-state", "full");
  await expect(fold.getByTestId("step-diff").getByTestId("diff-row-deleted")).toHaveCount(1);

  await page.goto(pathOf());
  await expect(page.getByTestId("keyboard-hint")).toHaveAttribute("data-ready", "true");
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("n");
  await expect(page.locator('li[data-step="2"]')).toBeFocused();
  await page.keyboard.press("p");
  await expect(page.locator('li[data-step="1"]')).toBeFocused();
});

test("the step route answers only a step of that result of that run", async ({ page }) => {
  const own = await page.request.get(`${pathOf()}/steps/${seeded.longest.index}`);
  expect(own.status()).toBe(200);
  expect((await own.json()).observation).toBe(seeded.longest.observation);
  const other = await seedLongTrace(process.env.DATABASE_URL ?? "", `e2e other ${Date.now()}`);
  const crossed = await page.request.get(`/runs/${other.runId}/tasks/${seeded.resultId}/steps/${seeded.longest.index}`);
  expect(crossed.status()).toBe(404);
  expect(await crossed.text()).not.toContain("email_id");
});
