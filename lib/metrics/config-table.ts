/**
 * The columns of the configuration leaderboard, as text: the page renders these cells and the CSV
 * export writes the same ones, so an export is exactly the table on screen. Unknown values are "—".
 */
import type { ConfigRow, ConfigSort } from "./config-leaderboard";
import { formatInterval, formatPercent } from "./format";
import { withEstimateLabel } from "@/lib/costs/estimated-label";

export const UNKNOWN = "—";

export interface ConfigColumn {
  readonly id: string;
  readonly header: string;
  readonly title?: string;
  readonly sort: ConfigSort;
  readonly numeric: boolean;
  readonly cell: (row: ConfigRow) => string;
}

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
    { id: "model", header: "Model / agent", sort: "label", numeric: false, cell: (row) => row.label },
    { id: "agent", header: "Agent", sort: "agent", numeric: false, cell: (row) => row.agent },
    { id: "tools", header: "Tools", sort: "toolSet", numeric: false, cell: (row) => row.toolSet },
    { id: "gt", header: "GT · protocol", sort: "label", numeric: false, cell: (row) => [row.groundTruth, row.protocol, row.revision !== row.protocol ? row.revision : null].filter(Boolean).join(" · ") },
    { id: "pass1", header: "pass@1", title: "Share of correct (task, trial) results", sort: "passAt1", numeric: true, cell: (row) => percent(row.passAt1, 2) },
    { id: "ci", header: "95 % CI", title: "Wilson interval of pass@1", sort: "passAt1", numeric: true, cell: (row) => formatInterval(row.passAt1Interval) },
    { id: "passk", header: "pass^k", title: "All k trials of a task correct (k > 1 only)", sort: "passHatK", numeric: true, cell: (row) => (row.passHatK === null ? UNKNOWN : `${percent(row.passHatK)} (k=${row.k})`) },
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
    { id: "runs", header: "Runs", sort: "runs", numeric: true, cell: (row) => String(row.runIds.length) },
  ];
}

/** Header and text rows of the table, for the CSV export. */
export function configTableText(rows: readonly ConfigRow[], domains: readonly string[]): string[][] {
  const columns = configColumns(domains);
  return [columns.map((column) => column.header), ...rows.map((row) => columns.map((column) => column.cell(row)))];
}
