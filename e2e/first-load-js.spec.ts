// Issue 22: no page makes a first visit download more than 150 KiB of gzipped JavaScript before it is
// interactive. Sizes, not timings: stable on a busy machine. The same measurement as
// `npm run bench -- first-load-js` (scripts/bench/first-load-js.ts), on the e2e server's data.
import { expect, test } from "./fixtures";
import { decodedKiB, discoverPages, FIRST_LOAD_JS_TARGET_KIB, gzippedKiB, measurePageJs } from "../scripts/bench/first-load-js";

const tenths = (value: number) => Math.round(value * 10) / 10;

test("every page's first-load JS is at most 150 KiB gzipped; the charts' recharts comes after load", async ({ browser, request, baseURL }) => {
  test.setTimeout(240_000);
  const pages = await discoverPages(async (path) => {
    const response = await request.get(path);
    expect(response.status(), path).toBe(200);
    return response.text();
  });
  const figures: Record<string, { gzipKiB: number; decodedKiB: number; laterKiB: number }> = {};
  for (const page of pages) {
    const js = await measurePageJs(browser, baseURL!, page);
    figures[page.label] = { gzipKiB: tenths(gzippedKiB(js.firstLoad)), decodedKiB: tenths(decodedKiB(js.firstLoad)), laterKiB: tenths(gzippedKiB(js.later)) };
  }
  // The measurement sees the framework itself (React and Next's router are ~125 KiB gzipped), so a page
  // served from a cache or a script missed by the listener cannot pass as light.
  for (const [label, figure] of Object.entries(figures)) expect(figure.gzipKiB, `${label}: ${JSON.stringify(figure)}`).toBeGreaterThan(100);
  const over = Object.entries(figures).filter(([, figure]) => figure.gzipKiB > FIRST_LOAD_JS_TARGET_KIB);
  expect(over, JSON.stringify(figures, null, 1)).toEqual([]);
  // The charts are still drawn: their recharts chunk is fetched after load on the pages that show one.
  expect(figures["leaderboard (configurations)"]!.laterKiB, JSON.stringify(figures, null, 1)).toBeGreaterThan(50);
});
