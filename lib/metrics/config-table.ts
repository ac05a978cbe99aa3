/**
 * The columns of the configuration leaderboard, as text: the page renders these cells (with a second,
 * smaller line where `sub` gives one, so the table fits a 1,440 px screen). Unknown values are "—".
 * The CSV export writes numbers instead (config-csv.ts).
 */
import type { ConfigRow, ConfigSort } from "./config-leaderboard";
import { formatInterval, formatPercent, formatShare } from "./format";
import { withEstimateLabel } from "@/lib/costs/estimated-label";

export const UNKNOWN = "—";

export interface ConfigColumn {
  readonly id: string;
  readonly header: string;
  readonly title?: string;
  readonly sort: ConfigSort;
  /** False where the header sorts nothing of its own (it links to `sort` without showing an arrow). */
  readonly sortable?: boolean;
  readonly numeric: boolean;
  readonly cell: (row: ConfigRow) => string;
  /** A second line under the cell. */
  readonly sub?: (row: ConfigRow) => string;
}

/**
 * "v1 r2 · 2024" or "v2026 r1 · 2026-06": the ground truth (and which files of it) and the rules — the
 * scoring revision, which names its protocol ("2026-06" is protocol 2026), or else the protocol.
 */
export function groundTruthLabel(row: Pick<ConfigRow, "groundTruth" | "versionRevision" | "protocol" | "revision">): string {
  const groundTruth = row.versionRevision === null ? row.groundTruth : `${row.groundTruth} r${row.versionRevision}`;
  const rules = row.revision && row.protocol && row.revision.startsWith(row.protocol) ? row.revision : [row.protocol, row.revision].filter(Boolean).join(" · ");
  return [groundTruth, rules].filter(Boolean).join(" · ");
}

/** Provider failures are not scored: the rates leave them out, and the row says how many there were. */
const providerNote = (row: ConfigRow) =>
  row.providerFailures > 0 ? ` · ${row.providerFailures} failed at provider (${formatShare(row.providerShare)}), not scored` : "";

const percent = (value: number | null, digits = 1) => (value === null ? UNKNOWN : formatPercent(value, digits));

function usd(value: number | null): string {
  if (value === null) return UNKNOWN;
  if (value === 0) return "$0";
  return value < 0.01 ? `$${value.toFixed(5)}` : `$${value.toFixed(3)}`;
}

/** A known figure of a configuration whose usage was estimated says so (lib/costs). */
const estimated = (row: ConfigRow, text: string) => withEstimateLabel(text, row.costEstimated && text !== UNKNOWN);

export function configColumns(domains: readonly string[]): ConfigColumn[] {
  return [
    { id: "model", header: "Model / agent", title: "Second line: agent · tool set", sort: "label", numeric: false, cell: (row) => row.label, sub: (row) => `${row.agent} · ${row.toolSet} tools` },
    { id: "dataset", header: "Dataset", title: "Dataset; second line: ground truth and its revision · protocol · scoring revision", sort: "label", sortable: false, numeric: false, cell: (row) => row.dataset, sub: groundTruthLabel },
    { id: "pass1", header: "pass@1", title: "Share of correct (task, trial) results; second line: 95 % Wilson interval", sort: "passAt1", numeric: true, cell: (row) => percent(row.passAt1, 2), sub: (row) => formatInterval(row.passAt1Interval) + providerNote(row) },
    { id: "passk", header: "pass^k", title: "All k trials of a task correct (k > 1 only)", sort: "passHatK", numeric: true, cell: (row) => (row.passHatK === null ? UNKNOWN : percent(row.passHatK)), sub: (row) => (row.passHatK === null ? "" : `k=${row.k}`) },
    { id: "side", header: "Side eff.", title: "Wrong answers that changed the sandbox", sort: "sideEffects", numeric: true, cell: (row) => percent(row.sideEffectRate) },
    ...domains.map((domain): ConfigColumn => ({
      id: `domain:${domain}`,
      header: domain.replace("customer_relationship_manager", "crm").replace("project_management", "project").replace("multi_domain", "multi"),
      title: `pass@1 on ${domain}`,
      sort: `domain:${domain}`,
      numeric: true,
      cell: (row) => percent(row.byDomain[domain]?.accuracy ?? null),
    })),
    {
      id: "cost", header: "Cost/task", title: "Mean USD per (task, trial); (estimated): recorded runs without usage, from their prompts at 2024 list prices; — when unknown",
      sort: "cost", numeric: true, cell: (row) => estimated(row, usd(row.costPerTask)),
    },
    { id: "tokens", header: "Tokens/task", sort: "tokens", numeric: true, cell: (row) => estimated(row, row.tokensPerTask === null ? UNKNOWN : Math.round(row.tokensPerTask).toLocaleString("en-US")) },
    { id: "coverage", header: "Coverage", title: "Share of the version's tasks scored", sort: "coverage", numeric: true, cell: (row) => percent(row.coverage, 0) },
    { id: "runs", header: "Runs", sort: "runs", numeric: true, cell: (row) => String(row.runs) },
    {
      id: "profile", header: "Profile", sort: "label", sortable: false, numeric: false,
      title: "C consistency · P paraphrase drop · F fault drop (pts, @rate) · B Brier; — not measured (docs/reliability-profile.md)",
      cell: compactProfileText,
    },
  ];
}

/** "C 83% · P +4.2 · F +6.1@0.1 · B 0.210": each dimension's short figure, — where not measured. */
export function compactProfileText(row: Pick<ConfigRow, "profile">): string {
  const profile = row.profile;
  const points = (value: number) => `${value > 0 ? "+" : ""}${(100 * value).toFixed(1)}`;
  return [
    `C ${profile?.consistency == null ? UNKNOWN : formatPercent(profile.consistency, 0)}`,
    `P ${profile?.paraphraseDrop == null ? UNKNOWN : points(profile.paraphraseDrop)}`,
    `F ${profile?.faultDrop ? `${points(profile.faultDrop.drop)}@${profile.faultDrop.rate}` : UNKNOWN}`,
    `B ${profile?.brier == null ? UNKNOWN : profile.brier.toFixed(3)}`,
  ].join(" · ");
}

/**
 * The columns the page shows for these rows: pass^k only when some configuration has it (k > 1 trials;
 * a board of single-trial runs would show a column of "—"). The CSV export keeps every column.
 */
export function shownConfigColumns(rows: readonly Pick<ConfigRow, "passHatK">[], domains: readonly string[]): ConfigColumn[] {
  const withTrials = rows.some((row) => row.passHatK !== null);
  return configColumns(domains).filter((column) => column.id !== "passk" || withTrials);
}

/** Header and text rows of the table, for the CSV export. */
export function configTableText(rows: readonly ConfigRow[], domains: readonly string[]): string[][] {
  const columns = configColumns(domains);
  return [columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.cell(row)))];
}
