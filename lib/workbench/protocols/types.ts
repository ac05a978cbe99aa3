// What a WorkBench protocol is, as data: the tool semantics, the call-string parser and the scoring
// rules of one harness (the 2024 paper's, or WorkBench Revisited 2026's). No framework imports here.
import type { GroundTruthVersion } from "../datasets/types";
import type { ParsedCall } from "../calls/types";
import type { CallDialect } from "../calls/parse-call";
import type { ScoredTableName } from "../sandbox/types";
import type { ToolSet } from "../tools/tool-set";
import type { CallTextRewrite } from "../evaluate/plot-end-date";

export const PROTOCOL_IDS = ["2024", "2026"] as const;
/** The harness a run follows: "2024" (the paper) or "2026" (WorkBench Revisited). */
export type ProtocolId = (typeof PROTOCOL_IDS)[number];

export const SCORING_REVISIONS = ["2024", "2026-06", "2026-07"] as const;
/**
 * How a protocol's results are scored. 2024 has one revision; 2026 has "2026-06" (as published) and
 * "2026-07" (upstream pull request #55: a plot ending on 2023-11-30 is accepted for 2023-11-29).
 */
export type ScoringRevision = (typeof SCORING_REVISIONS)[number];

/** The three things a scored run is stored with; together they say what its numbers mean. */
export interface ScoringConfig {
  readonly protocol: ProtocolId;
  readonly groundTruth: GroundTruthVersion;
  readonly revision: ScoringRevision;
}

/** Scoring rules of one protocol revision (data read by the evaluator, never branched on by id). */
export interface ScoringRules {
  readonly revision: ScoringRevision;
  /** Correctness: "ordered" is pandas DataFrame.equals (rows, order, labels); "unordered" compares row multisets with columns in order. */
  readonly stateComparison: "ordered" | "unordered";
  /** Tables whose change counts towards side effects. */
  readonly sideEffectTables: readonly ScoredTableName[];
  /** How "the state changed" is decided (always without lowercasing). */
  readonly changeComparison: "ordered-raw" | "unordered-raw";
  /** A predicted call that failed makes the state incorrect (2026): it fails the task and a change counts as a side effect. */
  readonly failedCallFailsState: boolean;
  /** Rewrites of the call text applied to predicted and ground-truth calls before correctness is judged (2026-07). */
  readonly callTextRewrites: readonly CallTextRewrite[];
}

export interface RevisionInfo {
  readonly id: ScoringRevision;
  readonly label: string;
  readonly description: string;
}

/** One protocol: everything that differs between the 2024 and 2026 harnesses. */
export interface Protocol {
  readonly id: ProtocolId;
  readonly label: string;
  readonly description: string;
  /** The ground truth a new run of this protocol uses unless told otherwise. */
  readonly defaultGroundTruth: GroundTruthVersion;
  /** Oldest first; the last one is the default. */
  readonly revisions: readonly RevisionInfo[];
  /** The tools as a live agent and the scorer's replay run them under this protocol. */
  readonly tools: ToolSet;
  /** The call-string rules `parseCall` follows. */
  readonly callDialect: CallDialect;
  /** How a recorded call string becomes a call (or the failure the original raised). */
  parseCall(raw: string): ParsedCall;
  /** The call string the protocol's harness records for a tool call (2026 escapes its values). */
  formatCall(tool: string, args: Readonly<Record<string, unknown>>): string;
  scoringRules(revision: ScoringRevision): ScoringRules;
}
