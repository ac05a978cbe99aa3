// Tool faults injected on purpose (a run setting): what still separates agents that all score 98 % is how
// they behave when a service answers 503, or when a send timed out after the email went out.
//
// The schedule is a pure function of (seed, task, ordinal): the n-th tool call of a task fails or not,
// and how, whatever the agent, so two agents face the same faults call for call and a run repeats.
// Three kinds, each drawn only where it means something (the call's type: a tool with side effects is a
// write, any other call a read):
//   transient  (reads and writes) the service is unavailable: the call does not run, the sandbox is
//              unchanged (a retry works);
//   ambiguous  (writes only) the call runs, its change is applied, but the answer is a timeout (a blind
//              retry duplicates it);
//   malformed  (reads only) the call runs, the answer is cut short or empty.
// The engine applies them in executeRecorded (run-tool.ts), the one place every tool call executes.
import type { Tool } from "./types";

export const FAULT_KINDS = ["transient", "ambiguous", "malformed"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The largest fault rate a run may ask for: past it most tasks cannot be finished at all. */
export const MAX_FAULT_RATE = 0.5;

/** What a call does to the sandbox, which decides the kinds of fault it can draw. */
export type CallType = "read" | "write";

/** The kinds a call of each type can draw (an ambiguous answer is about a write; a cut answer is a read's). */
export const FAULT_KINDS_BY_CALL: Readonly<Record<CallType, readonly FaultKind[]>> = {
  read: ["transient", "malformed"],
  write: ["transient", "ambiguous"],
};

/** How a run injects faults. `rate` 0 injects none (a clean run). */
export interface FaultPlan {
  /** Probability that a tool call fails, 0 to MAX_FAULT_RATE, whatever the call's type. */
  readonly rate: number;
  readonly seed: number;
  /**
   * Relative weight of each kind (need not sum to 1). A faulted call draws among the kinds its type can
   * have, by these weights: a write is ambiguous with probability ambiguous / (transient + ambiguous), a
   * read malformed with probability malformed / (transient + malformed). A kind with weight 0 never occurs.
   */
  readonly shares: Readonly<Record<FaultKind, number>>;
}

/**
 * Equal weights: a faulted write is transient or ambiguous half the time each, a faulted read transient
 * or malformed half the time each.
 */
export const DEFAULT_FAULT_SHARES: Readonly<Record<FaultKind, number>> = { transient: 1, ambiguous: 1, malformed: 1 };

/** "transient=1,ambiguous=1,malformed=1": shares as the CLI takes and the run page shows them. */
export function formatFaultShares(shares: Readonly<Record<FaultKind, number>>): string {
  return FAULT_KINDS.map((kind) => `${kind}=${shares[kind]}`).join(",");
}

/**
 * The CLI's `--fault-shares transient=2,ambiguous=1`: kinds left out keep their default weight. Throws a
 * one-line error naming the bad part; the numbers themselves are the run settings' schema's to check.
 */
export function parseFaultShares(text: string): Record<FaultKind, number> {
  const shares: Record<FaultKind, number> = { ...DEFAULT_FAULT_SHARES };
  for (const part of text.split(",").map((item) => item.trim()).filter(Boolean)) {
    const [kind = "", value = ""] = part.split("=").map((item) => item.trim());
    if (!(FAULT_KINDS as readonly string[]).includes(kind) || value === "" || !Number.isFinite(Number(value))) {
      throw new RangeError(`fault-shares: "${part}" is not kind=weight with kind one of ${FAULT_KINDS.join(", ")}`);
    }
    shares[kind as FaultKind] = Number(value);
  }
  return shares;
}

/** Why some shares cannot be a plan's, or null: each call type needs a kind with a positive weight (else its faults would vanish). */
export function faultSharesProblem(shares: Readonly<Record<FaultKind, number>>): string | null {
  if (FAULT_KINDS.some((kind) => !(shares[kind] >= 0) || !Number.isFinite(shares[kind]))) return "Each fault share is a number of at least 0";
  if (shares.transient + shares.ambiguous <= 0) return "Writes need a fault kind: give transient or ambiguous a share above 0";
  if (shares.transient + shares.malformed <= 0) return "Reads need a fault kind: give transient or malformed a share above 0";
  return null;
}

/** A fault as recorded on the tool step that drew it. */
export interface InjectedFault {
  readonly kind: FaultKind;
  /** The call's ordinal in the task (0 = the first tool call), the schedule's input. */
  readonly ordinal: number;
}

/** A recorded fault read back (a stored column, an exported file): `{ kind, ordinal }` with a known kind, else null (never throws on odd input). */
export function readInjectedFault(value: unknown): InjectedFault | null {
  if (typeof value !== "object" || value === null) return null;
  const { kind, ordinal } = value as { kind?: unknown; ordinal?: unknown };
  const known = FAULT_KINDS.find((candidate) => candidate === kind);
  return known && typeof ordinal === "number" ? { kind: known, ordinal } : null;
}

/**
 * Whether the call a fault was injected into never reached the service (a transient fault): it changed
 * nothing and is not one of the agent's calls (the trace withdraws it; the scorer and the first-divergence
 * view leave it out).
 */
export function faultStoppedCall(fault: Pick<InjectedFault, "kind"> | null | undefined): boolean {
  return fault?.kind === "transient";
}

/** The faults of one task: the run's plan and the task it applies to. */
export interface TaskFaults {
  readonly plan: FaultPlan;
  readonly taskKey: string;
}

/** The faults of `taskKey` under a run's plan; undefined for a clean run (no plan, or rate 0). */
export function taskFaults(plan: FaultPlan | null | undefined, taskKey: string): TaskFaults | undefined {
  return plan && plan.rate > 0 ? { plan, taskKey } : undefined;
}

/**
 * A uniform number in [0, 1) from (seed, task, ordinal, salt): FNV-1a over the fields, then murmur3's
 * finaliser so that neighbouring ordinals are unrelated. Integer arithmetic only: the same on every platform.
 */
export function faultUniform(seed: number, taskKey: string, ordinal: number, salt: string): number {
  const text = `${seed >>> 0}\u0000${taskKey}\u0000${ordinal}\u0000${salt}`;
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return (hash >>> 0) / 4_294_967_296;
}

/**
 * The fault the schedule gives the `ordinal`-th tool call of `taskKey`, a call of type `callType`, or null
 * (no fault). Whether the call fails depends on (seed, task, ordinal) only, so every agent meets a fault at
 * the same ordinals; its kind is drawn (from another uniform of the same inputs) among the kinds its type can have.
 */
export function scheduledFault(plan: FaultPlan, taskKey: string, ordinal: number, callType: CallType): FaultKind | null {
  if (!(plan.rate > 0)) return null;
  if (faultUniform(plan.seed, taskKey, ordinal, "fault") >= plan.rate) return null;
  const kinds = FAULT_KINDS_BY_CALL[callType];
  const total = kinds.reduce((sum, kind) => sum + Math.max(0, plan.shares[kind]), 0);
  if (total <= 0) return null;
  let pick = faultUniform(plan.seed, taskKey, ordinal, "kind") * total;
  for (const kind of kinds) {
    pick -= Math.max(0, plan.shares[kind]);
    if (pick < 0) return kind;
  }
  // Float dust at the top of the range: the last kind with a share.
  return [...kinds].reverse().find((kind) => plan.shares[kind] > 0) ?? null;
}

/** The service a tool belongs to, as its error answers name it. */
const SERVICE_NAMES: Readonly<Record<Tool["domain"], string>> = {
  calendar: "calendar",
  email: "email",
  analytics: "analytics",
  customer_relationship_manager: "CRM",
  project_management: "project management",
  company_directory: "company directory",
};

/** The answer a transient fault gives instead of running the call. */
export function unavailableAnswer(domain: Tool["domain"]): string {
  return `Service unavailable: the ${SERVICE_NAMES[domain]} service could not be reached (503). Nothing was changed. Please try again.`;
}

/** The answer an ambiguous fault gives after the call ran. */
export function timeoutAnswer(domain: Tool["domain"]): string {
  return `Request timed out: the ${SERVICE_NAMES[domain]} service did not answer in time (504). The request may or may not have been applied.`;
}

/** Every answer an injected fault can give starts with one of these (for agents' and analyses' tests). */
export const FAULT_ANSWER_PREFIXES = ["Service unavailable: ", "Request timed out: "] as const;

/**
 * A malformed answer: the real one cut to a third of its length (at least one character short of it), or
 * empty, chosen by the schedule so it repeats.
 */
export function malformedAnswer(observation: string, faults: TaskFaults, ordinal: number): string {
  if (observation.length < 3 || faultUniform(faults.plan.seed, faults.taskKey, ordinal, "malformed") < 0.5) return "";
  return observation.slice(0, Math.floor(observation.length / 3));
}
