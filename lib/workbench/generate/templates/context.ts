// What a template sees while it builds one instance: the world, a seeded rng, and `read`, which runs a
// read-only tool on the initial sandbox exactly as an agent would (search limits included) and records
// the call in the instance's trail. Ground truths computed through `read` are reachable by construction;
// the tests replay the trail to check it.
import { formatCall } from "../../calls/format-call";
import { parseCall } from "../../calls/parse-call";
import { createSandbox } from "../../sandbox/sandbox";
import type { SandboxData } from "../../sandbox/types";
import { executeCall, getTool } from "../../tools";
import type { GenerateParams } from "../params";
import type { Rng } from "../random";
import type { World } from "../world/types";

export interface TemplateContext {
  readonly rng: Rng;
  readonly world: World;
  readonly sandbox: SandboxData;
  readonly params: GenerateParams;
  /** For conditional templates: aim for the branch that needs no action. */
  readonly wantNoAction: boolean;
  /** Read-only tool calls an agent would make to find the answer, as call strings. */
  readonly trail: string[];
  read(tool: string, args: Record<string, string>): unknown;
}

export class ReadFailedError extends Error {}

/** Reads are pure (the initial sandbox never changes), so one generation shares their results. */
export type ReadCache = Map<string, unknown>;

export function createContext(base: Omit<TemplateContext, "trail" | "read">, cache: ReadCache = new Map()): TemplateContext {
  const trail: string[] = [];
  return {
    ...base,
    trail,
    read(tool, args) {
      if (getTool(tool)?.hasSideEffects !== false) throw new Error(`${tool} is not a read-only tool`);
      const raw = formatCall(tool, args);
      if (cache.has(raw)) {
        const cached = cache.get(raw);
        if (cached instanceof ReadFailedError) throw cached;
        trail.push(raw);
        return cached;
      }
      const parsed = parseCall(raw);
      if (!parsed.ok) throw new Error(`template wrote an unparseable call: ${raw}`);
      const outcome = executeCall(createSandbox(base.sandbox), parsed.call);
      if (!outcome.ok) {
        const error = new ReadFailedError(`${raw}: ${outcome.message}`);
        cache.set(raw, error);
        throw error;
      }
      cache.set(raw, outcome.value);
      trail.push(raw);
      return outcome.value;
    },
  };
}

export const call = (tool: string, args: Record<string, string>) => formatCall(tool, args);
