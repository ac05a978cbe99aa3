// Turns templates into tasks: k instances each (more or fewer for conditional templates when the
// conditional-share knob is set), every instance checked before it is kept: its calls parse and all
// run without error, an action task really changes the sandbox under both comparisons (so a do-nothing
// agent fails it), a no-action task changes nothing, and no two tasks share a text.
import { parseCall } from "../calls/parse-call";
import { DOMAINS, type Domain } from "../datasets/types";
import { statesEqual } from "../evaluate/compare-tables";
import { replayCalls } from "../evaluate/replay";
import type { SandboxData } from "../sandbox/types";
import { executeCall } from "../tools";
import type { GenerateParams } from "./params";
import type { Rng } from "./random";
import { createContext, ReadFailedError, type ReadCache } from "./templates/context";
import { TEMPLATES, type Template } from "./templates";
import type { World } from "./world/types";

export interface GeneratedTask {
  readonly domain: Domain;
  readonly text: string;
  readonly calls: readonly string[];
  readonly template: Template;
  /** Read-only calls that find everything the ground truth needs (replayed by the tests). */
  readonly trail: readonly string[];
}

const ATTEMPTS_PER_TASK = 40;

export function generateTasks(rng: Rng, world: World, sandbox: SandboxData, params: GenerateParams, templates: readonly Template[] = TEMPLATES): GeneratedTask[] {
  const texts = new Set<string>();
  const tasks: GeneratedTask[] = [];
  const counts = countsPerTemplate(templates, params);
  const cache: ReadCache = new Map();
  templates.forEach((template, index) => {
    const wanted = counts[index] as number;
    let made = 0;
    for (let attempt = 0; made < wanted && attempt < wanted * ATTEMPTS_PER_TASK; attempt++) {
      const ctx = createContext({ rng: rng.fork(), world, sandbox, params, wantNoAction: template.conditional === true && rng.chance(params.noActionShare) }, cache);
      let instance;
      try {
        instance = template.instantiate(ctx);
      } catch (error) {
        if (error instanceof ReadFailedError) continue; // a read the tools refuse: not a usable instance
        throw error;
      }
      if (!instance || texts.has(instance.text) || !isSound(sandbox, instance.calls)) continue;
      texts.add(instance.text);
      tasks.push({ domain: template.domain, text: instance.text, calls: instance.calls, template, trail: [...ctx.trail] });
      made++;
    }
  });
  return DOMAINS.flatMap((domain) => tasks.filter((task) => task.domain === domain));
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
  const changedOrdered = !statesEqual(sandbox.tables, replay.state, "ordered");
  const changedUnordered = !statesEqual(sandbox.tables, replay.state, "unordered");
  return calls.length === 0 ? !changedOrdered && !changedUnordered : changedOrdered && changedUnordered;
}
