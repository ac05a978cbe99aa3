/**
 * Generated workplaces: a WorkBench-format sandbox and task set built deterministically from a seed,
 * a scale and difficulty knobs. Engine rule: plain TypeScript, no framework imports.
 */
import type { Dataset, Task } from "../datasets/types";
import { taskKey } from "../datasets/load-dataset";
import { resolveParams, worldScale, type GenerateParams } from "./params";
import { createRng } from "./random";
import { generateTasks } from "./tasks";
import type { GeneratedDataset } from "./write";
import { generateWorld, worldToSandbox } from "./world";

export { resolveParams, worldScale, datasetSlug, generateCommand, PRESETS, GenerateParamsError, type GenerateParams, type PresetName } from "./params";
export { datasetFiles, writeDataset, manifest, type GeneratedDataset } from "./write";
export { TEMPLATES } from "./templates";
export { limitHeapGrowthForGeneration } from "./heap";
export type { GeneratedTask, Shortfall } from "./tasks";

export function generateDataset(input: Parameters<typeof resolveParams>[0] | GenerateParams): GeneratedDataset & { readonly sandbox: ReturnType<typeof worldToSandbox> } {
  const params = resolveParams(input);
  const rng = createRng(params.seed);
  const world = generateWorld(rng.fork(), { scale: worldScale(params), distractors: params.distractors });
  const sandbox = worldToSandbox(world);
  const { tasks, shortfall } = generateTasks(rng.fork(), world, sandbox, params);
  return { params, world, sandbox, tasks, shortfall };
}

/** The engine Dataset (as the loader would read it back from the written files), for one version. */
export function toEngineDataset(generated: ReturnType<typeof generateDataset>, version: Dataset["version"] = "v1"): Dataset {
  const positions = new Map<string, number>();
  const tasks: Task[] = generated.tasks.map((task) => {
    const position = positions.get(task.domain) ?? 0;
    positions.set(task.domain, position + 1);
    return {
      key: taskKey(task.domain, position),
      domain: task.domain,
      position,
      text: task.text,
      groundTruth: task.calls,
      baseTemplate: task.template.text,
      chosenTemplate: task.template.id,
      toolkits: task.toolkits,
    };
  });
  return { version, sandbox: generated.sandbox, tasks };
}
