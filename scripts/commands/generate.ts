// `workbench generate --seed <n> [--scale <x>] [--preset hard] [--tasks-per-template k] [--out dir] [--import] [--stats]`:
// writes a generated workplace (sandbox + tasks) in the official WorkBench layout, and optionally
// imports it as its own dataset. The same seed and parameters always give byte-identical files.
// --stats prints the difficulty measures of the default and hard presets at the same seed and scale.
import path from "node:path";
import type { Command } from "commander";
// params.ts only: the generator itself (faker and the templates) is loaded when the command runs, so
// every other command starts without it.
import { datasetSlug, generateCommand, GenerateParamsError, PRESETS, resolveParams, worldScale, type GenerateParams, type PresetName } from "@/lib/workbench/generate/params";
import type { StatsSource } from "@/lib/workbench/generate/stats";
import { rerunWithDatabase } from "../db/rerun-with-db";
import { env } from "@/lib/env";

type Options = {
  seed: string;
  scale: string;
  preset: string;
  tasksPerTemplate?: string;
  out?: string;
  import?: boolean;
  distractors?: string;
  chainLength?: string;
  conditionalShare?: string;
  noActionShare?: string;
  compoundShare?: string;
  tableScale?: string;
  stats?: boolean;
};

function number(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === "" || !Number.isFinite(parsed)) throw new GenerateParamsError(`${name} must be a number (got "${value}")`);
  return parsed;
}

function paramsFrom(options: Options) {
  if (!PRESETS.includes(options.preset as PresetName)) throw new GenerateParamsError(`--preset must be one of ${PRESETS.join(", ")} (got "${options.preset}")`);
  return resolveParams({
    seed: number("--seed", options.seed) as number,
    scale: number("--scale", options.scale),
    preset: options.preset as PresetName,
    tasksPerTemplate: number("--tasks-per-template", options.tasksPerTemplate),
    distractors: number("--distractors", options.distractors),
    chainLength: number("--chain-length", options.chainLength),
    conditionalShare: number("--conditional-share", options.conditionalShare),
    noActionShare: number("--no-action-share", options.noActionShare),
    compoundShare: number("--compound-share", options.compoundShare),
    tableScale: number("--table-scale", options.tableScale),
  });
}

export function register(program: Command): void {
  program
    .command("generate")
    .description("Generate a seeded WorkBench-format workplace (sandbox + tasks) in the official layout; --import loads it")
    .requiredOption("--seed <n>", "seed (non-negative integer)")
    .option("--scale <x>", "sandbox size relative to the paper's (1 = 300 events, 500 emails, ...)", "1")
    .option("--preset <name>", `difficulty preset: ${PRESETS.join(" | ")}`, "default")
    .option("--tasks-per-template <k>", "instances per template (default 10)")
    .option("--distractors <0..1>", "share of near-duplicate people, customers and meeting names")
    .option("--chain-length <n>", "requests per chained multi-domain task")
    .option("--conditional-share <0..0.9>", "share of tasks from conditional templates")
    .option("--no-action-share <0..1>", "how often conditional tasks take their do-nothing branch")
    .option("--compound-share <0..1>", "share of tasks followed by more requests, the last possibly depending on the earlier ones (one task, in order)")
    .option("--table-scale <1..4>", "rows per table relative to --scale (hard: 1.25)")
    .option("--stats", "print the difficulty measures of the default and hard presets (same seed and scale) and the hard targets")
    .option("--out <dir>", "output directory (default .data/generated/<slug>)")
    .option("--import", "import the dataset into the database after writing it")
    .action(async (options: Options) => {
      let params;
      try {
        params = paramsFrom(options);
      } catch (error) {
        if (!(error instanceof GenerateParamsError)) throw error;
        console.error(`generate: ${error.message}`);
        process.exitCode = 2;
        return;
      }
      if (options.import && !env().DATABASE_URL) {
        process.exitCode = await rerunWithDatabase();
        return;
      }
      const outDir = path.resolve(options.out ?? path.join(".data", "generated", datasetSlug(params)));
      const { generateDataset, limitHeapGrowthForGeneration, manifest, writeDataset } = await import("@/lib/workbench/generate");
      limitHeapGrowthForGeneration(worldScale(params));
      const started = performance.now();
      const dataset = generateDataset(params);
      const generatedMs = performance.now() - started;
      await writeDataset(outDir, dataset);
      const counts = manifest(dataset).counts;
      console.log(
        `${datasetSlug(params)}: ${counts.tasks} tasks (${counts.noAction} need no action) from ${counts.templates} templates; ` +
          `sandbox ${counts.calendar} events, ${counts.email} emails, ${counts.analytics} visits, ${counts.crm} customers, ${counts.projectTasks} project tasks, ${counts.directory} people`,
      );
      console.log(`Generated in ${(generatedMs / 1000).toFixed(1)} s; written to ${outDir}`);
      for (const { templateId, wanted, made } of dataset.shortfall) {
        console.warn(`warning: ${templateId} made ${made} of ${wanted} tasks (no more sound, distinct instances at this scale)`);
      }
      if (dataset.shortfall.length > 0) console.warn(`warning: ${dataset.shortfall.length} templates under-generated; ${counts.tasks} tasks in all`);
      if (options.stats) await printStats(params, dataset);
      if (!options.import) {
        console.log(`Import with: ${generateCommand(params, options.out ? [`--out ${JSON.stringify(options.out)}`, "--import"] : ["--import"])}`);
        return;
      }
      const { prisma } = await import("@/lib/db");
      const { importGeneratedDir } = await import("@/lib/datasets/import-generated");
      try {
        const outcomes = await importGeneratedDir(prisma, params, outDir, (line) => console.log(`  ${line}`));
        for (const outcome of outcomes) console.log(`${outcome.version}: ${outcome.status} (${outcome.tasks} tasks, ${outcome.sandboxRows} sandbox rows)`);
      } finally {
        await prisma.$disconnect();
      }
    });
}

async function printStats(params: GenerateParams, dataset: StatsSource): Promise<void> {
  const { generateDataset } = await import("@/lib/workbench/generate");
  const { difficultyStats, formatStats, hardTargets } = await import("@/lib/workbench/generate/stats");
  const other = params.preset === "default" ? "hard" : "default";
  const otherParams = resolveParams({ seed: params.seed, scale: params.scale, tasksPerTemplate: params.tasksPerTemplate, preset: other });
  const mine = difficultyStats(dataset);
  const theirs = difficultyStats(generateDataset(otherParams));
  const [base, hard] = params.preset === "default" ? [mine, theirs] : [theirs, mine];
  console.log(`\nDifficulty (seed ${params.seed}, ${params.scale}×${params.preset === "default" ? "" : `, this dataset = ${params.preset}`}):`);
  console.log(formatStats([[datasetSlug(params.preset === "default" ? params : otherParams), base], [datasetSlug(params.preset === "default" ? otherParams : params), hard]]));
  for (const target of hardTargets(hard, base)) console.log(`  hard: ${target.name}: ${target.detail} — ${target.met ? "met" : "NOT MET"}`);
}
