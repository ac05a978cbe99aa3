// Turns templates into tasks: k instances each (more or fewer for conditional templates when the
// conditional-share knob is set), every instance checked before it is kept: its calls parse and all
// run without error, an action task really changes the sandbox under both comparisons (so a do-nothing
// agent fails it), a no-action task changes nothing, and no two tasks share a text.
import { parseCall } from "../calls/parse-call";
import { DOMAINS, type Domain } from "../datasets/types";
import { statesEqual } from "../evaluate/compare-tables";
import { replayCalls } from "../evaluate/replay";
import { SCORED_TABLES, type SandboxData } from "../sandbox/types";
import { executeCall } from "../tools";
import type { GenerateParams } from "./params";
import type { Rng } from "./random";
import { createContext, ReadFailedError, type ReadCache } from "./templates/context";
import { CHAIN_PARTS, TEMPLATES, type Template } from "./templates";
import { appendRequests, type AppendedRequest } from "./templates/chain";
import type { World } from "./world/types";

export interface GeneratedTask {
  readonly domain: Domain;
  readonly text: string;
  readonly calls: readonly string[];
  readonly template: Template;
  /** Read-only calls that find everything the ground truth needs (replayed by the tests). */
  readonly trail: readonly string[];
  /** The tasks' `domains` column: the template's toolkits, and those of the requests appended to it. */
  readonly toolkits: readonly string[];
  /** Templates of the requests appended to the template's own (compound tasks, `compoundShare`); a last one that depends on the earlier ones is a `follow-up.*`. */
  readonly appended: readonly string[];
}

/** A template that made fewer instances than asked for (no more sound, distinct instances were found). */
export interface Shortfall {
  readonly templateId: string;
  readonly wanted: number;
  readonly made: number;
}

export interface GeneratedTasks {
  readonly tasks: GeneratedTask[];
  readonly shortfall: Shortfall[];
}

const ATTEMPTS_PER_TASK = 40;

export function generateTasks(rng: Rng, world: World, sandbox: SandboxData, params: GenerateParams, templates: readonly Template[] = TEMPLATES): GeneratedTasks {
  const texts = new Set<string>();
  const tasks: GeneratedTask[] = [];
  const shortfall: Shortfall[] = [];
  const counts = countsPerTemplate(templates, params);
  const extras = Math.max(1, params.chainLength - 2);
  templates.forEach((template, index) => {
    const wanted = counts[index] as number;
    // Reads repeat within a template's attempts; one cache per template keeps memory flat at 100×.
    const cache: ReadCache = new Map();
    let made = 0;
    for (let attempt = 0; made < wanted && attempt < wanted * ATTEMPTS_PER_TASK; attempt++) {
      const ctx = createContext({ rng: rng.fork(), world, sandbox, params, wantNoAction: template.conditional === true && rng.chance(params.noActionShare) }, cache);
      const compound = template.id !== "multi.chain" && rng.chance(params.compoundShare);
      let instance;
      let appended: AppendedRequest[] = [];
      try {
        instance = template.instantiate(ctx);
        if (instance && compound) {
          const combined = appendRequests(ctx, instance, template.writes, CHAIN_PARTS, extras);
          instance = combined?.instance ?? null;
          appended = combined?.appended ?? [];
        }
      } catch (error) {
        if (error instanceof ReadFailedError) continue; // a read the tools refuse: not a usable instance
        throw error;
      }
      if (!instance || texts.has(instance.text) || !isSound(sandbox, instance.calls)) continue;
      texts.add(instance.text);
      const toolkits = [...new Set([...template.toolkits, ...appended.flatMap((part) => part.toolkits)])];
      const domain = appended.length > 0 ? "multi_domain" : template.domain;
      tasks.push({ domain, text: instance.text, calls: instance.calls, template, trail: [...ctx.trail], toolkits, appended: appended.map((part) => part.id) });
      made++;
    }
    if (made < wanted) shortfall.push({ templateId: template.id, wanted, made });
  });
  return { tasks: DOMAINS.flatMap((domain) => tasks.filter((task) => task.domain === domain)), shortfall };
}

/** k per template; with a conditional share, conditional templates get that share of all tasks. */
function countsPerTemplate(templates: readonly Template[], params: GenerateParams): number[] {
  const total = templates.length * params.tasksPerTemplate;
  const conditional = templates.filter((template) => template.conditional).length;
  if (params.conditionalShare === null || conditional === 0 || conditional === templates.length) return templates.map(() => params.tasksPerTemplate);
  const perConditional = Math.max(1, Math.round((params.conditionalShare * total) / conditional));
  const perOther = Math.max(1, Math.round(((1 - params.conditionalShare) * total) / (templates.length - conditional)));
  return templates.map((template) => (template.conditional ? perConditional : perOther));
}

function isSound(sandbox: SandboxData, calls: readonly string[]): boolean {
  if (!calls.every((raw) => parseCall(raw).ok)) return false;
  const replay = replayCalls(sandbox, calls, executeCall);
  if (replay.failedCalls.length > 0) return false;
  // A table the replay did not write is the same object: only the written ones need comparing (at
  // 100× comparing all five tables for every candidate was most of the generator's garbage).
  const written = SCORED_TABLES.filter((name) => replay.state[name] !== sandbox.tables[name]);
  const changedOrdered = !statesEqual(sandbox.tables, replay.state, "ordered", written);
  const changedUnordered = !statesEqual(sandbox.tables, replay.state, "unordered", written);
  return calls.length === 0 ? !changedOrdered && !changedUnordered : changedOrdered && changedUnordered;
}
