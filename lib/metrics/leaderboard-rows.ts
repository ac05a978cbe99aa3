/**
 * Leaderboard rows from per-run counts (rates, Wilson interval, bucket accuracies) and their sort.
 * Pure, so ranking and rates are unit-tested; lib/queries/leaderboard.ts does the SQL.
 */
import { isReferenceAgent } from "./reference-agents";
import { ratio, wilsonInterval, type Interval } from "./wilson";

export const LEADERBOARD_SORTS = [
  "accuracy",
  "sideEffects",
  "exactMatch",
  "zeroAction",
  "onePlus",
  "twoPlus",
  "tokens",
  "cost",
  "date",
  "model",
] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

/** Per-run counts as the leaderboard SQL returns them. */
export interface LeaderboardCounts {
  id: string;
  name: string;
  agent: string;
  provider: string | null;
  model: string | null;
  toolSet: string;
  /** Dataset slug, and the ground truth's revision (null: recorded before revisions existed). */
  dataset: string;
  groundTruth: string;
  versionRevision: number | null;
  protocol: string;
  scoringRevision: string | null;
  source: string;
  createdAt: Date;
  /** A test run (mock or test endpoint, or marked): labelled, and off the ranking unless asked for. */
  testRun?: boolean;
  tags?: string[];
  tokens: number;
  costUsd: number;
  /** Recorded runs without usage: the import's estimate (lib/costs); null/absent when none. */
  estimatedCostUsd?: number | null;
  /** Results with a verdict, and how many of them failed at the provider (left out of every rate). */
  done?: number;
  providerFailures?: number;
  /** Scored results: done minus the provider failures (lib/runs/run-outcome.ts; recorded runs: all). */
  n: number;
  correct: number;
  sideEffects: number;
  exactMatch: number;
  zeroN: number;
  zeroCorrect: number;
  onePlusN: number;
  onePlusCorrect: number;
  twoPlusN: number;
  twoPlusCorrect: number;
}

export interface LeaderboardRow {
  readonly id: string;
  readonly name: string;
  /** Model id, or the agent for model-less agents (oracle, noop...). */
  readonly label: string;
  readonly agent: string;
  readonly provider: string | null;
  readonly toolSet: string;
  readonly dataset: string;
  readonly groundTruth: string;
  readonly versionRevision: number | null;
  readonly protocol: string;
  readonly scoringRevision: string | null;
  /** oracle / noop: listed apart from the ranking of models. */
  readonly reference: boolean;
  readonly test: boolean;
  readonly tags: readonly string[];
  readonly source: string;
  readonly createdAt: Date;
  readonly n: number;
  /** Results with a verdict; of those, failed at the provider (not in n) and their share of done. */
  readonly done: number;
  readonly providerFailures: number;
  readonly providerShare: number;
  readonly correct: number;
  readonly accuracy: number;
  readonly accuracyInterval: Interval | null;
  readonly sideEffectRate: number;
  readonly exactMatchRate: number;
  readonly zeroAction: number;
  readonly onePlus: number;
  readonly twoPlus: number;
  readonly tokens: number;
  readonly costUsd: number;
  readonly estimatedCostUsd: number | null;
}

export function toLeaderboardRow(row: LeaderboardCounts): LeaderboardRow {
  return {
    id: row.id,
    name: row.name,
    label: row.model ?? row.agent,
    agent: row.agent,
    provider: row.provider,
    toolSet: row.toolSet,
    dataset: row.dataset,
    groundTruth: row.groundTruth,
    versionRevision: row.versionRevision,
    protocol: row.protocol,
    scoringRevision: row.scoringRevision,
    reference: isReferenceAgent(row.agent),
    test: row.testRun ?? false,
    tags: row.tags ?? [],
    source: row.source,
    createdAt: row.createdAt,
    n: row.n,
    done: row.done ?? row.n,
    providerFailures: row.providerFailures ?? 0,
    providerShare: ratio(row.providerFailures ?? 0, row.done ?? row.n),
    correct: row.correct,
    accuracy: ratio(row.correct, row.n),
    accuracyInterval: wilsonInterval(row.correct, row.n),
    sideEffectRate: ratio(row.sideEffects, row.n),
    exactMatchRate: ratio(row.exactMatch, row.n),
    zeroAction: ratio(row.zeroCorrect, row.zeroN),
    onePlus: ratio(row.onePlusCorrect, row.onePlusN),
    twoPlus: ratio(row.twoPlusCorrect, row.twoPlusN),
    tokens: row.tokens,
    costUsd: row.costUsd,
    estimatedCostUsd: row.estimatedCostUsd ?? null,
  };
}

const sortValue: Record<LeaderboardSort, (row: LeaderboardRow) => number | string> = {
  accuracy: (row) => row.accuracy,
  sideEffects: (row) => row.sideEffectRate,
  exactMatch: (row) => row.exactMatchRate,
  zeroAction: (row) => row.zeroAction,
  onePlus: (row) => row.onePlus,
  twoPlus: (row) => row.twoPlus,
  tokens: (row) => row.tokens,
  cost: (row) => row.costUsd,
  date: (row) => row.createdAt.getTime(),
  model: (row) => row.label,
};

export function sortLeaderboard(rows: readonly LeaderboardRow[], sort: LeaderboardSort, direction: "asc" | "desc") {
  const sign = direction === "asc" ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = sortValue[sort](a);
    const right = sortValue[sort](b);
    const order = typeof left === "string" ? left.localeCompare(String(right)) : left - Number(right);
    return order === 0 ? a.label.localeCompare(b.label) : sign * order;
  });
}
