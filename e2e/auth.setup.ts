// Signs the admin in through the sign-in page once; the other specs reuse the saved session
// (playwright.config.ts ADMIN_STATE). Specs that need no session open fresh contexts.
import { expect, test as setup } from "@playwright/test";
import { ADMIN_EMAIL, ADMIN_STATE } from "./auth-state";

setup("sign in as the admin", async ({ page }) => {
  const password = process.env.STUDIO_ADMIN_PASSWORD;
  expect(password, "playwright.config.ts sets STUDIO_ADMIN_PASSWORD").toBeTruthy();
  await page.goto("/sign-in?next=/runs");
  await page.locator("#password").fill(password as string);
  await page.getByTestId("sign-in-submit").click();
  await page.waitForURL(/\/runs$/);
  await expect(page.getByTestId("signed-in-as")).toHaveText(ADMIN_EMAIL);
  await page.context().storageState({ path: ADMIN_STATE });
});
