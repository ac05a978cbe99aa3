// Protocols: which harness (2024 or 2026) a run follows, which ground truth it is scored against and
// under which scoring revision. `createProtocolEvaluator` is the one scoring entry point.
import { GROUND_TRUTH_VERSIONS, type Dataset, type GroundTruthVersion } from "../datasets/types";
import { createRulesEvaluator, type Evaluator } from "../evaluate/evaluator";
import type { ExecuteCall } from "../evaluate/replay";
import { PROTOCOLS } from "./definitions";
import { PROTOCOL_IDS, SCORING_REVISIONS, type Protocol, type ProtocolId, type ScoringConfig, type ScoringRevision } from "./types";
import { CodedError } from "../core/errors";

export { PROTOCOLS } from "./definitions";
export * from "./types";

export function isProtocolId(value: unknown): value is ProtocolId {
  return typeof value === "string" && (PROTOCOL_IDS as readonly string[]).includes(value);
}

export function isScoringRevision(value: unknown): value is ScoringRevision {
  return typeof value === "string" && (SCORING_REVISIONS as readonly string[]).includes(value);
}

export function getProtocol(id: ProtocolId): Protocol {
  return PROTOCOLS[id];
}

/** The latest revision of a protocol: what a new run is scored under unless told otherwise. */
export function defaultRevision(protocol: ProtocolId): ScoringRevision {
  const revisions = PROTOCOLS[protocol].revisions;
  return (revisions[revisions.length - 1] as (typeof revisions)[number]).id;
}

/** The protocol whose own ground truth this is (v1 → 2024, v2026 → 2026): the default when only --gt is given. */
export function protocolForGroundTruth(groundTruth: GroundTruthVersion): ProtocolId {
  return groundTruth === "v1" ? "2024" : "2026";
}

export class ScoringConfigError extends CodedError<"invalid_scoring_config"> {
  constructor(message: string) {
    super("invalid_scoring_config", message);
    this.name = "ScoringConfigError";
  }
}

/**
 * Fills in and checks a scoring configuration: a protocol (default: the ground truth's own), a ground
 * truth (default: the protocol's) and a revision of that protocol (default: its latest). Throws a
 * ScoringConfigError naming the bad value.
 */
export function resolveScoringConfig(input: { protocol?: string; groundTruth?: string; revision?: string }): ScoringConfig {
  if (input.protocol !== undefined && !isProtocolId(input.protocol)) {
    throw new ScoringConfigError(`protocol must be one of ${PROTOCOL_IDS.join(", ")} (got ${input.protocol})`);
  }
  const groundTruth = input.groundTruth;
  if (groundTruth !== undefined && !(GROUND_TRUTH_VERSIONS as readonly string[]).includes(groundTruth)) {
    throw new ScoringConfigError(`ground truth must be one of ${GROUND_TRUTH_VERSIONS.join(", ")} (got ${groundTruth})`);
  }
  const gt = groundTruth as GroundTruthVersion | undefined;
  const protocol: ProtocolId = input.protocol ?? (gt ? protocolForGroundTruth(gt) : "2024");
  const known = PROTOCOLS[protocol].revisions.map((revision) => revision.id);
  if (input.revision !== undefined && !(known as readonly string[]).includes(input.revision)) {
    throw new ScoringConfigError(`protocol ${protocol} has revisions ${known.join(", ")} (got ${input.revision})`);
  }
  return {
    protocol,
    groundTruth: gt ?? PROTOCOLS[protocol].defaultGroundTruth,
    revision: (input.revision as ScoringRevision | undefined) ?? defaultRevision(protocol),
  };
}

export interface ProtocolEvaluatorOptions {
  /** Default: the dataset's ground truth's own (v1 → 2024, v2026 → 2026). */
  readonly protocol?: ProtocolId;
  /** The loaded ground truth (its `version` is the ground truth scored against). */
  readonly dataset: Dataset;
  /** Default: the protocol's latest revision. */
  readonly revision?: ScoringRevision;
  /** Replaces the protocol's tools (unit tests with a fake executor). */
  readonly execute?: ExecuteCall;
}

/** The scoring entry point: an evaluator that scores task results as the protocol's original evaluator. */
export function createProtocolEvaluator(options: ProtocolEvaluatorOptions): Evaluator {
  const id = options.protocol ?? protocolForGroundTruth(options.dataset.version);
  const protocol = PROTOCOLS[id];
  const rules = protocol.scoringRules(options.revision ?? defaultRevision(id));
  return createRulesEvaluator(options.dataset, rules, {
    parse: protocol.parseCall,
    execute: options.execute ?? ((sandbox, call) => protocol.tools.execute(sandbox, call)),
  });
}
