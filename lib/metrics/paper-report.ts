/**
 * The paper's Tables 5, 6, 7 and Figures 4, 6, 7 rebuilt from the imported recorded runs, each cell
 * with the paper's printed value, Studio's value, the difference and, where the difference is more than
 * the paper's rounding, the reason (paper-values.ts). Pure: the database read is lib/queries/paper.ts.
 */
import { countErrorBreakdown } from "@/lib/workbench/evaluate/aggregate";
import type { StoredDiagnostics } from "./error-breakdown";
import {
  CONTEXT_WINDOW_NOTE, CONTEXT_WINDOW_SETTINGS, FIGURE_4, FIGURE_6, FIGURE_7, PAPER_MODELS, PAPER_NOTES, TABLE_5, TABLE_6, TABLE_7,
  type PaperModel, type PaperToolSet,
} from "./paper-values";

export interface PaperResult {
  readonly domain: string;
  readonly template: string;
  readonly actionCount: number;
  readonly correct: boolean;
  readonly sideEffects: boolean;
  readonly diagnostics: StoredDiagnostics;
}

export interface PaperRun {
  readonly runId: string;
  readonly name: string;
  readonly model: string;
  readonly toolSet: string;
  readonly results: readonly PaperResult[];
}

/**
 * "match": the printed value is Studio's value rounded once to the printed precision; "rounded-twice": it
 * is not, but rounding twice gives it (13.48 → 13.5 → 14), a match only by double rounding, noted as such;
 * "differs": neither, with the reason.
 */
export type CellStatus = "match" | "rounded-twice" | "differs" | "context-window" | "missing";

