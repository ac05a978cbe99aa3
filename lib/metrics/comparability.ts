/**
 * Whether two runs can be compared task by task, and under which rules. Runs on different datasets
 * never compare: their tasks are different tasks even when the keys match (a generated workplace
 * reuses the official keys). Runs of one dataset under different ground-truth versions, revisions,
 * protocols or scoring revisions compare only on the tasks whose text is identical, and the page says
 * their verdicts were reached under different rules. Pure: lib/queries/compare.ts reads the runs.
 */

export interface RunIdentity {
  readonly datasetId: string;
  /** Shown in messages: "WorkBench" or a generated workplace's name. */
  readonly datasetName: string;
  readonly groundTruth: string;
  /** The ground-truth revision the run's tasks come from (null: recorded before revisions existed). */
  readonly versionId: string | null;
  readonly versionRevision: number | null;
  readonly protocol: string;
  readonly scoringRevision: string | null;
}

export type Comparability =
  | { readonly comparable: false; readonly reason: string }
  | { readonly comparable: true; readonly differences: readonly string[] };

/** The differences in rules as short phrases ("ground truth v1 vs v2026"); empty when identical. */
export function ruleDifferences(a: RunIdentity, b: RunIdentity): string[] {
  const differences: string[] = [];
  if (a.groundTruth !== b.groundTruth) differences.push(`ground truth ${a.groundTruth} vs ${b.groundTruth}`);
  else if (a.versionId !== b.versionId) {
    const name = (run: RunIdentity) => (run.versionRevision === null ? "unknown" : `r${run.versionRevision}`);
    differences.push(`ground-truth revision ${name(a)} vs ${name(b)}`);
  }
  if (a.protocol !== b.protocol) differences.push(`protocol ${a.protocol} vs ${b.protocol}`);
  if (a.scoringRevision !== b.scoringRevision) differences.push(`scoring revision ${a.scoringRevision ?? "unknown"} vs ${b.scoringRevision ?? "unknown"}`);
  return differences;
}

export function comparability(a: RunIdentity, b: RunIdentity): Comparability {
  if (a.datasetId !== b.datasetId) {
    return {
      comparable: false,
      reason: `These runs are on different datasets (A: ${a.datasetName}, B: ${b.datasetName}). Their tasks are different tasks even where the task keys match, so they cannot be compared.`,
    };
  }
  return { comparable: true, differences: ruleDifferences(a, b) };
}

/** Tasks of two runs paired by key, kept only where both runs saw the same task text. */
export function pairIdenticalTasks<T extends { readonly text: string }>(
  left: ReadonlyMap<string, T>,
  right: ReadonlyMap<string, T>,
): { pairs: { key: string; a: T; b: T }[]; textDiffers: number } {
  const pairs: { key: string; a: T; b: T }[] = [];
  let textDiffers = 0;
  for (const [key, a] of left) {
    const b = right.get(key);
    if (!b) continue;
    if (a.text !== b.text) textDiffers += 1;
    else pairs.push({ key, a, b });
  }
  return { pairs, textDiffers };
}
