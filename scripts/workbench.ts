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

await program.parseAsync(process.argv);
