// Security headers on every page, and bad input to the launch form answered beside the field:
// oversize values, NUL bytes, and the CLI-only `resultsFile` replayed into the web action.
import { captureAction, replayAction, replayFormAction } from "./action-replay";
import { expect, test } from "./fixtures";
import { LaunchPage } from "./pages/launch-page";

test("pages carry a nonce CSP without inline scripts, no framing, and a same-origin referrer policy", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  const response = await page.goto("/runs/new");
  const headers = response?.headers() ?? {};
  const policy = headers["content-security-policy"] ?? "";
  const scripts = policy.split(";").map((directive) => directive.trim()).find((directive) => directive.startsWith("script-src")) ?? "";
  expect(scripts).toMatch(/^script-src 'self' 'nonce-[A-Za-z0-9+/=]+' 'strict-dynamic'$/);
  expect(policy).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["referrer-policy"]).toBe("same-origin");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  // The page hydrates under that policy (the agent select drives the form) and nothing was refused.
  await page.locator("#agent").selectOption("oracle");
  await expect(page.locator("#endpoint")).toBeDisabled();
  expect(violations).toEqual([]);
  // A fresh nonce per response.
  const again = (await page.request.get("/runs/new")).headers()["content-security-policy"];
  expect(again).not.toBe(policy);
});

test("a 10 MB run name is a field error, nothing is lost or launched", async ({ page }) => {
  const launch = new LaunchPage(page);
  await launch.goto();
  await launch.chooseAgent("oracle");
  await launch.fill("limit", "3");
  await page.locator("#name").evaluate((input: HTMLInputElement) => (input.value = "x".repeat(10_000_000)));
  await launch.submit();
  await expect(launch.fieldError("name")).toContainText("Too long");
  await expect(page).toHaveURL(/\/runs\/new$/);
  await expect(page.locator("#limit")).toHaveValue("3");
});

test("a NUL byte in the run name is a field error", async ({ page }) => {
  const launch = new LaunchPage(page);
  await launch.goto();
  await launch.chooseAgent("oracle");
  await launch.fill("limit", "2");
  await page.locator("#name").evaluate((input: HTMLInputElement) => (input.value = "bad\u0000name"));
  await launch.submit();
  await expect(launch.fieldError("name")).toContainText("Control characters");
  await expect(page).toHaveURL(/\/runs\/new$/);
});

test("the web action refuses resultsFile (a server path) even when replayed", async ({ page }) => {
  const launch = new LaunchPage(page);
  await launch.goto();
  await launch.chooseAgent("noop");
  await launch.fill("limit", "1");
  await launch.fill("name", "x".repeat(200)); // invalid: the capture must not launch anything
  const action = await captureAction(page, () => launch.submit());
  await expect(launch.fieldError("name")).toBeVisible();
  const name = `replay probe ${Date.now()}`;
  const response = await replayFormAction(page.request, action, { agent: "replay", name, resultsFile: "/etc/passwd" });
  expect(response.status()).toBeLessThan(500);
  expect(await response.text()).toContain("Not accepted from the web");
  await page.goto("/runs");
  await expect(page.getByText(name)).toHaveCount(0);
});

test("a replayed launch with an oversize body gets a plain 413, not an error page", async ({ page }) => {
  const launch = new LaunchPage(page);
  await launch.goto();
  await launch.chooseAgent("noop");
  await launch.fill("name", "x".repeat(200));
  const action = await captureAction(page, () => launch.submit());
  const response = await replayFormAction(page.request, action, { name: "y".repeat(2_000_000) });
  expect(response.status()).toBe(413);
  expect(await response.text()).toBe("Request too large: at most 1 MB");
});

test("an action from another site, or with no Origin, gets a plain 403 (not an error page), on any path", async ({ page }) => {
  const launch = new LaunchPage(page);
  await launch.goto();
  await launch.chooseAgent("noop");
  await launch.fill("name", "x".repeat(200));
  const action = await captureAction(page, () => launch.submit());
  // Its own page, and paths outside the app's routes (Next would still run the action id they carry).
  for (const path of [new URL(action.url).pathname, "/api/x", "/favicon.icox", "/mcp/session/x"]) {
    for (const origin of ["https://evil.example", null]) {
      const response = await replayAction(page.request, { ...action, url: new URL(path, action.url).href }, { origin });
      expect(response.status(), `${path} from ${origin}`).toBe(403);
      expect(response.headers()["content-type"]).toContain("text/plain");
      expect(await response.text()).toMatch(/^Forbidden: (foreign|missing) Origin\. Changes are accepted only from this site's own pages\./);
    }
  }
});
