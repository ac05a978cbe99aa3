// First-load JS benchmark (issue 22: ≤ 150 KiB gzipped per page). Starts the production build against
// a small database (the official v1 tasks and two recorded runs of the paper, with their traces), opens
// every page in Chromium with an empty cache and sums the scripts it fetches: the first load (scripts
// the HTML names) as served gzipped and decoded, and apart, what is fetched after load (lazy charts).
// Sizes do not depend on the machine's load; the wall and CPU time printed are the bench's own.
// BENCH_BASELINE=<ref> (e.g. main, or the commit this branch started from) measures that commit's app
// too, built in .bench-baseline/ for the run (scripts/bench/baseline-app.ts), and prints it side by side; unset or "none": this checkout only.
import { mkdtemp, readdir, rm, symlink, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { createPrismaClient } from "@/lib/db";
import { importDataset } from "@/lib/datasets/import-dataset";
import { importRecordedResults } from "@/lib/runs/import/import-results";
import { DATA_DIR } from "@/lib/test-support/db";
import { startBenchServer } from "./bench-database";
import { buildBaselineApp, type BaselineApp } from "./baseline-app";
import { CHROMIUM_ARGS, decodedKiB, discoverPages, encodingsOf, FIRST_LOAD_JS_TARGET_KIB, gzippedKiB, measurePageJs, type PageJs } from "./first-load-js";
import { ensureBenchBuild, startBenchNextServer, type BenchNextServer } from "./next-server";

/** Two of the paper's runs (all tools): enough for a leaderboard with two configurations and traces. */
const RECORDED_RUNS = [/^gpt-4_all_/, /^claude-2_all_/];

/** A results folder holding only RECORDED_RUNS' files (the importer reads `<domain>/<file>.csv`). */
async function someRecordedResults(): Promise<{ dir: string; remove(): Promise<void> }> {
  const source = path.join(DATA_DIR, "v1", "data", "results");
  const dir = await mkdtemp(path.join(os.tmpdir(), "workbench-first-load-"));
  for (const domain of await readdir(source)) {
    await mkdir(path.join(dir, domain));
    for (const name of await readdir(path.join(source, domain))) {
      if (RECORDED_RUNS.some((pattern) => pattern.test(name))) await symlink(path.join(source, domain, name), path.join(dir, domain, name));
    }
  }
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

async function buildFixture(databaseUrl: string, log: (line: string) => void): Promise<void> {
  const results = await someRecordedResults();
  const db = createPrismaClient(databaseUrl);
  try {
    await importDataset(db, { dataDir: DATA_DIR, versions: ["v1"] });
    const runs = await importRecordedResults(db, { resultsPath: results.dir, groundTruth: "v1" });
    log(`imported ${runs.length} recorded runs (${runs.map((run) => `${run.name}: ${run.tasks} results`).join(", ")})`);
  } finally {
    await db.$disconnect();
    await results.remove();
  }
}

async function measureAll(browser: Browser, server: BenchNextServer): Promise<PageJs[]> {
  const pages = await discoverPages(async (pagePath) => {
    const response = await fetch(`${server.url}${pagePath}`);
    if (!response.ok) throw new Error(`GET ${pagePath}: ${response.status}`);
    return response.text();
  });
  const measured: PageJs[] = [];
  for (const page of pages) measured.push(await measurePageJs(browser, server.url, page));
  return measured;
}

const kib = (value: number | undefined, width: number) => (value === undefined ? "-" : value.toFixed(1)).padStart(width);

function printTable(current: readonly PageJs[], baseline: readonly PageJs[] | null, baselineRef: string): void {
  const before = new Map((baseline ?? []).map((page) => [page.page.label, page]));
  const encodings = encodingsOf(current);
  console.log(
    `first-load-js: KiB of JS per page on a first visit in Chromium (fresh context, Accept-Encoding: gzip). "gzip" = the first-load scripts ` +
      `as served (Content-Encoding: ${encodings}${encodings.includes("identity") ? "; a body served as identity is counted gzipped here at level 9" : ""}), ` +
      `"decoded" = their bodies; "later" = scripts fetched after load with no interaction (lazy chart drawings), gzipped. Target: gzip ≤ ${FIRST_LOAD_JS_TARGET_KIB} KiB.`,
  );
  const baseHead = baseline ? ` ${`gzip@${baselineRef}`.padStart(14)} ${"decoded".padStart(8)} ${"later".padStart(6)}` : "";
  console.log(`  ${"page".padEnd(30)}${baseHead} ${"gzip".padStart(7)} ${"decoded".padStart(8)} ${"later".padStart(6)} ${"scripts".padStart(7)}`);
  for (const page of current) {
    const gzip = gzippedKiB(page.firstLoad);
    const old = before.get(page.page.label);
    const baseCells = baseline
      ? ` ${kib(old && gzippedKiB(old.firstLoad), 14)} ${kib(old && decodedKiB(old.firstLoad), 8)} ${kib(old && gzippedKiB(old.later), 6)}`
      : "";
    console.log(
      `  ${page.page.label.padEnd(30)}${baseCells} ${kib(gzip, 7)} ${kib(decodedKiB(page.firstLoad), 8)} ${kib(gzippedKiB(page.later), 6)} ` +
        `${String(page.firstLoad.length).padStart(7)}  [${gzip <= FIRST_LOAD_JS_TARGET_KIB ? "OK" : "over target"}]`,
    );
  }
}

export async function run(): Promise<void> {
  const log = (line: string) => console.log(`first-load-js: ${line}`);
  const started = { wall: performance.now(), cpu: process.cpuUsage() };
  await ensureBenchBuild(log);
  const baselineRef = process.env.BENCH_BASELINE;
  const database = await startBenchServer();
  const servers: BenchNextServer[] = [];
  let browser: Browser | null = null;
  let baselineApp: BaselineApp | null = null;
  // Sign-in on, as a shared server runs: the sign-in page then has its form (the pages are opened signed out).
  process.env.STUDIO_ADMIN_PASSWORD ||= "first-load-bench-password";
  try {
    if (baselineRef && baselineRef !== "none") baselineApp = await buildBaselineApp(baselineRef, log);
    const databaseUrl = await database.urlFor("bench_first_load");
    await buildFixture(databaseUrl, log);
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: CHROMIUM_ARGS });
    const server = await startBenchNextServer(databaseUrl);
    servers.push(server);
    const current = await measureAll(browser, server);
    let baseline: PageJs[] | null = null;
    if (baselineApp) {
      const old = await startBenchNextServer(databaseUrl, baselineApp.dir);
      servers.push(old);
      baseline = await measureAll(browser, old);
    }
    printTable(current, baseline, baselineApp?.commit ?? "");
    const cpu = process.cpuUsage(started.cpu);
    log(`bench process: ${((performance.now() - started.wall) / 1000).toFixed(1)} s wall, ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s CPU; load average ${os.loadavg().map((load) => load.toFixed(2)).join(" ")}`);
  } finally {
    await browser?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await database.stop();
    baselineApp?.remove();
  }
}

// Standalone: `npx tsx scripts/bench/first-load-js.bench.ts`.
if (import.meta.url === `file://${process.argv[1]}`) await run();
