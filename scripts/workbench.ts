#!/usr/bin/env node
// `npm run workbench -- <command>` / `npx workbench <command>`: the headless CLI (compiled to
// dist/workbench.mjs by `npm run build:cli`; `npx tsx scripts/workbench.ts` runs the sources). Each command lives in scripts/commands/<name>.ts
// and exports `register(program)`; add one import + one call here per command.
import "../lib/node-version-check"; // first: a clear message on a too-old Node
import { verboseDetail } from "./commands/verbose"; // takes --verbose out of argv before commander sees it
import { Command } from "commander";
import { registerInProcessRerun } from "./db/rerun-with-db";
import { stopWhenLauncherExits } from "./db/launcher-exit";
import { register as registerFetch } from "./commands/fetch";
import { register as registerGenerate } from "./commands/generate";
import { register as registerEstimateCheck } from "./commands/estimate-check";
import { register as registerEstimateCosts } from "./commands/estimate-costs";
import { register as registerExport } from "./commands/export";
import { register as registerImportData } from "./commands/import-data";
import { register as registerImportInspect } from "./commands/import-inspect";
import { register as registerImportResults } from "./commands/import-results";
import { register as registerItemBank } from "./commands/item-bank";
import { register as registerRebuildAggregates } from "./commands/rebuild-aggregates";
import { register as registerMcp } from "./commands/mcp";
import { register as registerPaper } from "./commands/paper";
import { register as registerPlan } from "./commands/plan";
import { register as registerReliability } from "./commands/reliability";
import { register as registerRescore } from "./commands/rescore";
import { register as registerRun } from "./commands/run";
import { register as registerRunRest } from "./commands/run-rest";
import { register as registerRuns } from "./commands/runs";
import { register as registerScore } from "./commands/score";
import { register as registerSimulatePopulation } from "./commands/simulate-population";
import { register as registerSweep } from "./commands/sweep";
import { env } from "@/lib/env";
import { plainError } from "@/lib/plain-error";
import { endOfProcess } from "@/lib/process-end";

const program = new Command()
  .name("workbench")
  .description("WorkBench Studio command line: fetch and import data, score recorded results, run agents")
  .showHelpAfterError();

// Commands register themselves below (kept in alphabetical order).
registerEstimateCheck(program);
registerEstimateCosts(program);
registerExport(program);
registerFetch(program);
registerGenerate(program);
registerImportData(program);
registerImportInspect(program);
registerImportResults(program);
registerItemBank(program);
registerRebuildAggregates(program);
registerMcp(program);
registerPaper(program);
registerPlan(program);
registerReliability(program);
registerRescore(program);
registerRun(program);
registerRunRest(program);
registerRuns(program);
registerScore(program);
registerSimulatePopulation(program);
registerSweep(program);

// `npm run workbench` puts sh between npm and us; when npm goes (SIGTERM), stop like on SIGTERM.
stopWhenLauncherExits();

// A command that needs a database and finds no DATABASE_URL opens the embedded one in this process
// and runs again (commander parses the same arguments a second time).
registerInProcessRerun(() => program.parseAsync(process.argv));

// A failed command prints one clear line (the errors name the file, line or variable at fault; database and
// validation internals in plain words, lib/plain-error.ts) and exits 1; --verbose or WORKBENCH_DEBUG=1 adds
// the raw message and stack.
try {
  await program.parseAsync(process.argv);
} catch (error) {
  process.stderr.write(`workbench: ${plainError(error)}\n`);
  const detail = verboseDetail(error) ?? (debugRequested() && error instanceof Error && error.stack ? error.stack : null);
  if (detail) process.stderr.write(`${detail}\n`);
  process.exitCode = 1;
  // A pool or queue the failed command opened must not keep the process alive.
  setTimeout(() => process.exit(1), 1000).unref();
} finally {
  // Telemetry still in flight (a collector that refuses or never answers) is abandoned, bounded.
  await endOfProcess();
}

/** WORKBENCH_DEBUG, read without failing: the error being reported may be the environment's own. */
function debugRequested(): boolean {
  try {
    return env().WORKBENCH_DEBUG === true;
  } catch {
    return false;
  }
}
