import { expect, test } from "./fixtures";

test.describe("home page", () => {
  test("lists the imported WorkBench dataset with both ground-truth versions", async ({ homePage }) => {
    await homePage.goto();
    await expect(homePage.page).toHaveTitle(/WorkBench Studio/);
    await expect(homePage.dataset("workbench")).toBeVisible();
    await expect(homePage.empty).toHaveCount(0);
    for (const version of ["v1", "v2026"]) {
      await expect(homePage.version(version)).toBeVisible();
      await expect(homePage.versionTaskCount(version)).toHaveText("690");
    }
    // Tasks per domain, in the benchmark's order (the paper's Table 1 split).
    const v1Cells = homePage.version("v1").getByRole("cell");
    const expected = ["120", "110", "80", "90", "80", "210"]; // analytics … multi-domain
    for (const [index, count] of expected.entries()) await expect(v1Cells.nth(index + 1)).toHaveText(count);
  });

  for (const [label, path] of [
    ["Leaderboard", "/leaderboard"],
    ["Runs", "/runs"],
    ["New run", "/runs/new"],
    ["Datasets", "/"],
  ] as const) {
    test(`the nav link "${label}" opens ${path} and marks itself current`, async ({ homePage, shell }) => {
      await homePage.goto();
      await shell.navLink(label).click();
      await expect(shell.page).toHaveURL(new RegExp(`${path.replace(/\//g, "\\/")}$`));
      await expect(shell.navLink(label)).toHaveAttribute("aria-current", "page");
    });
  }

  test("an unknown page shows the not-found page", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId("not-found")).toBeVisible();
  });
});
