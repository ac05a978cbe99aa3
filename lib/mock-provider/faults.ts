// Deterministic fault injection: a seeded PRNG decides which requests fail and how, so a demo or a
// test with the same seed and request order sees the same faults.
import type { FaultKind } from "./types";

const FAULT_KINDS: readonly FaultKind[] = ["429", "500", "timeout"];

import { seededRandom } from "../seeded-random";

export { seededRandom };

export interface FaultPlanOptions {
  /** Share of requests that fail, in [0, 1]. */
  readonly faultRate: number;
  readonly seed: number;
  /** Which faults the rate draws from (default all three). */
  readonly faultKinds?: readonly FaultKind[];
  /** Scripted faults for the first requests, in order (null = answer normally); the rate applies after. */
  readonly script?: readonly (FaultKind | null)[];
}

/** Returns the fault (or null) for each successive request. */
export function createFaultPlan(options: FaultPlanOptions): () => FaultKind | null {
  const random = seededRandom(options.seed);
  const kinds = options.faultKinds?.length ? options.faultKinds : FAULT_KINDS;
  const script = [...(options.script ?? [])];
  return () => {
    if (script.length > 0) return script.shift() ?? null;
    if (random() >= options.faultRate) return null;
    return kinds[Math.floor(random() * kinds.length)] ?? null;
  };
}
