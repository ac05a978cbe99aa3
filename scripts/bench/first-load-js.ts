// First-load JavaScript of the dashboard's pages, measured in Chromium: the scripts a page's HTML makes
// the browser fetch before it is interactive, gzipped as served. Scripts fetched after the page has
// loaded (a chart's recharts drawing, next/dynamic) are counted apart: they are not in the way of the
// first paint or of hydration. Shared by `npm run bench -- first-load-js` and e2e/first-load-js.spec.ts.
import { gzipSync } from "node:zlib";
import type { Browser } from "@playwright/test";

/** Issue 22: every page's first-load JS at most this many KiB, gzipped. */
export const FIRST_LOAD_JS_TARGET_KIB = 150;

/** Chromium's flags, for this bench and playwright.config.ts (Debian's chromium; no network beyond the server). */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-quic",
];

export interface PageCase {
  readonly label: string;
  readonly path: string;
}

export interface ScriptSizes {
  readonly url: string;
  /** Its Content-Encoding, "identity" when sent uncompressed (Next leaves small bodies so). */
  readonly encoding: string;
  /** Bytes on the wire as the server sent them (compressed when it compressed). */
  readonly wire: number;
  /** The body's own bytes, decompressed. */
  readonly decoded: number;
  /** The body gzipped by us at level 9 (the figure when the server sent it uncompressed). */
  readonly gzip9: number;
}

export interface PageJs {
  readonly page: PageCase;
  /** Scripts the document names (script tags, preloads): the first load. */
  readonly firstLoad: readonly ScriptSizes[];
  /** Scripts fetched later without any interaction (lazy chunks). */
  readonly later: readonly ScriptSizes[];
}

/** KiB gzipped as judged: the compressed bytes served, or our gzip -9 of a body served uncompressed. */
export function gzippedKiB(scripts: readonly ScriptSizes[]): number {
  return scripts.reduce((total, script) => total + (script.encoding === "identity" ? script.gzip9 : script.wire), 0) / 1024;
}

export const decodedKiB = (scripts: readonly ScriptSizes[]) => scripts.reduce((total, script) => total + script.decoded, 0) / 1024;

/** The Content-Encodings seen, e.g. "gzip, identity". */
export const encodingsOf = (pages: readonly PageJs[]) => [...new Set(pages.flatMap((page) => [...page.firstLoad, ...page.later].map((script) => script.encoding)))].sort().join(", ");

/**
 * Opens `path` in a fresh context (empty cache, as a first visit) and sorts the scripts it fetches
 * until the network is idle. Throws when the page does not answer 200.
 */
export async function measurePageJs(browser: Browser, baseURL: string, page: PageCase): Promise<PageJs> {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "Accept-Encoding": "gzip" } });
  try {
    const tab = await context.newPage();
    const pending: Promise<ScriptSizes | { url: string; unread: string }>[] = [];
    tab.on("response", (response) => {
      if (response.request().resourceType() !== "script") return;
      pending.push(
        (async () => {
          const body = await response.body();
          const sizes = await response.request().sizes();
          const encoding = (await response.headerValue("content-encoding")) ?? "identity";
          return { url: response.url(), encoding, wire: sizes.responseBodySize, decoded: body.byteLength, gzip9: gzipSync(body, { level: 9 }).byteLength };
        })().catch((error: unknown) => ({ url: response.url(), unread: String(error) })),
      );
    });
    const document = await tab.goto(page.path, { waitUntil: "load" });
    if (!document || document.status() !== 200) throw new Error(`${page.path}: HTTP ${document?.status() ?? "no response"}`);
    const html = await document.text();
    await tab.waitForLoadState("networkidle");
    // A chart's drawing is fetched after hydration, which a loaded machine can delay past the first quiet
    // moment of the network: wait until the first chart holds its drawing (or 30 s), then for quiet again.
    const chart = tab.locator('[data-testid$="chart"]').first();
    if ((await chart.count()) > 0) {
      await chart.locator("svg").first().waitFor({ timeout: 30_000 }).catch(() => undefined);
      await tab.waitForLoadState("networkidle");
    }
    const settled = await Promise.all(pending);
    const named = (url: string) => html.includes(new URL(url).pathname);
    // A script whose size could not be read would make the page look lighter than it is.
    const unread = settled.filter((script) => "unread" in script);
    if (unread.length > 0) throw new Error(`${page.path}: could not read ${unread.map((script) => `${script.url} (${script.unread})`).join(", ")}`);
    const scripts = settled.filter((script): script is ScriptSizes => !("unread" in script));
    return { page, firstLoad: scripts.filter((script) => named(script.url)), later: scripts.filter((script) => !named(script.url)) };
  } finally {
    await context.close();
  }
}

/**
 * The pages to measure, found by following the app's own links from the lists (so they exist in any
 * database with at least one finished run with a trace): a configuration, a run, one of its traces, a task.
 */
export async function discoverPages(getHtml: (path: string) => Promise<string>): Promise<PageCase[]> {
  const firstLink = async (from: string, pattern: RegExp, what: string) => {
    const match = pattern.exec(await getHtml(from));
    if (!match) throw new Error(`first-load JS: no link to ${what} on ${from}`);
    return match[0].replaceAll("&amp;", "&");
  };
  const configuration = await firstLink("/leaderboard", /\/leaderboard\/configurations\/[^"?#]+/, "a configuration");
  const run = await firstLink("/leaderboard/runs", /\/runs\/(?!new\b|compare\b)[^"/?#]+(?=")/, "a run");
  const trace = await firstLink(run, new RegExp(`${run}/tasks/[^"/?#]+`), "a trace");
  const task = await firstLink("/tasks", /\/tasks\/[^"/?#]+(?=")/, "a task");
  const runId = run.split("/").at(-1)!;
  return [
    { label: "datasets (home)", path: "/" },
    { label: "leaderboard (configurations)", path: "/leaderboard" },
    { label: "leaderboard of runs", path: "/leaderboard/runs" },
    { label: "configuration page", path: configuration },
    { label: "reliability profile", path: `${configuration}/reliability` },
    { label: "runs list", path: "/runs" },
    { label: "run page", path: run },
    { label: "trace page", path: trace },
    { label: "compare (run with itself)", path: `/runs/compare?a=${runId}&b=${runId}` },
    { label: "tasks", path: "/tasks" },
    { label: "task page", path: task },
    { label: "new run", path: "/runs/new" },
    { label: "sign-in", path: "/sign-in" },
  ];
}
