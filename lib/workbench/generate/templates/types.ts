// A task template: fixed wording with slots, the tools it needs, and a function that fills the slots
// from the generated sandbox and computes the one correct outcome, or returns null when the instance
// would be ambiguous (two valid outcomes) or does not apply.
import type { Domain } from "../../datasets/types";
import type { ScoredTableName } from "../../sandbox/types";
import type { TemplateContext } from "./context";

export interface Instance {
  readonly text: string;
  /** Ground-truth call strings (side-effect calls only), in order. */
  readonly calls: readonly string[];
}

export interface Template {
  /** Stable id, e.g. "email.delete-latest-with". */
  readonly id: string;
  readonly domain: Domain;
  /** The tasks' `domains` column: toolkits the task needs ("crm" for the CRM, as the paper writes it). */
  readonly toolkits: readonly string[];
  /** The wording with {slots}; written to base_template. */
  readonly text: string;
  /** Every tool an agent needs (reads and writes), full dotted names. */
  readonly tools: readonly string[];
  /** Tables its ground truth may change (a chain combines templates writing different tables). */
  readonly writes: readonly ScoredTableName[];
  /** "if … otherwise …" templates; the no-action knob steers their branch. */
  readonly conditional?: boolean;
  /** A question or a request that can need no action at all. */
  readonly mayNeedNoAction?: boolean;
  /** How the template avoids two valid outcomes (docs/ inventory). */
  readonly ambiguity: string;
  instantiate(ctx: TemplateContext): Instance | null;
}
