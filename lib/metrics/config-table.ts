/**
 * The columns of the configuration leaderboard, as text: the page renders these cells (with a second,
 * smaller line where `sub` gives one, so the table fits a 1,440 px screen). Unknown values are "—".
 * The CSV export writes numbers instead (config-csv.ts).
 */
import type { ConfigRow, ConfigSort } from "./config-leaderboard";
import { formatInterval, formatPercent, formatShare } from "./format";
import { withEstimateLabel } from "@/lib/costs/estimated-label";
import { BAND_RULE, bandExplanation } from "./board-bands";
import type { ConfigNoise } from "./noise";

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
  /** The value's explanation on hover. */
  readonly hover?: (row: ConfigRow) => string | undefined;
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

/** "3 runs" or "1 run × 3 trials": what a configuration's noise rests on. */
export function noiseBasis(noise: Pick<ConfigNoise, "runs" | "repeats" | "repeatKind">): string {
  return noise.repeatKind === "trials" ? `1 run × ${noise.repeats} trials` : `${noise.runs} runs`;
}

/** Two lines under the spread, narrow enough for the board at 1,440 px; "3 trials" are one run's. */
const noiseSub = (noise: ConfigNoise) =>
  `flips ${formatPercent(noise.flipRate, 0)}\nICC ${noise.icc === null ? UNKNOWN : noise.icc.toFixed(2)}\n${noise.repeatKind === "trials" ? `${noise.repeats} trials` : `${noise.runs} runs`}`;

/** A domain's column header, short (its title names it whole): six of them must leave room at 1,440 px. */
const DOMAIN_HEADERS: Readonly<Record<string, string>> = {
  analytics: "analyt.", calendar: "cal.", customer_relationship_manager: "crm", email: "email", multi_domain: "multi", project_management: "proj.",
};

export function configColumns(domains: readonly string[]): ConfigColumn[] {
  return [
    { id: "model", header: "Model / agent", title: "Second line: agent · tool set", sort: "label", numeric: false, cell: (row) => row.label, sub: (row) => `${row.agent} · ${row.toolSet} tools` },
    { id: "dataset", header: "Dataset", title: "Dataset; second line: ground truth and its revision · protocol · scoring revision", sort: "label", sortable: false, numeric: false, cell: (row) => row.dataset, sub: groundTruthLabel },
    {
      id: "band", header: "Rank", title: BAND_RULE,
      sort: "passAt1", sortable: false, numeric: false,
      cell: (row) => (row.band ? (row.band.best === row.band.worst ? `#${row.band.best}` : `#${row.band.best}–${row.band.worst}`) : UNKNOWN),
      // Short words (the hover says it whole): a board with pass^k and Noise columns still fits 1,440 px.
      sub: (row) => (!row.band || row.band.of === 1 ? "" : row.band.best === row.band.worst ? "apart" : row.band.untested ? `${row.band.untested} untested` : "not apart"),
      hover: (row) => (row.band ? bandExplanation(row.band) : undefined),
    },
    { id: "pass1", header: "pass@1", title: "Share of correct (task, trial) results; second line: 95 % Wilson interval", sort: "passAt1", numeric: true, cell: (row) => percent(row.passAt1, 2), sub: (row) => formatInterval(row.passAt1Interval) + providerNote(row) },
    { id: "passk", header: "pass^k", title: "All k trials of a task correct (k > 1 only)", sort: "passHatK", numeric: true, cell: (row) => (row.passHatK === null ? UNKNOWN : percent(row.passHatK)), sub: (row) => (row.passHatK === null ? "" : `k=${row.k}`) },
    {
      id: "noise", header: "Noise", title: "Where a configuration repeats: the run-to-run spread of its accuracy (standard deviation, points; over its runs, or its one run's trials); second line: share of tasks that flipped between repeats, intraclass correlation of verdicts within tasks, and what it rests on",
      sort: "passAt1", sortable: false, numeric: true,
      cell: (row) => (row.noise?.accuracySd == null ? UNKNOWN : `±${(row.noise.accuracySd * 100).toFixed(1)} pts`),
      sub: (row) => (row.noise ? noiseSub(row.noise) : ""),
    },
    { id: "side", header: "Side eff.", title: "Wrong answers that changed the sandbox", sort: "sideEffects", numeric: true, cell: (row) => percent(row.sideEffectRate) },
    ...domains.map((domain): ConfigColumn => ({
      id: `domain:${domain}`,
      header: DOMAIN_HEADERS[domain] ?? domain,
      title: `pass@1 on ${domain}`,
      sort: `domain:${domain}`,
      numeric: true,
      cell: (row) => percent(row.byDomain[domain]?.accuracy ?? null),
    })),
    {
      id: "cost", header: "$/task", title: "Cost: mean USD per (task, trial); (estimated): recorded runs without usage, from their prompts at 2024 list prices; — when unknown",
      sort: "cost", numeric: true, cell: (row) => estimated(row, usd(row.costPerTask)),
    },
    { id: "tokens", header: "Tok./task", title: "Tokens: mean input + output tokens per (task, trial)", sort: "tokens", numeric: true, cell: (row) => estimated(row, row.tokensPerTask === null ? UNKNOWN : Math.round(row.tokensPerTask).toLocaleString("en-US")) },
    { id: "coverage", header: "Cover.", title: "Coverage: share of the version's tasks scored", sort: "coverage", numeric: true, cell: (row) => percent(row.coverage, 0) },
    { id: "runs", header: "Runs", sort: "runs", numeric: true, cell: (row) => String(row.runs) },
    {
      id: "profile", header: "Profile", sort: "label", sortable: false, numeric: false,
      title: "C consistency · P paraphrase drop · F fault drop (pts, @rate) · B Brier; — not measured (docs/reliability-profile.md)",
      // Two lines (consistency and paraphrase; faults and Brier): one would widen the board past 1,440 px.
      cell: (row) => compactProfileLines(row)[0],
      sub: (row) => compactProfileLines(row)[1],
      hover: compactProfileText,
    },
  ];
}

