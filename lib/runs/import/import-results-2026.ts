// Imports WorkBench Revisited (2026) results — `<domain>/<model>_<all|domains>_<timestamp>.csv.gz`
// beside `_meta.json` (and `_traces.json` when logged) — as runs: one Run per model × tool selection
// (its six domain files; the newest file per domain, as upstream's resume picks `max()` of the
// matches), with model, provider and settings from the meta. Idempotent and all-or-nothing per run,
// like the v1 importer, and streamed like it: only the metas are read up front, each file's rows are
// read a batch at a time inside the run's transaction.
//
// Which tasks and which rules, as upstream's metrics.py decides them: the meta's ground_truth_version
// names the tasks (the current ones or the snapshot Studio's v2026 holds → v2026; upstream's `v1`
// snapshot → Studio's v1; any other snapshot is refused with a message naming it, after the other runs
// are imported), and upstream scores every file with its 2026 rules. A file Studio exported records its
// run's own protocol and revision (`studio_protocol`, `studio_scoring_revision`: lib/interop/
// workbench-2026.ts); those are honoured, so a protocol-2024 run comes back as it left. So are its fault
// settings (`studio_fault_settings`) and each call's fault (the traces' `fault`, recorded-trace.ts). A run
// exported with several trials (`trial-<n>/` folders) comes back as one run with those trials.
import { createHash } from "node:crypto";
import type { PrismaClient } from "@/lib/generated/prisma/client";
import { CodedError } from "@/lib/errors";
import { loadResultsHeader2026, metaFileOf, providerOf, streamResultsFile2026, type ResultsFileHeader2026 } from "@/lib/workbench/results/load-2026";
import { createProtocolEvaluator, defaultRevision, isProtocolId, isScoringRevision, resolveScoringConfig, type ScoringConfig, type ScoringRevision } from "@/lib/workbench/protocols";
import { describeMissingSnapshots, missingSnapshots, studioGroundTruthOf, upstreamGroundTruthOf, type MissingSnapshot } from "@/lib/workbench/results/ground-truth-2026";
import type { GroundTruthVersion } from "@/lib/workbench/datasets/types";
import { V2026_TASK_SNAPSHOTS } from "@/lib/datasets/official-files";
import { listResultFiles2026 } from "./list-result-files";
import { buildImportBatches, writeImportedRunInChunks, type ImportBatchHook } from "./write-imported-run";
import { importFileOf, importHashOf, importRunOnce, trialsOf, type DeletedImportOptions, type ImportedRun } from "./import-once";
import { faultSettingsOf } from "@/lib/settings/fault-settings";

/** A 2026 results file with the trial (0-based) it holds of its run (`trial-<n>/` folders; else 0). */
type TrialFile2026 = ResultsFileHeader2026 & { readonly trial: number };

export interface ImportResults2026Options extends DeletedImportOptions {
  readonly resultsPath: string;
  /** The protocol-2026 revision to score under (default: the latest). A file Studio exported from a
   *  protocol-2024 run is scored under 2024, as it left. */
  readonly revision?: ScoringRevision;
  /** Per-batch work on the built rows before they are written (see ImportBatchHook). */
  readonly onBatch?: ImportBatchHook;
}

export async function importResults2026(db: PrismaClient, options: ImportResults2026Options): Promise<ImportedRun[]> {
  // Fails naming the value when the revision is not one of protocol 2026's.
  const { revision } = resolveScoringConfig({ protocol: "2026", revision: options.revision ?? defaultRevision("2026") });
  const files = await Promise.all((await listResultFiles2026(options.resultsPath)).map(async (file): Promise<TrialFile2026> => ({ ...(await loadResultsHeader2026(file.path, file.domain)), trial: file.trial })));
  const imported: ImportedRun[] = [];
  const refused: MissingSnapshot[] = [];
  for (const group of groupByRun(files)) {
    // Upstream scores each file against the ground truth its meta names (metrics.py get_latest_results_path).
    const missing = missingSnapshots(group, V2026_TASK_SNAPSHOTS);
    if (missing.length > 0) refused.push(...missing);
    else {
      const run = await importGroup(db, group, scoringOf(group, revision), options);
      if (run) imported.push(run);
    }
  }
  if (refused.length > 0) throw new GroundTruthSnapshotError(refused, imported);
  return imported;
}

/** Some runs name a ground-truth snapshot Studio does not hold; the others were imported. */
export class GroundTruthSnapshotError extends CodedError<"snapshot_missing"> {
  constructor(
    readonly missing: readonly MissingSnapshot[],
    readonly imported: readonly ImportedRun[],
  ) {
    super("snapshot_missing", describeMissingSnapshots(missing));
    this.name = "GroundTruthSnapshotError";
  }
}

/** model × tool selection → the newest file of each domain (of each trial). */
function groupByRun(files: readonly TrialFile2026[]): TrialFile2026[][] {
  const groups = new Map<string, Map<string, TrialFile2026>>();
  for (const file of files) {
    const key = `${file.meta.model_name}_${file.meta.tool_selection}`;
    const byDomain = groups.get(key) ?? new Map<string, TrialFile2026>();
    const slot = `${file.trial}/${file.domain}`;
    const current = byDomain.get(slot);
    if (!current || current.timestamp < file.timestamp) byDomain.set(slot, file);
    groups.set(key, byDomain);
  }
  return [...groups.values()].map((byDomain) => [...byDomain.values()]);
}

