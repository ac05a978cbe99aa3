// The commands that bring the paper's recorded runs into the database, as the paper page and
// `workbench paper` print them when the runs are missing: run from the repository root, verbatim.
import { existsSync } from "node:fs";
import path from "node:path";
import { resolveDataDir } from "@/lib/workbench/datasets/data-dir";

const quote = (arg: string) => (/^[\w./@:+-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`);

/**
 * With the official files on disk (WORKBENCH_DATA_DIR, else ../shared/workbench): import the dataset if
 * it is not yet imported, then the results. Without them: fetch them first into ./workbench-data.
 */
export function paperImportCommands({ configuredDataDir, datasetImported, cwd = process.cwd() }: { configuredDataDir: string | undefined; datasetImported: boolean; cwd?: string }): string[] {
  const dataDir = resolveDataDir(configuredDataDir, cwd);
  const shown = path.relative(cwd, dataDir) || ".";
  const results = path.join(shown, "v1", "data", "results");
  if (!existsSync(path.join(dataDir, "v1", "data", "results"))) {
    return [
      "npm run workbench -- fetch --out workbench-data",
      "npm run workbench -- import-data --data workbench-data",
      "npm run workbench -- import-results --results workbench-data/v1/data/results",
    ];
  }
  return [
    ...(datasetImported ? [] : [`npm run workbench -- import-data --data ${quote(shown)}`]),
    `npm run workbench -- import-results --results ${quote(results)}`,
  ];
}
