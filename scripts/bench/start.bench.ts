// `npm start` at rest: the resident memory (RSS, as `ps -o rss` counts it) and CPU of its process tree
// once the first pages are served and it sits idle, per process: npm, the supervisor, next-server, and
// PostgreSQL apart (its shared buffers are counted again in every backend, so its RSS sum overstates it).
// Target: the Node.js tree (npm + supervisor + next-server) ≤ 350 MiB. Side by side in one run:
//   - `npm start` as shipped (supervisor compiled to dist/start.mjs, no tsx, no Prisma in it);
//   - `npm exec tsx scripts/start.ts`: the same supervisor from source under tsx (how npm start ran before).
// Both use this checkout's .next (built by the first one if stale), a throwaway PostgreSQL data dir and an
// offline generated workplace (WORKBENCH_OFFLINE=1), so nothing here touches the user's database.
import { chmodSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { findFreePort } from "../db/free-port";
import { buildIsStale, REPO_ROOT } from "../next-build";
import { cleanEnv, startProduct } from "./npm-start";
import { byRole, machineLoad, mib, treeUsage } from "./process-usage";

const TARGET_MIB = 350;
const SETTLE_MS = 30_000;
const IDLE_WINDOW_MS = 20_000;
const PAGES = ["/", "/leaderboard", "/runs", "/tasks"];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const VARIANTS: ReadonlyArray<{ label: string; command: string[] }> = [
  { label: "npm start (compiled supervisor)", command: ["npm", "start"] },
  { label: "npm exec tsx scripts/start.ts (source under tsx)", command: ["npm", "exec", "--", "tsx", "scripts/start.ts"] },
];

async function measure(variant: (typeof VARIANTS)[number], pgDir: string): Promise<number> {
  const port = await findFreePort();
  const env = cleanEnv({ PORT: String(port), WORKBENCH_PG_DATA_DIR: pgDir, WORKBENCH_OFFLINE: "1" }, ["WORKBENCH_DATA_DIR", "HOST", "NEXT_DIST_DIR"]);
  const product = startProduct(variant.command, { cwd: REPO_ROOT, port, env });
  try {
    const firstMs = await product.firstPage(20 * 60_000);
    for (const page of PAGES) await fetch(`${product.url}${page}`).then((response) => response.arrayBuffer());
    await sleep(SETTLE_MS);
    const before = treeUsage(product.pid);
    await sleep(IDLE_WINDOW_MS);
    const after = treeUsage(product.pid);
    const cpuBefore = byRole(before);
    console.log(`\n${variant.label}: first page after ${(firstMs / 1000).toFixed(1)} s; idle ${SETTLE_MS / 1000} s after ${PAGES.length} pages; ${machineLoad()}`);
    console.log(`  ${"process".padEnd(44)} ${"RSS".padStart(9)} ${"CPU idle".padStart(10)}`);
    let nodeKiB = 0;
    let nodeCpuMs = 0;
    for (const [role, usage] of byRole(after)) {
      const idleCpuMs = usage.cpuMs - (cpuBefore.get(role)?.cpuMs ?? 0);
      const share = `${((idleCpuMs / IDLE_WINDOW_MS) * 100).toFixed(1)} %`;
      console.log(`  ${`${role}${usage.count > 1 ? ` ×${usage.count}` : ""}`.padEnd(44)} ${mib(usage.rssKiB).padStart(9)} ${share.padStart(10)}`);
      if (role !== "postgres") {
        nodeKiB += usage.rssKiB;
        nodeCpuMs += idleCpuMs;
      }
    }
    const verdict = nodeKiB / 1024 <= TARGET_MIB ? "within" : "over";
    console.log(`  Node.js tree (all but postgres): ${mib(nodeKiB)} RSS, ${((nodeCpuMs / IDLE_WINDOW_MS) * 100).toFixed(1)} % of a core idle — ${verdict} the ${TARGET_MIB} MiB target`);
    return nodeKiB;
  } finally {
    await product.stop();
  }
}

export async function run(): Promise<void> {
  const parent = mkdtempSync(path.join(os.tmpdir(), "start-bench-"));
  chmodSync(parent, 0o755); // the postgres user must traverse it
  const pgDir = path.join(parent, "pg");
  if (buildIsStale(".next")) console.log("(.next is missing or stale: the first npm start builds it, which its first-page time includes)");
  try {
    const sizes: number[] = [];
    for (const variant of VARIANTS) sizes.push(await measure(variant, pgDir));
    if (sizes.length === 2) console.log(`\nNode.js tree idle: ${mib(sizes[0]!)} (npm start) vs ${mib(sizes[1]!)} (tsx source), ${mib(sizes[1]! - sizes[0]!)} less`);
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }
}
