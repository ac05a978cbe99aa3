// Generates a dataset from its parameters, writes it in the official layout and imports it as its own
// Dataset row (slug from the parameters, kind "generated", seed and params stored). Used by the
// `generate --import` command and by `npm start`'s offline default.
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { GROUND_TRUTH_VERSIONS } from "@/lib/workbench/datasets";
import { datasetSlug, generateDataset, manifest, writeDataset, type GenerateParams } from "@/lib/workbench/generate";
import { importDataset, type ImportOutcome } from "./import-dataset";

export type GeneratedImport = { slug: string; outDir: string; tasks: number; noAction: number; outcomes: ImportOutcome[] | null };

/** Default folder for generated files: .data/generated/<slug> under the working directory. */
export function defaultGeneratedDir(params: GenerateParams, cwd: string = process.cwd()): string {
  return path.join(cwd, ".data", "generated", datasetSlug(params));
}

export function generatedDatasetName(params: GenerateParams): string {
  const preset = params.preset === "default" ? "" : ` ${params.preset}`;
  return `Generated workplace${preset} (seed ${params.seed}, ${params.scale}×)`;
}

export async function generateAndWrite(params: GenerateParams, outDir: string) {
  const dataset = generateDataset(params);
  await writeDataset(outDir, dataset);
  return dataset;
}

export async function importGeneratedDir(prisma: PrismaClient, params: GenerateParams, outDir: string, onProgress?: (line: string) => void): Promise<ImportOutcome[]> {
  return importDataset(prisma, {
    dataDir: outDir,
    versions: GROUND_TRUTH_VERSIONS,
    dataset: { slug: datasetSlug(params), name: generatedDatasetName(params), kind: "generated", seed: params.seed, params: { ...params } },
    onProgress,
  });
}

export async function generateAndImport(prisma: PrismaClient, params: GenerateParams, outDir = defaultGeneratedDir(params)): Promise<GeneratedImport> {
  const dataset = await generateAndWrite(params, outDir);
  const outcomes = await importGeneratedDir(prisma, params, outDir);
  const counts = manifest(dataset).counts;
  return { slug: datasetSlug(params), outDir, tasks: counts.tasks, noAction: counts.noAction, outcomes };
}
