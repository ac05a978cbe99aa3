// Which recorded results files a path means: one file, or every `<domain>/*` results file under a
// directory. v1 files are `<…>.csv`; 2026 files are `<…>.csv.gz` (or `.csv`) with a `_meta.json` beside.
// A run with several trials is exported as `trial-<n>/<domain>/*` (lib/interop): each such folder holds
// trial n of the same run.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { DOMAINS, type Domain } from "@/lib/workbench/datasets/types";
import { hasMeta2026 } from "@/lib/workbench/results/load-2026";
import { domainOfResultsFile } from "../recorded-calls";

export interface ResultFile {
  readonly path: string;
  readonly domain: Domain;
  /** 0-based: n - 1 for a file under `trial-<n>/`, else 0. */
  readonly trial: number;
}

const TRIAL_FOLDER = /^trial-([1-9]\d{0,2})$/;

type Layout = "v1" | "2026";

async function layoutOf(file: string): Promise<Layout | null> {
  if (file.endsWith(".csv.gz")) return "2026";
  if (!file.endsWith(".csv")) return null;
  return (await hasMeta2026(file)) ? "2026" : "v1";
}

async function listFiles(resultsPath: string, layout: Layout): Promise<ResultFile[]> {
  const info = await stat(resultsPath).catch(() => null);
  if (!info) throw new Error(`${resultsPath}: no such file or directory`);
  if (info.isFile()) return (await layoutOf(resultsPath)) === layout ? [{ path: resultsPath, domain: domainOfResultsFile(resultsPath), trial: 0 }] : [];
  const trialFolders = (await readdir(resultsPath)).flatMap((name) => {
    const match = TRIAL_FOLDER.exec(name);
    return match ? [{ dir: path.join(resultsPath, name), trial: Number(match[1]) - 1 }] : [];
  });
  const files: ResultFile[] = [];
  for (const { dir, trial } of [{ dir: resultsPath, trial: 0 }, ...trialFolders.sort((a, b) => a.trial - b.trial)]) {
    for (const domain of DOMAINS) {
      const domainDir = path.join(dir, domain);
      const names = await readdir(domainDir).catch(() => [] as string[]);
      for (const name of names.sort()) {
        const file = path.join(domainDir, name);
        if ((await layoutOf(file)) === layout) files.push({ path: file, domain, trial });
      }
    }
  }
  return files;
}

/** The 2024 paper's layout; fails when there is none (the v1 importer's contract). */
export async function listResultFiles(resultsPath: string): Promise<ResultFile[]> {
  const files = await listFiles(resultsPath, "v1");
  if (files.length === 0) throw new Error(`${resultsPath}: no results files under <domain>/ folders`);
  return files;
}

/** The 2026 layout; empty when the path holds none. */
export function listResultFiles2026(resultsPath: string): Promise<ResultFile[]> {
  return listFiles(resultsPath, "2026");
}
