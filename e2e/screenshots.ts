// Screenshots for review (CI artifacts under test-results/screenshots/) at a desktop and a phone
// width, and the phone check: the page itself never scrolls sideways (tables scroll inside their box).
import path from "node:path";
import { expect, type Page } from "@playwright/test";

export const SCREENSHOT_DIR = path.join("test-results", "screenshots");

export async function screenshotBothWidths(page: Page, name: string, url: string) {
  for (const width of [1400, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.goto(url);
    await page.waitForLoadState("networkidle");
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}-${width}.png`), fullPage: true });
    if (width === 390) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      // On failure, name the outermost elements sticking out, to find the culprit without a debugger.
      const culprits = overflow > 0 ? await page.evaluate(widestElements) : [];
      expect(overflow, `${name} (${url}) scrolls sideways by ${overflow}px at 390 px: ${culprits.join(", ")}`).toBeLessThanOrEqual(0);
    }
  }
}

function widestElements(): string[] {
  const limit = document.documentElement.clientWidth;
  const out: string[] = [];
  for (const element of document.querySelectorAll<HTMLElement>("body *")) {
    if (element.getBoundingClientRect().right <= limit + 1) continue;
    if (element.parentElement?.closest(".overflow-x-auto")) continue; // scrolls inside its own box
    if (element.parentElement && element.parentElement.getBoundingClientRect().right > limit + 1) continue;
    out.push(`${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join(".")}[${element.dataset.testid ?? ""}]`);
  }
  return out.slice(0, 5);
}
