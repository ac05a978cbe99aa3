// Shapes scored recorded results into the paper's tables (5, 6, 7), a per model x setting summary and
// the error breakdown, as plain rows of text for a terminal or a test.
import { DOMAINS } from "../datasets/types";
import { aggregate, tally, type Aggregate, type ScoredRow } from "./aggregate";
import type { RecordedVerdict } from "./score-recorded";
import type { Tally } from "./types";

export interface TextTable {
  readonly title: string;
  readonly header: readonly string[];
  readonly rows: readonly (readonly string[])[];
}

/** The paper's model order; models it did not run follow alphabetically. */
const PAPER_MODELS = ["gpt-4", "gpt-3.5", "claude-2", "llama2-70b", "mistral-8x7B"];
const TOOL_SETS = ["domains", "all"] as const;

/** "49.28% (340/690)"; "-" when there is nothing to count. */
export function percentOf(part: number, n: number): string {
  return n === 0 ? "-" : `${((100 * part) / n).toFixed(2)}% (${part}/${n})`;
}

const accuracyCell = (t: Tally) => percentOf(t.correct, t.n);

/** The rows of each model x tool set, grouped in one pass (a filter per setting would rescan every row). */
function groupBySetting(verdicts: readonly RecordedVerdict[]): Map<string, Map<string, ScoredRow[]>> {
  const byModel = new Map<string, Map<string, ScoredRow[]>>();
  for (const verdict of verdicts) {
    const { model, toolSet } = verdict.result;
    let byToolSet = byModel.get(model);
    if (!byToolSet) byModel.set(model, (byToolSet = new Map()));
    const rows = byToolSet.get(toolSet);
    if (rows) rows.push(verdict);
    else byToolSet.set(toolSet, [verdict]);
  }
  return byModel;
}

function modelsOf(byModel: ReadonlyMap<string, unknown>): string[] {
  const rank = (model: string) => (PAPER_MODELS.includes(model) ? PAPER_MODELS.indexOf(model) : PAPER_MODELS.length);
  return [...byModel.keys()].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

export function reportTables(verdicts: readonly RecordedVerdict[]): TextTable[] {
  const byModel = groupBySetting(verdicts);
  const rowsFor = (model: string, toolSet: string): ScoredRow[] => byModel.get(model)?.get(toolSet) ?? [];
  const models = modelsOf(byModel);
  const settings = models.flatMap((model) => TOOL_SETS.map((toolSet) => ({ model, toolSet, rows: rowsFor(model, toolSet) })));
  const present = settings.filter((s) => s.rows.length > 0).map((s) => ({ ...s, aggregate: aggregate(s.rows) }));
  const summary: TextTable = {
    title: "Summary per model x setting",
    header: ["model", "setting", "accuracy", "side effects", "exact match", "0 actions", "1+ actions", "2+ actions", "ctx window"],
    rows: present.map(({ model, toolSet, aggregate: a }) => {
      const { zero, onePlus, twoPlus } = a.byActionCount;
      return [model, toolSet, accuracyCell(a.overall), percentOf(a.overall.sideEffects, a.overall.n), percentOf(a.overall.exactMatch, a.overall.n),
        accuracyCell(zero), accuracyCell(onePlus), accuracyCell(twoPlus), String(a.breakdown.contextWindow)];
    }),
  };
  const table5: TextTable = {
    title: "Table 5: accuracy (domain tools / all tools)",
    header: ["model", "domain tools", "all tools"],
    rows: models.map((model) => [model, ...TOOL_SETS.map((toolSet) => accuracyCell(tally(rowsFor(model, toolSet))))]),
  };
  const gpt4All = rowsFor("gpt-4", "all");
  const table6: TextTable = {
    title: "Table 6: GPT-4, all tools, per domain (accuracy / side effects)",
    header: ["domain", "accuracy", "side effects"],
    rows: DOMAINS.map((domain) => {
      const t = tally(gpt4All.filter((row) => row.task.domain === domain));
      return [domain, accuracyCell(t), percentOf(t.sideEffects, t.n)];
    }),
  };
  const table7: TextTable = {
    title: "Table 7: all tools, accuracy by ground-truth action count",
    header: ["model", "all", "0 actions", "1+ actions", "2+ actions"],
    rows: present.filter((s) => s.toolSet === "all").map(({ model, aggregate: a }) => {
      return [model, accuracyCell(a.overall), accuracyCell(a.byActionCount.zero), accuracyCell(a.byActionCount.onePlus), accuracyCell(a.byActionCount.twoPlus)];
    }),
  };
  return [summary, table5, table6, table7, breakdownTable(present)];
}

function breakdownTable(settings: readonly { model: string; toolSet: string; aggregate: Aggregate }[]): TextTable {
  return {
    title: "Error breakdown (as calculate_metrics counts it)",
    header: ["model", "setting", "wrong, no s.e.", "wrong, s.e.", "no actions", "wrong email", "meeting start", "wrong email (s.e.)", "end date (s.e.)", "meeting start (s.e.)", "ctx window"],
    rows: settings.map(({ model, toolSet, aggregate: a }) => {
      const b = a.breakdown;
      return [model, toolSet, ...[b.withoutSideEffects, b.withSideEffects, b.noActions, b.wrongEmailNoSideEffects, b.meetingStartNoSideEffects,
        b.wrongEmailWithSideEffects, b.endDateWithSideEffects, b.meetingStartWithSideEffects, b.contextWindow].map(String)];
    }),
  };
}

/** Renders a table with aligned columns. */
export function renderTextTable(table: TextTable): string {
  const widths = table.header.map((cell, i) => Math.max(cell.length, ...table.rows.map((row) => (row[i] ?? "").length)));
  const line = (cells: readonly string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join("  ").trimEnd();
  return [table.title, line(table.header), line(widths.map((w) => "-".repeat(w))), ...table.rows.map(line)].join("\n");
}
