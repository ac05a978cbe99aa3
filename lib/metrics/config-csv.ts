/**
 * The configuration leaderboard as numeric CSV rows: rates as plain fractions (0.4261, not "42.61 %"),
 * the Wilson interval as two bound columns, unknown as an empty cell, and the dataset, ground truth,
 * its revision, protocol and scoring revision of every row, so a spreadsheet can compute with it and
 * no row can be mistaken for another dataset's. Model rows come first, reference agents after.
 */
import type { ConfigRow } from "./config-leaderboard";

type Cell = string | number | boolean | null;

interface CsvColumn {
  readonly header: string;
  readonly value: (row: ConfigRow) => Cell;
}

function csvColumns(domains: readonly string[]): CsvColumn[] {
  return [
    { header: "model", value: (row) => row.model },
    { header: "agent", value: (row) => row.agent },
    { header: "provider", value: (row) => row.provider },
    { header: "tool_set", value: (row) => row.toolSet },
    { header: "reference_agent", value: (row) => row.reference },
    { header: "dataset", value: (row) => row.dataset },
    { header: "ground_truth", value: (row) => row.groundTruth },
    { header: "ground_truth_revision", value: (row) => row.versionRevision },
    { header: "protocol", value: (row) => row.protocol },
    { header: "scoring_revision", value: (row) => row.revision },
    { header: "results", value: (row) => row.results },
    { header: "correct", value: (row) => row.correct },
    { header: "pass_at_1", value: (row) => row.passAt1 },
    { header: "pass_at_1_ci_low", value: (row) => row.passAt1Interval?.low ?? null },
    { header: "pass_at_1_ci_high", value: (row) => row.passAt1Interval?.high ?? null },
    { header: "k", value: (row) => row.k },
    { header: "pass_hat_k", value: (row) => row.passHatK },
    // The rank band (board-bands.ts): empty for reference agents and rows off a board.
    { header: "rank", value: (row) => row.band?.rank ?? null },
    { header: "rank_best", value: (row) => row.band?.best ?? null },
    { header: "rank_worst", value: (row) => row.band?.worst ?? null },
    { header: "rank_band", value: (row) => row.band?.label ?? null },
    { header: "rank_untested", value: (row) => row.band?.untested ?? null },
    { header: "side_effect_rate", value: (row) => row.sideEffectRate },
    ...domains.map((domain): CsvColumn => ({ header: `pass_at_1_${domain}`, value: (row) => row.byDomain[domain]?.accuracy ?? null })),
    { header: "cost_per_task_usd", value: (row) => row.costPerTask },
    { header: "tokens_per_task", value: (row) => row.tokensPerTask },
    // The two figures above were estimated from recorded prompts (docs/scoring-fidelity.md: estimated costs), not measured.
    { header: "cost_estimated", value: (row) => (row.costPerTask === null ? null : row.costEstimated) },
    { header: "coverage", value: (row) => row.coverage },
    { header: "runs", value: (row) => row.runs },
    // Noise where the configuration repeats (noise.ts): empty where no task has two verdicts.
    { header: "noise_runs", value: (row) => row.noise?.runs ?? null },
    { header: "noise_repeats", value: (row) => row.noise?.repeats ?? null },
    { header: "noise_repeat_kind", value: (row) => row.noise?.repeatKind ?? null },
    { header: "noise_tasks", value: (row) => row.noise?.tasks ?? null },
    { header: "accuracy_sd", value: (row) => row.noise?.accuracySd ?? null },
    { header: "flip_rate", value: (row) => row.noise?.flipRate ?? null },
    { header: "icc", value: (row) => row.noise?.icc ?? null },
  ];
}

/** Numbers in plain decimal notation (never "1e-7"), booleans as true/false, unknown as "". */
function cellText(value: Cell): string {
  if (value === null) return "";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "";
    const text = String(value);
    return /e/i.test(text) ? value.toFixed(12).replace(/\.?0+$/, "") : text;
  }
  return String(value);
}

/** Header and one row per configuration: model rows in the given order, then reference agents. */
export function configCsvRows(rows: readonly ConfigRow[], domains: readonly string[]): string[][] {
  const columns = csvColumns(domains);
  const ordered = [...rows.filter((row) => !row.reference), ...rows.filter((row) => row.reference)];
  return [columns.map((column) => column.header), ...ordered.map((row) => columns.map((column) => cellText(column.value(row))))];
}
