// Which recorded results files a path means: one CSV, or every `<domain>/*.csv` under a directory.
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { DOMAINS, type Domain } from "@/lib/workbench/datasets/types";
import { domainOfResultsFile } from "../recorded-calls";

export interface ResultFile {
  readonly path: string;
  readonly domain: Domain;
}

export async function listResultFiles(resultsPath: string): Promise<ResultFile[]> {
  const info = await stat(resultsPath).catch(() => null);
  if (!info) throw new Error(`${resultsPath}: no such file or directory`);
  if (info.isFile()) return [{ path: resultsPath, domain: domainOfResultsFile(resultsPath) }];
  const files: ResultFile[] = [];
  for (const domain of DOMAINS) {
    const dir = path.join(resultsPath, domain);
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((file) => file.endsWith(".csv")).sort()) files.push({ path: path.join(dir, name), domain });
  }
  if (files.length === 0) throw new Error(`${resultsPath}: no results files under <domain>/ folders`);
  return files;
}