/** "C 83% · P +4.2 · F +6.1@0.1 · B 0.210": each dimension's short figure, — where not measured. */
export function compactProfileText(row: Pick<ConfigRow, "profile">): string {
  return compactProfileLines(row).join(" · ");
}

/** The compact profile as the board shows it: "C 83% · P +4.2" over "F +6.1@0.1 · B 0.210". */
export function compactProfileLines(row: Pick<ConfigRow, "profile">): readonly [string, string] {
  const profile = row.profile;
  const points = (value: number) => `${value > 0 ? "+" : ""}${(100 * value).toFixed(1)}`;
  const [c, p, f, b] = [
    `C ${profile?.consistency == null ? UNKNOWN : formatPercent(profile.consistency, 0)}`,
    `P ${profile?.paraphraseDrop == null ? UNKNOWN : points(profile.paraphraseDrop)}`,
    `F ${profile?.faultDrop ? `${points(profile.faultDrop.drop)}@${profile.faultDrop.rate}` : UNKNOWN}`,
    `B ${profile?.brier == null ? UNKNOWN : profile.brier.toFixed(3)}`,
  ];
  return [`${c} · ${p}`, `${f} · ${b}`];
}

/**
 * The columns the page shows for these rows: pass^k only when some configuration has it (k > 1 trials;
 * a board of single-trial runs would show a column of "—"). The CSV export keeps every column.
 */
export function shownConfigColumns(rows: readonly Pick<ConfigRow, "passHatK" | "band" | "noise">[], domains: readonly string[]): ConfigColumn[] {
  const withTrials = rows.some((row) => row.passHatK !== null);
  // Bands only on a board (a configuration's own page has no ranking); noise where something repeats.
  const withBands = rows.some((row) => row.band);
  const withNoise = rows.some((row) => row.noise);
  return configColumns(domains).filter(
    (column) => (column.id !== "passk" || withTrials) && (column.id !== "band" || withBands) && (column.id !== "noise" || withNoise),
  );
}

/** Header and text rows of the table, for the CSV export. */
export function configTableText(rows: readonly ConfigRow[], domains: readonly string[]): string[][] {
  const columns = configColumns(domains);
  return [columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.cell(row)))];
}
