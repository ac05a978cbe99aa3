import type { SandboxData } from "../sandbox/types";

export const DOMAINS = [
  "analytics",
  "calendar",
  "customer_relationship_manager",
  "email",
  "project_management",
  "multi_domain",
] as const;
export type Domain = (typeof DOMAINS)[number];

export const GROUND_TRUTH_VERSIONS = ["v1", "v2026"] as const;
export type GroundTruthVersion = (typeof GROUND_TRUTH_VERSIONS)[number];

/** One benchmark task of one ground-truth version. */
export interface Task {
  /** Stable across versions: `${domain}/${position padded to 3}`, e.g. "email/007". */
  readonly key: string;
  readonly domain: Domain;
  /** Row index in the domain file. */
  readonly position: number;
  readonly text: string;
  /** Ground-truth call strings as in the file. */
  readonly groundTruth: readonly string[];
  readonly baseTemplate: string;
  readonly chosenTemplate: string;
  /** Toolkits the task needs, e.g. ["email", "calendar"]. */
  readonly toolkits: readonly string[];
}

/** A loaded ground-truth version: its sandbox and its 690 tasks. */
export interface Dataset {
  readonly version: GroundTruthVersion;
  readonly sandbox: SandboxData;
  readonly tasks: readonly Task[];
}
