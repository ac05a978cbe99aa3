/**
 * The configuration board's rank bands (rank-bands.ts) on its rows: models only (reference agents are never
 * ranked), grouped by dataset, ground truth and its revision, protocol and scoring revision (the same tasks
 * under the same rules), each row's tasks the per-task tallies its runs pool (a task's share of right
 * verdicts over every trial of every run), its point estimate the board's pass@1. Pure.
 */
import type { TaskTally } from "./noise";
import { rankBands, MIN_SHARED_TASKS, type RankBand } from "./rank-bands";

/**
 * What a band reads of a board row (config-leaderboard.ts ConfigRow has these; named here, not imported,
 * since a row carries its band: the two modules would import each other).
 */
export interface BandedRow {
  readonly key: string;
  readonly label: string;
  readonly agent: string;
  readonly toolSet: string;
  readonly faultRate: number | null;
  readonly test: boolean;
  readonly reference: boolean;
  readonly passAt1: number;
  readonly dataset: string;
  readonly groundTruth: string;
  readonly versionRevision: number | null;
  readonly protocol: string | null;
  readonly revision: string | null;
}

/** A row's band as the board shows and exports it; peers by label, not by key. */
export interface RowBand extends Omit<RankBand, "id" | "peers" | "accuracy"> {
  readonly peers: readonly string[];
}

/** The name a board row goes by in another row's band: model (or agent) · agent · tool set, its fault rate and test mark. */
export function rowName(row: Pick<BandedRow, "label" | "agent" | "toolSet" | "faultRate" | "test">): string {
  return [row.label, row.agent, `${row.toolSet} tools`, row.faultRate ? `fault ${row.faultRate}` : null, row.test ? "test" : null].filter(Boolean).join(" · ");
}

/** Rows that can be compared: one dataset, ground truth (and which files of it), protocol and scoring revision. */
export function bandGroup(row: Pick<BandedRow, "dataset" | "groundTruth" | "versionRevision" | "protocol" | "revision">): string {
  return JSON.stringify([row.dataset, row.groundTruth, row.versionRevision, row.protocol, row.revision]);
}

/** Each ranked row's band, by key; `tallies` holds each row's tasks (by task id) in the board's scope. */
export function boardBands(
  rows: readonly BandedRow[],
  tallies: ReadonlyMap<string, ReadonlyMap<string, TaskTally>>,
  minShared = MIN_SHARED_TASKS,
): Map<string, RowBand> {
  const ranked = rows.filter((row) => !row.reference);
  const entries = ranked.map((row) => ({
    id: row.key,
    accuracy: row.passAt1,
    group: bandGroup(row),
    verdicts: new Map([...(tallies.get(row.key) ?? new Map<string, TaskTally>())].filter(([, tally]) => tally.trials > 0).map(([task, tally]) => [task, tally.correct / tally.trials] as const)),
  }));
  const names = new Map(ranked.map((row) => [row.key, rowName(row)] as const));
  return new Map(
    rankBands(entries, { minShared }).map(({ id, peers, accuracy: _accuracy, ...band }) => [id, { ...band, peers: peers.map((peer) => names.get(peer) ?? peer) }] as const),
  );
}

const PEERS_NAMED = 2;

/** The rule, said once (the Rank column's header): each row's explanation names only its own figures. */
export const BAND_RULE = `Rank band: the ranks a configuration could hold. Each pair of one dataset, ground truth and scoring revision is compared on the tasks both scored with the exact McNemar test (a task counts for the configuration right on a larger share of its verdicts there), Holm-corrected over every comparison the board makes, at 5 %; a pair sharing fewer than ${MIN_SHARED_TASKS} tasks is not tested. Hover a band for its peers.`;

/** The band's explanation on hover: its place, the configurations it cannot be told apart from, the family size. Short: it is repeated in every row of the page. */
export function bandExplanation(band: RowBand): string {
  // Short: every row of a page carries it twice (HTML and RSC payload); the Rank header's title states the rule.
  const family = `Holm over ${band.comparisons} test${band.comparisons === 1 ? "" : "s"}`;
  if (band.of === 1) return `The only configuration of its dataset and scoring revision on this board (${family}).`;
  const named = band.peers.slice(0, PEERS_NAMED).join("; ") + (band.peers.length > PEERS_NAMED ? ` and ${band.peers.length - PEERS_NAMED} more` : "");
  const peers = band.peers.length ? `not told apart from ${named}` : "told apart from every other";
  const untested = band.untested ? `; ${band.untested} of them with too few shared tasks to test` : "";
  const range = band.best === band.worst ? "" : `, could be #${band.best}–#${band.worst}`;
  return `#${band.rank} by pass@1 of ${band.of}${range}: ${peers}${untested} (${family}).`;
}
