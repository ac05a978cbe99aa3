// Which ground truth a WorkBench Revisited (2026) results file must be scored against. Upstream
// (src/evals/metrics.py ground_truth_version_for_results, f7bed57) reads `ground_truth_version` from
// the run's `_meta.json`; a meta without it means the then-current ground truth ("v2", the top-level
// files of data/processed/tasks_and_outcomes/), and every other value names a frozen snapshot folder
// beside them. Studio's v2026 holds, per domain, the files of one snapshot folder (official-files.ts):
// a result naming another snapshot would be scored against tasks it was not run on, so it is refused.
import type { Domain } from "../datasets/types";

/** upstream metrics.py CURRENT_GROUND_TRUTH_VERSION: the top-level (unversioned) files. */
export const UPSTREAM_CURRENT_GROUND_TRUTH = "v2";

/** The upstream ground-truth version a results meta names (absent: the current one). */
export function upstreamGroundTruthOf(meta: { readonly ground_truth_version?: string | undefined }): string {
  return meta.ground_truth_version ?? UPSTREAM_CURRENT_GROUND_TRUTH;
}

/** A results file whose ground truth Studio does not hold. */
export interface MissingSnapshot {
  readonly file: string;
  readonly domain: Domain;
  readonly needs: string;
  readonly holds: string;
}

/**
 * The files of `files` whose upstream ground truth is neither the current one nor the snapshot folder
 * Studio's v2026 tasks of that domain were read from (`snapshots`, per domain).
 */
export function missingSnapshots(
  files: readonly { readonly file: string; readonly domain: Domain; readonly meta: { readonly ground_truth_version?: string | undefined } }[],
  snapshots: Readonly<Record<Domain, string>>,
): MissingSnapshot[] {
  return files.flatMap((file) => {
    const needs = upstreamGroundTruthOf(file.meta);
    const holds = snapshots[file.domain];
    return needs === UPSTREAM_CURRENT_GROUND_TRUTH || needs === holds ? [] : [{ file: file.file, domain: file.domain, needs, holds }];
  });
}

/** The refusal, naming each snapshot a file needs and where upstream keeps it. */
export function describeMissingSnapshots(missing: readonly MissingSnapshot[]): string {
  return missing
    .map(
      (m) =>
        `${m.file} was scored upstream against ground truth ${m.needs} ` +
        `(data/processed/tasks_and_outcomes/${m.needs}/${m.domain}_tasks_and_outcomes.csv); ` +
        `Studio's v2026 ${m.domain} tasks are snapshot ${m.holds}, so it is not imported`,
    )
    .join("\n");
}
