#!/usr/bin/env tsx
// `npm start`'s data step, run by the supervisor (scripts/start.ts) as a child process that exits when
// done: it creates and migrates the database (pg, the WASM schema engine), imports WORKBENCH_DATA_DIR
// when set, with the recorded results it holds (a no-op when already imported; different files add a
// revision) and, on a first start with nothing imported, fetches the official data or generates a
// workplace (scripts/starter-data.ts). Prisma and the engine load here only, so the long-lived
// supervisor stays small. Needs DATABASE_URL.
import "../lib/node-version-check"; // first: a clear message on a too-old Node
import { existsSync } from "node:fs";
import { migrateDatabase } from "./db/database-session";
import { REPO_ROOT } from "./next-build";
import { ensureStarterData } from "./starter-data";
import { env } from "@/lib/env";
import { errorMessage } from "@/lib/errors";

process.env.CHECKPOINT_DISABLE = "1";
// The supervisor forwards its stop signals. The first is ignored, so an import in progress finishes and
// commits (the supervisor then stops instead of serving); a second one stops at once.
let signalled = false;
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    if (signalled) process.exit(130);
    signalled = true;
  });
}

/** Imports WORKBENCH_DATA_DIR if set, then the first-run data if nothing is imported; returns how many versions exist. */
async function prepareData(): Promise<number> {
  const { prisma } = await import("@/lib/db");
  try {
    const dataDir = env().WORKBENCH_DATA_DIR;
    if (dataDir && !existsSync(dataDir)) console.log(`Data: WORKBENCH_DATA_DIR=${dataDir} does not exist; not importing from it.`);
    if (dataDir && existsSync(dataDir)) {
      const { importDataset } = await import("@/lib/datasets/import-dataset");
      const { GROUND_TRUTH_VERSIONS } = await import("@/lib/workbench/datasets");
      const outcomes = await importDataset(prisma, { dataDir, versions: GROUND_TRUTH_VERSIONS });
      console.log(`Data: ${outcomes.map((outcome) => `${outcome.version} ${outcome.status}`).join(", ")} (${dataDir})`);
      // The folder's recorded results too (the paper's, and the published 2026 ones when there): once.
      const { importOfficialResults, describeOutcome } = await import("@/lib/runs/import/import-official-results");
      for (const outcome of await importOfficialResults(prisma, dataDir)) console.log(`Data: ${describeOutcome(outcome)}`);
    }
    // First run with nothing imported: fetch the official data, or generate a workplace offline.
    await ensureStarterData(prisma, REPO_ROOT);
    return await prisma.groundTruthVersion.count();
  } finally {
    await prisma.$disconnect();
  }
}

async function main(): Promise<void> {
  // The whole environment is parsed here, once per start: an invalid variable stops npm start with its name.
  const url = env().DATABASE_URL;
  if (!url) throw new Error("DATABASE_URL is not set (scripts/start.ts sets it)");
  await migrateDatabase(url);
  if ((await prepareData()) === 0) {
    const { FETCH_AND_IMPORT } = await import("@/lib/datasets/hints");
    console.log("No dataset imported yet. Download and import the official files (with the paper's results) with");
    console.log(`  ${FETCH_AND_IMPORT}`);
    console.log("or, with a copy at hand, restart with WORKBENCH_DATA_DIR set to its folder.");
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`start: ${errorMessage(error)}`);
    process.exit(1);
  },
);
