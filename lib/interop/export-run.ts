// `workbench export`'s work, apart from the command line: a run (or a configuration's runs) written in
// one of the formats other tools read. Files are written under `out` (a file for one Inspect log, a
// folder otherwise); the OTLP format sends instead of writing (otel/export-run-spans.ts).
import fs from "node:fs/promises";
import path from "node:path";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { loadRunForExport, type ExportResult, type ExportRun } from "./run-export";
import { buildEvalLog } from "./inspect/eval-log";
import { inspectLogFileName } from "./inspect/log-file-name";
import { workbench2024Files } from "./workbench-2024";
import { workbench2026Files } from "./workbench-2026";
import { InteropError } from "./errors";
import type { PrimaryCauseHook } from "./inspect/scores";
import { storedPrimaryCause } from "@/lib/metrics/primary-causes";
import { injectedFault } from "@/lib/traces/build-trace";

export const FILE_FORMATS = ["inspect", "workbench-2024", "workbench-2026"] as const;
export type FileFormat = (typeof FILE_FORMATS)[number];

export async function loadRunOrThrow(db: PrismaClient, runId: string): Promise<ExportRun> {
  const run = await loadRunForExport(db, runId);
  if (!run) throw new InteropError("bad_log", `Run ${runId} not found`);
  return run;
}

/** The runs of one leaderboard configuration (RunConfigKey), oldest first. */
export async function runIdsOfConfiguration(db: PrismaClient, configKey: string): Promise<string[]> {
  const keys = await db.runConfigKey.findMany({ where: { configKey }, select: { runId: true, run: { select: { createdAt: true } } } });
  return keys.sort((a, b) => a.run.createdAt.getTime() - b.run.createdAt.getTime()).map((key) => key.runId);
}

/** The log as Inspect reads it (JSON, EvalLog). */
export function inspectLogJson(run: ExportRun, primaryCause: PrimaryCauseHook = exportedPrimaryCause): string {
  return inspectLogFile(run, primaryCause).content;
}

/** The log and the name Inspect would give it (inspect/log-file-name.ts), which its listing needs. */
export function inspectLogFile(run: ExportRun, primaryCause: PrimaryCauseHook = exportedPrimaryCause): { name: string; content: string } {
  const log = buildEvalLog(run, { primaryCause });
  return { name: inspectLogFileName(log.eval), content: JSON.stringify(log) };
}

/**
 * Where one run's Inspect log is written: `out` itself when it names a `.json` file (the user's name is
 * kept; Inspect's listing then skips it, see docs/interop.md), else Inspect's name inside the folder `out`.
 */
export function inspectLogPath(out: string, inspectName: string, options: { several?: boolean } = {}): string {
  return !options.several && out.toLowerCase().endsWith(".json") ? out : path.join(out, inspectName);
}

/**
 * Writes one run. Inspect: `out` is the .json file, or a folder getting the log under Inspect's name
 * (always with `several`); the results formats: `out` is a folder getting the per-domain files.
 * Returns the paths written.
 */
export async function writeRunExport(run: ExportRun, format: FileFormat, out: string, options: { several?: boolean; primaryCause?: PrimaryCauseHook } = {}): Promise<string[]> {
  if (format === "inspect") {
    const log = inspectLogFile(run, options.primaryCause ?? exportedPrimaryCause);
    const file = inspectLogPath(out, log.name, options);
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, log.content);
    return [file];
  }
  const files = format === "workbench-2024" ? workbench2024Files(run) : workbench2026Files(run);
  const root = options.several ? path.join(out, run.id) : out;
  const written: string[] = [];
  for (const file of files) {
    const target = path.join(root, file.path);
    await fs.mkdir(path.dirname(target), { recursive: true });
    await fs.writeFile(target, file.content);
    written.push(target);
  }
  return written;
}

/** A result's primary cause (lib/workbench/analysis/primary-cause.ts), as the run page and CSV give it. */
export function exportedPrimaryCause(result: ExportResult): string | null {
  return storedPrimaryCause({
    correct: result.correct,
    error: result.error,
    errorKind: result.errorKind,
    calls: result.calls,
    failedCalls: result.failedCalls,
    diagnostics: result.diagnostics,
    groundTruth: result.groundTruth,
    injectedFaults: result.steps.filter((step) => injectedFault(step.fault) !== null).length,
  });
}

