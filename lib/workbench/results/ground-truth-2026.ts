// Which ground truth a WorkBench Revisited (2026) results file must be scored against. Upstream
// (src/evals/metrics.py ground_truth_version_for_results, f7bed57) reads `ground_truth_version` from
// the run's `_meta.json`; a meta without it means the then-current ground truth ("v2", the top-level
// files of data/processed/tasks_and_outcomes/), and every other value names a frozen snapshot folder
// beside them. Studio's v2026 holds, per domain, the files of one snapshot folder (official-files.ts):
// Upstream's `v1` folder is the paper's (pre-correction) ground truth, the tasks Studio's v1 holds
// byte for byte but the header (task/outcome for query/answer). A result naming any other snapshot would
// be scored against tasks it was not run on, so it is refused.
import type { Domain, GroundTruthVersion } from "../datasets/types";

/** upstream metrics.py CURRENT_GROUND_TRUTH_VERSION: the top-level (unversioned) files. */
export const UPSTREAM_CURRENT_GROUND_TRUTH = "v2";

/** upstream's snapshot of the paper's ground truth (metrics.py: what results without a meta were scored on). */
export const UPSTREAM_V1_SNAPSHOT = "v1";

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
 * Studio's ground truth holding the tasks an upstream ground-truth version names for `domain`: v2026 for
 * the current one and the snapshot Studio's v2026 was read from (`snapshots`), v1 for upstream's `v1`;
 * null for any other snapshot.
 */
export function studioGroundTruthOf(upstream: string, domain: Domain, snapshots: Readonly<Record<Domain, string>>): GroundTruthVersion | null {
  if (upstream === UPSTREAM_CURRENT_GROUND_TRUTH || upstream === snapshots[domain]) return "v2026";
  return upstream === UPSTREAM_V1_SNAPSHOT ? "v1" : null;
}

/** The files of `files` whose upstream ground truth Studio does not hold (studioGroundTruthOf is null). */
export function missingSnapshots(
  files: readonly { readonly file: string; readonly domain: Domain; readonly meta: { readonly ground_truth_version?: string | undefined } }[],
  snapshots: Readonly<Record<Domain, string>>,
): MissingSnapshot[] {
  return files.flatMap((file) => {
    const needs = upstreamGroundTruthOf(file.meta);
    return studioGroundTruthOf(needs, file.domain, snapshots) ? [] : [{ file: file.file, domain: file.domain, needs, holds: snapshots[file.domain] }];
  });
}

/** The refusal, naming each snapshot a file needs and where upstream keeps it. */
export function describeMissingSnapshots(missing: readonly MissingSnapshot[]): string {
  return missing
    .map(
      (m) =>
        `${m.file} was scored upstream against ground truth ${m.needs} ` +
        `(data/processed/tasks_and_outcomes/${m.needs}/${m.domain}_tasks_and_outcomes.csv); ` +
        `Studio's v2026 ${m.domain} tasks are snapshot ${m.holds} and its v1 tasks upstream's ${UPSTREAM_V1_SNAPSHOT}, so it is not imported`,
    )
    .join("\n");
}