/**
 * The ground truth, protocol and revision a run's files are scored under (see the header). Every file of
 * the run must name the same ground truth; `revision` is the protocol-2026 revision asked for.
 */
function scoringOf(files: readonly ResultsFileHeader2026[], revision: ScoringRevision): ScoringConfig & { groundTruth: GroundTruthVersion } {
  const held = files.map((file) => studioGroundTruthOf(upstreamGroundTruthOf(file.meta), file.domain, V2026_TASK_SNAPSHOTS));
  const groundTruth = held[0] as GroundTruthVersion;
  const other = held.findIndex((version) => version !== groundTruth);
  if (other >= 0) {
    const a = files[0] as ResultsFileHeader2026;
    const b = files[other] as ResultsFileHeader2026;
    throw new CodedError("bad_value", `${b.file} names ground truth ${upstreamGroundTruthOf(b.meta)} but ${a.file} of the same run names ${upstreamGroundTruthOf(a.meta)}: a run is scored against one ground truth`);
  }
  const meta = (files[0] as ResultsFileHeader2026).meta;
  const protocol = isProtocolId(meta.studio_protocol) ? meta.studio_protocol : "2026";
  if (protocol === "2026") return { protocol, groundTruth, revision };
  const recorded = isScoringRevision(meta.studio_scoring_revision) ? meta.studio_scoring_revision : undefined;
  return { ...resolveScoringConfig({ protocol, groundTruth, revision: recorded }), groundTruth };
}

/** The run of a group of files: imported now, imported before, or null when it was deleted (skipped). */
async function importGroup(
  db: PrismaClient,
  files: readonly TrialFile2026[],
  scoring: ScoringConfig & { groundTruth: GroundTruthVersion },
  options: ImportResults2026Options,
): Promise<ImportedRun | null> {
  const { groundTruth, protocol, revision } = scoring;
  const meta = (files[0] as ResultsFileHeader2026).meta;
  const name = `${meta.model_name} · ${meta.tool_selection} tools (2026 results)${groundTruth === "v2026" ? "" : ` · ${groundTruth}`}`;
  const read = files.flatMap((file) => [file.file, metaFileOf(file.file), ...(file.tracesFile ? [file.tracesFile] : [])].map((path) => ({ path, trial: file.trial })));
  const identity = { importFile: importFileOf(files.map((file) => ({ ...file, path: file.file }))), importHash: await importHashOf(read) };
  // The same files are imported once, whatever the revision: another revision is a re-score (rescore.ts).
  return importRunOnce(db, { groundTruth, protocol, identity, name }, async ({ version, context, match }) => {
    const scorer = createProtocolEvaluator({ protocol, dataset: context.dataset, revision });
    const rows = (async function* () {
      for (const file of files) {
        for await (const batch of streamResultsFile2026(file)) yield file.trial === 0 ? batch : batch.map((row) => ({ ...row, trial: file.trial }));
      }
    })();
    const runId = await writeImportedRunInChunks(db, {
      name, datasetId: version.datasetId, versionId: version.id, groundTruth, ...identity, model: meta.model_name, toolSet: meta.tool_selection,
      protocol, scoringRevision: revision, provider: providerOf(meta), baseUrl: meta.base_url ?? null, trials: trialsOf(files),
      params: runParams(files), promptHash: meta.datetime_prefix ? sha256(meta.datetime_prefix) : null,
      costUsd: costOf(files), ...timesOf(files),
    }, buildImportBatches(rows, match, { ...context, scorer }, protocol, options.onBatch));
    return { runId, name };
  }, options);
}

/** The harness settings the upstream run recorded (what reproducing it needs). */
function runParams(files: readonly ResultsFileHeader2026[]): Record<string, unknown> {
  const meta = (files[0] as ResultsFileHeader2026).meta;
  return {
    harness: "workbench-2026",
    modelId: meta.model_id,
    supportsTemperature: meta.supports_temperature ?? null,
    // The same shape a launched workbench-2026 run stores, so the run can be reproduced live.
    harness2026: { structuredOutputs: meta.structured_outputs ?? false, actWithoutConfirmation: meta.act_without_confirmation ?? false },
    datetimePrefix: meta.datetime_prefix ?? null,
    upstreamGroundTruth: meta.ground_truth_version ?? null,
    traced: files.every((file) => file.tracesFile !== null),
    // Upstream results record no token usage: the cost is only known when the meta carries one.
    costKnown: files.every((file) => typeof file.meta.cost_usd === "number"),
    // A Studio export of a faulted run records its fault settings (lib/interop/workbench-2026.ts).
    ...faultSettingsOf(meta.studio_fault_settings),
  };
}

function costOf(files: readonly ResultsFileHeader2026[]): number {
  return files.reduce((sum, file) => sum + (typeof file.meta.cost_usd === "number" ? file.meta.cost_usd : 0), 0);
}

function timesOf(files: readonly ResultsFileHeader2026[]): { startedAt?: Date; finishedAt?: Date } {
  const started = files.map((file) => Date.parse(file.meta.started_at ?? "")).filter(Number.isFinite);
  const finished = files.map((file) => Date.parse(file.meta.finished_at ?? "")).filter(Number.isFinite);
  return {
    ...(started.length ? { startedAt: new Date(Math.min(...started)) } : {}),
    ...(finished.length ? { finishedAt: new Date(Math.max(...finished)) } : {}),
  };
}

function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}
