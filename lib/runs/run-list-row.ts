/**
 * One row of the runs list as it is shown: every figure formatted and every rule applied here, on the
 * server, so the list (components/runs/runs-table.tsx, a client component) is handed a few hundred bytes
 * of plain data per run instead of a rendered element tree. The list pages at 50 runs; a server-rendered
 * tree is sent twice (HTML and the RSC payload that repeats every class list), about 5.8 KiB a row. Pure.
 */
import { formatDate, formatPercent, UNKNOWN_FIGURE, type FigureText } from "@/lib/metrics/format";
import { ESTIMATED_FROM_RECORDED, runUsage, type RunUsageFields } from "@/lib/metrics/run-usage";
import { ratio } from "@/lib/metrics/wilson";
import { displayStatus, type DisplayStatus } from "./run-outcome";
import { runSettingsFrom } from "@/lib/settings/run-settings";
import { estimateText, type RunEstimate } from "./estimated-run";

/** What the list needs of a run (a subset of lib/queries/runs.ts RunListItem). */
export interface RunListSource extends RunUsageFields {
  readonly id: string;
  readonly name: string;
  readonly status: string;
  readonly agent: string;
  readonly toolSet: string;
  readonly groundTruth: string;
  readonly protocol: string;
  readonly dataset: { readonly slug: string; readonly kind: string };
  readonly version: { readonly revision: number } | null;
  readonly tasksTotal: number;
  readonly tasksDone: number;
  readonly correctCount: number;
  readonly sideEffectCount: number;
  readonly errorCount: number;
  readonly createdAt: Date;
  readonly tags: readonly string[];
  readonly testRun: boolean;
  readonly board: { readonly providerFailures: number } | null;
  /** The run's stored settings (its injected fault rate is read from them); absent: a clean run. */
  readonly params?: unknown;
  /** An estimated run (estimated-run.ts), and its estimate when it is or was one. */
  readonly estimated?: boolean;
  readonly runEstimate?: RunEstimate | null;
}

export interface RunListRow {
  readonly id: string;
  readonly name: string;
  readonly source: string;
  readonly test: boolean;
  /**
   * Only on an estimated run (absent otherwise: fifty rows of nothing would weigh on the page): labelled,
   * never ranked; `estimate` is its full-benchmark estimate "62.3 % [55.0, 69.1]".
   */
  readonly estimated?: true;
  readonly estimate?: string;
  readonly tags: readonly string[];
  readonly status: DisplayStatus;
  readonly done: number;
  readonly total: number;
  /** The model, or the agent for model-less agents; under it "agent · tool set". */
  readonly model: string;
  readonly agentLine: string;
  readonly dataset: string;
  readonly generated: boolean;
  /** Share of tool calls failed on purpose ("0": a clean run). */
  readonly faultRate: string;
  /** The wording its tasks were given (RunSettings.phrasing): "original" unless reworded. */
  readonly phrasing: string;
  /** "v1 r1" (ground truth and its revision) and the protocol. */
  readonly groundTruth: string;
  readonly protocol: string;
  /** Accuracy and side-effect rate over the scored tasks, with what they are over (or why there is no rate). */
  readonly rates: RunListRates;
  readonly errors: number;
  readonly cost: FigureText;
  readonly created: string;
}

export interface RunListRates {
  readonly accuracy: string;
  readonly sideEffects: string;
  /** "over N scored tasks", or why there is no rate ("—"). */
  readonly note: string;
  readonly known: boolean;
}

export function toRunListRow(run: RunListSource): RunListRow {
  const providerFailures = run.board?.providerFailures ?? 0;
  return {
    id: run.id,
    name: run.name,
    source: run.source,
    test: run.testRun,
    ...(run.estimated ? { estimated: true as const, ...(run.runEstimate ? { estimate: estimateText(run.runEstimate.estimate) } : {}) } : {}),
    tags: run.tags,
    status: displayStatus({ status: run.status, source: run.source, done: run.tasksDone, providerFailures }),
    done: run.tasksDone,
    total: run.tasksTotal,
    model: run.model ?? run.agent,
    agentLine: `${run.agent} · ${run.toolSet}`,
    dataset: run.dataset.slug,
    generated: run.dataset.kind === "generated",
    faultRate: String(runSettingsFrom(run.params).faultRate),
    phrasing: runSettingsFrom(run.params).phrasing,
    groundTruth: run.version ? `${run.groundTruth} r${run.version.revision}` : run.groundTruth,
    protocol: run.protocol,
    rates: scoredRates(run, providerFailures),
    errors: run.errorCount,
    cost: listCost(run),
    created: formatDate(run.createdAt),
  };
}

/**
 * Rates over the run's scored tasks (done minus those that failed at the provider, which are never
 * correct); "—" with the reason when none was scored. Recorded runs' errors were all scored by their evaluator.
 */
function scoredRates(run: RunListSource, providerFailures: number): RunListRates {
  const scored = run.source === "imported" ? run.tasksDone : run.tasksDone - providerFailures;
  if (scored <= 0) {
    const note = run.tasksDone > 0 ? "no rate: every task failed at the provider" : "no task scored yet";
    return { accuracy: UNKNOWN_FIGURE, sideEffects: UNKNOWN_FIGURE, note, known: false };
  }
  return {
    accuracy: formatPercent(ratio(run.correctCount, scored), 1),
    sideEffects: formatPercent(ratio(run.sideEffectCount, scored), 1),
    note: `over ${scored} scored task${scored === 1 ? "" : "s"}`,
    known: true,
  };
}

/**
 * The recorded runs' estimate basis is a long sentence; fifty rows would repeat it, so a row says it in
 * short and the Cost column's header (RUN_LIST_COST_NOTE) says it whole.
 */
export const RUN_LIST_COST_NOTE = `Recorded runs: ${ESTIMATED_FROM_RECORDED}`;
const ESTIMATED_IN_SHORT = "estimated from the recorded prompts (see the column's note)";

function listCost(run: RunListSource): FigureText {
  const cost = runUsage(run).cost;
  return cost.reason === ESTIMATED_FROM_RECORDED ? { ...cost, reason: ESTIMATED_IN_SHORT } : cost;
}
