#!/usr/bin/env tsx
// `npm run workbench -- <command>`: the headless CLI. Each command lives in scripts/commands/<name>.ts
// and exports `register(program)`; add one import + one call here per command.
import { Command } from "commander";
import { register as registerFetch } from "./commands/fetch";
import { register as registerImportData } from "./commands/import-data";
import { register as registerImportResults } from "./commands/import-results";
import { register as registerRun } from "./commands/run";
import { register as registerScore } from "./commands/score";

const program = new Command()
  .name("workbench")
  .description("WorkBench Studio command line: fetch and import data, score recorded results, run agents")
  .showHelpAfterError();

// Commands register themselves below (kept in alphabetical order).
registerFetch(program);
registerImportData(program);
registerImportResults(program);
registerRun(program);
registerScore(program);

// A failed command prints one clear line (the errors name the file, line or variable at fault) and exits 1;
// WORKBENCH_DEBUG=1 adds the stack.
try {
  await program.parseAsync(process.argv);
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`workbench: ${message}\n`);
  if (process.env.WORKBENCH_DEBUG === "1" && error instanceof Error && error.stack) process.stderr.write(`${error.stack}\n`);
  process.exitCode = 1;
  // A pool or queue the failed command opened must not keep the process alive.
  setTimeout(() => process.exit(1), 1000).unref();
}