export interface PaperCell {
  /** Stable id, e.g. "t5:gpt-4:all", "t6:email:accuracy", "f7:extremes". */
  readonly id: string;
  readonly unit: "%" | "count";
  /** As printed in the paper. */
  readonly paper: number;
  /** Studio's value (a percentage to 2 decimals, or a count); null when there is nothing to count. */
  readonly studio: number | null;
  /** The counts behind a percentage. */
  readonly count: { readonly part: number; readonly n: number } | null;
  /** studio − paper (percentage points or count); null without a Studio value. */
  readonly difference: number | null;
  readonly status: CellStatus;
  /** Why the cell is not a plain match; null for a match. */
  readonly note: string | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Decimals a printed number shows (49 → 0, 13.5 → 1). */
function printedDecimals(printed: number): number {
  const text = String(printed);
  const dot = text.indexOf(".");
  return dot === -1 ? 0 : text.length - dot - 1;
}

/** `value` rounded to `decimals` places, half away from zero as the paper rounds its figures. */
function roundTo(value: number, decimals: number): number {
  const scale = 10 ** decimals;
  // The small nudge keeps binary noise (13.45 stored as 13.4499…) from rounding a printed half down.
  return (Math.sign(value) * Math.round(Math.abs(value) * scale + 1e-9)) / scale;
}

/** Decimals Studio shows a percentage with (round2). */
const SHOWN_DECIMALS = 2;

/**
 * How a printed percentage relates to Studio's exact value (part/n × 100, not its 2-decimal display):
 * "once" when rounding once to the printed precision gives it; "twice" when only rounding in steps does:
 * to the 2 decimals Studio shows, then a decimal at a time down to the printed precision (13.478… →
 * 13.48 → 13.5 → 14, the chain given from the shown value); "no" otherwise.
 */
export function roundingOf(exact: number, printed: number): { kind: "once" } | { kind: "twice"; chain: number[] } | { kind: "no" } {
  const decimals = printedDecimals(printed);
  if (roundTo(exact, decimals) === printed) return { kind: "once" };
  const chain = [roundTo(exact, SHOWN_DECIMALS)];
  for (let d = SHOWN_DECIMALS - 1; d >= decimals; d -= 1) chain.push(roundTo(chain.at(-1)!, d));
  return chain.length > 1 && chain.at(-1) === printed ? { kind: "twice", chain } : { kind: "no" };
}

/** The note of a cell that matches only by rounding twice, naming it. */
export function doubleRoundingNote(exact: number, printed: number, chain: readonly number[]): string {
  const once = roundTo(exact, printedDecimals(printed));
  return `${chain[0]} % rounds to ${once} %, not ${printed} %; ${printed} % comes from rounding twice (${chain.join(" → ")}).`;
}

function explained(id: string, unit: PaperCell["unit"], paper: number, studio: number, count: PaperCell["count"]): PaperCell {
  const difference = round2(studio - paper);
  if (unit === "count") {
    const matches = studio === paper;
    return { id, unit, paper, studio, count, difference, status: matches ? "match" : "differs", note: matches ? null : noteOf(id) };
  }
  // The rounding is judged on the exact share when the counts are known, not on the 2-decimal display.
  const exact = count ? (100 * count.part) / count.n : studio;
  const rounding = roundingOf(exact, paper);
  if (rounding.kind === "once") return { id, unit, paper, studio, count, difference, status: "match", note: null };
  if (rounding.kind === "twice") return { id, unit, paper, studio, count, difference, status: "rounded-twice", note: doubleRoundingNote(exact, paper, rounding.chain) };
  return { id, unit, paper, studio, count, difference, status: "differs", note: noteOf(id) };
}

const noteOf = (id: string) => PAPER_NOTES[id] ?? "Unexplained: Studio's value differs from the paper beyond rounding.";

export function percentCell(id: string, paper: number, part: number, n: number): PaperCell {
  if (n === 0) return { id, unit: "%", paper, studio: null, count: null, difference: null, status: "missing", note: "No imported run to count." };
  return explained(id, "%", paper, round2((100 * part) / n), { part, n });
}

export function countCell(id: string, paper: number, studio: number): PaperCell {
  return explained(id, "count", paper, studio, null);
}

function contextWindowCell(id: string, paper: number): PaperCell {
  return { id, unit: "%", paper, studio: null, count: null, difference: null, status: "context-window", note: CONTEXT_WINDOW_NOTE };
}

const isContextWindow = (model: string, toolSet: string) => CONTEXT_WINDOW_SETTINGS.some((s) => s.model === model && s.toolSet === toolSet);
const correctOf = (results: readonly PaperResult[]) => results.filter((r) => r.correct).length;

function settingCell(id: string, paper: number, model: PaperModel, toolSet: PaperToolSet, results: readonly PaperResult[] | undefined): PaperCell {
  if (!results && isContextWindow(model, toolSet)) return contextWindowCell(id, paper);
  const rows = results ?? [];
  return percentCell(id, paper, correctOf(rows), rows.length);
}

function table5(find: RunFinder) {
  return (["domains", "all"] as const).map((toolSet) => ({
    toolSet,
    cells: PAPER_MODELS.map(({ model }) => settingCell(`t5:${model}:${toolSet}`, TABLE_5[toolSet][model], model, toolSet, find(model, toolSet)?.results)),
  }));
}

function table6(find: RunFinder) {
  const results = find("gpt-4", "all")?.results ?? [];
  return TABLE_6.map((column) => {
    const rows = results.filter((r) => r.domain === column.domain);
    return {
      domain: column.domain,
      label: column.label,
      tasks: countCell(`t6:${column.domain}:tasks`, column.tasks, rows.length),
      accuracy: percentCell(`t6:${column.domain}:accuracy`, column.accuracy, correctOf(rows), rows.length),
      sideEffects: percentCell(`t6:${column.domain}:sideEffects`, column.sideEffects, rows.filter((r) => r.sideEffects).length, rows.length),
    };
  });
}

const TABLE_7_BUCKETS = [
  { key: "all", label: "All tasks", holds: () => true },
  { key: "zero", label: "0 action tasks", holds: (n: number) => n === 0 },
  { key: "onePlus", label: "1+ action tasks", holds: (n: number) => n > 0 },
  { key: "twoPlus", label: "2+ action tasks", holds: (n: number) => n > 1 },
] as const;

function table7(find: RunFinder) {
  return TABLE_7_BUCKETS.map((bucket) => ({
    bucket: bucket.key,
    label: bucket.label,
    cells: PAPER_MODELS.map(({ model }) => {
      const results = find(model, "all")?.results.filter((r) => bucket.holds(r.actionCount));
      return settingCell(`t7:${model}:${bucket.key}`, TABLE_7[model][bucket.key], model, "all", results);
    }),
  }));
}

/** Figure 4: tasks per ground-truth action count, every count from 0 to the largest. */
function figure4(actionCounts: readonly number[]) {
  const max = actionCounts.reduce((a, b) => Math.max(a, b), 0);
  const bins = Array.from({ length: actionCounts.length ? max + 1 : 0 }, (_, actions) => ({ actions, tasks: actionCounts.filter((n) => n === actions).length }));
  return {
    bins,
    tasks: countCell("f4:tasks", FIGURE_4.tasks, actionCounts.length),
    noActionTasks: countCell("f4:noActionTasks", FIGURE_4.noActionTasks, bins[0]?.tasks ?? 0),
    maxActions: countCell("f4:maxActions", FIGURE_4.maxActions, max),
  };
}

function figure6(find: RunFinder) {
  const results = find("gpt-4", "all")?.results ?? [];
  const b = countErrorBreakdown(results);
  const cell = (key: keyof typeof FIGURE_6, studio: number) => countCell(`f6:${key}`, FIGURE_6[key], studio);
  return {
    tasks: cell("tasks", results.length),
    correct: cell("correct", correctOf(results)),
    withoutSideEffects: cell("withoutSideEffects", b.withoutSideEffects),
    withSideEffects: cell("withSideEffects", b.withSideEffects),
    noActions: cell("noActions", b.noActions),
    wrongEmailNoSideEffects: cell("wrongEmailNoSideEffects", b.wrongEmailNoSideEffects),
    meetingStartNoSideEffects: cell("meetingStartNoSideEffects", b.meetingStartNoSideEffects),
    wrongEmailWithSideEffects: cell("wrongEmailWithSideEffects", b.wrongEmailWithSideEffects),
    endDateWithSideEffects: cell("endDateWithSideEffects", b.endDateWithSideEffects),
    meetingStartWithSideEffects: cell("meetingStartWithSideEffects", b.meetingStartWithSideEffects),
  };
}

export interface TemplateAccuracy {
  readonly template: string;
  readonly domain: string;
  readonly n: number;
  readonly correct: number;
  /** Percentage, 2 decimals. */
  readonly accuracy: number;
}

/** Figure 7: GPT-4 (all tools) accuracy per base template, lowest first. */
function figure7(find: RunFinder) {
  const groups = new Map<string, { domain: string; n: number; correct: number }>();
  for (const r of find("gpt-4", "all")?.results ?? []) {
    const group = groups.get(r.template) ?? { domain: r.domain, n: 0, correct: 0 };
    group.n += 1;
    if (r.correct) group.correct += 1;
    groups.set(r.template, group);
  }
  const templates: TemplateAccuracy[] = [...groups]
    .map(([template, g]) => ({ template, domain: g.domain, n: g.n, correct: g.correct, accuracy: round2((100 * g.correct) / g.n) }))
    .sort((a, b) => a.accuracy - b.accuracy || a.template.localeCompare(b.template));
  const extremes = templates.filter((t) => t.correct === 0 || t.correct === t.n);
  return {
    templates,
    templateCount: countCell("f7:templates", FIGURE_7.templates, templates.length),
    extremes: countCell("f7:extremes", FIGURE_7.extremes, extremes.length),
    atZero: extremes.filter((t) => t.correct === 0).length,
    atHundred: extremes.filter((t) => t.correct === t.n).length,
  };
}

type RunFinder = (model: string, toolSet: string) => PaperRun | undefined;

/** Everything the paper page, its JSON route and `workbench paper --json` show. */
export function buildPaperReport({ runs, groundTruthActionCounts }: { runs: readonly PaperRun[]; groundTruthActionCounts: readonly number[] }) {
  const find: RunFinder = (model, toolSet) => runs.find((run) => run.model === model && run.toolSet === toolSet);
  return {
    runs: runs.map(({ runId, name, model, toolSet, results }) => ({ runId, name, model, toolSet, tasks: results.length, correct: correctOf(results) })),
    models: PAPER_MODELS,
    table5: table5(find),
    table6: table6(find),
    table7: table7(find),
    figure4: figure4(groundTruthActionCounts),
    figure6: figure6(find),
    figure7: figure7(find),
  };
}

export type PaperReport = ReturnType<typeof buildPaperReport>;

/** Every cell of the report, for counting and for tests. */
export function paperCells(report: PaperReport): PaperCell[] {
  const { figure4: f4, figure7: f7 } = report;
  return [
    ...report.table5.flatMap((row) => row.cells),
    ...report.table6.flatMap((column) => [column.tasks, column.accuracy, column.sideEffects]),
    ...report.table7.flatMap((row) => row.cells),
    f4.tasks, f4.noActionTasks, f4.maxActions,
    ...Object.values(report.figure6),
    f7.templateCount, f7.extremes,
  ];
}
