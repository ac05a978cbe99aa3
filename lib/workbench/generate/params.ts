// What a generated dataset is made from: a seed, a scale and the difficulty knobs. The same params
// always give byte-identical files (see docs/generated-workplaces.md for why each knob makes it harder).
export interface GenerateParams {
  readonly seed: number;
  /** Sandbox size relative to the paper's (1 = 300 events, 500 emails, 1000 visits, 200 customers, 300 tasks). */
  readonly scale: number;
  /** Instances per template (the paper: 10 × 69 = 690 tasks). */
  readonly tasksPerTemplate: number;
  /** 0..1: share of near-duplicate people, customers and event names in the sandbox. */
  readonly distractors: number;
  /** Sub-requests per chained multi-domain task (1 = no chains beyond the fixed multi-domain templates). */
  readonly chainLength: number;
  /** 0..1: share of tasks drawn from conditional ("if … otherwise …") templates. Null keeps the natural share. */
  readonly conditionalShare: number | null;
  /** 0..1: how often a conditional instance is steered to its "do nothing" branch. */
  readonly noActionShare: number;
  /**
   * 0..1: share of tasks that are compounds: the template's request followed by max(1, chainLength - 2)
   * more requests (written as one task, "Please do these in order: (1) …; (2) …"); the last may be a
   * follow-up that depends on the earlier ones (templates/follow-up.ts).
   */
  readonly compoundShare: number;
  /**
   * Rows per table relative to `scale` (≥ 1): the workplace is generated at scale × tableScale (more
   * people, customers, tasks, meetings, emails and visits, at the same per-person density), so the
   * hard preset's tables are larger than the default's at the same --scale.
   */
  readonly tableScale: number;
  readonly preset: PresetName;
}

export const PRESETS = ["default", "hard"] as const;
export type PresetName = (typeof PRESETS)[number];

type Knobs = Omit<GenerateParams, "seed" | "scale" | "tasksPerTemplate" | "preset">;

const PRESET_KNOBS: Record<PresetName, Knobs> = {
  default: { distractors: 0.1, chainLength: 2, conditionalShare: null, noActionShare: 0.35, compoundShare: 0, tableScale: 1 },
  // tableScale 1.25: as large as keeps 100× hard within the speed target (≤ 30 s of CPU; 1.5 took 30.5 s).
  hard: { distractors: 0.6, chainLength: 4, conditionalShare: 0.45, noActionShare: 0.3, compoundShare: 0.8, tableScale: 1.25 },
};

export class GenerateParamsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "GenerateParamsError";
  }
}

/** Fills in a preset's knobs (explicit values win) and rejects values outside their range. */
export function resolveParams(input: { seed: number; scale?: number; tasksPerTemplate?: number; preset?: PresetName } & Partial<Knobs>): GenerateParams {
  const preset = input.preset ?? "default";
  if (!PRESETS.includes(preset)) throw new GenerateParamsError(`preset must be one of ${PRESETS.join(", ")} (got "${String(preset)}")`);
  const knobs = PRESET_KNOBS[preset];
  const params: GenerateParams = {
    seed: input.seed,
    scale: input.scale ?? 1,
    tasksPerTemplate: input.tasksPerTemplate ?? 10,
    distractors: input.distractors ?? knobs.distractors,
    chainLength: input.chainLength ?? knobs.chainLength,
    conditionalShare: input.conditionalShare === undefined ? knobs.conditionalShare : input.conditionalShare,
    noActionShare: input.noActionShare ?? knobs.noActionShare,
    compoundShare: input.compoundShare ?? knobs.compoundShare,
    tableScale: input.tableScale ?? knobs.tableScale,
    preset,
  };
  check(Number.isSafeInteger(params.seed) && params.seed >= 0, `seed must be a non-negative integer (got ${params.seed})`);
  check(Number.isFinite(params.scale) && params.scale >= 0.1 && params.scale <= 1000, `scale must be between 0.1 and 1000 (got ${params.scale})`);
  check(Number.isInteger(params.tasksPerTemplate) && params.tasksPerTemplate >= 1 && params.tasksPerTemplate <= 100, `tasks per template must be an integer from 1 to 100 (got ${params.tasksPerTemplate})`);
  check(params.distractors >= 0 && params.distractors <= 1, `distractors must be between 0 and 1 (got ${params.distractors})`);
  check(Number.isInteger(params.chainLength) && params.chainLength >= 1 && params.chainLength <= 6, `chain length must be an integer from 1 to 6 (got ${params.chainLength})`);
  check(params.conditionalShare === null || (params.conditionalShare >= 0 && params.conditionalShare <= 0.9), `conditional share must be between 0 and 0.9 (got ${params.conditionalShare})`);
  check(params.noActionShare >= 0 && params.noActionShare <= 1, `no-action share must be between 0 and 1 (got ${params.noActionShare})`);
  check(params.compoundShare >= 0 && params.compoundShare <= 1, `compound share must be between 0 and 1 (got ${params.compoundShare})`);
  check(Number.isFinite(params.tableScale) && params.tableScale >= 1 && params.tableScale <= 4, `table scale must be between 1 and 4 (got ${params.tableScale})`);
  check(worldScale(params) <= MAX_WORLD_SCALE, `scale × table scale must be at most ${MAX_WORLD_SCALE} (got ${worldScale(params)})`);
  return params;
}

/** The largest workplace: 1000× under the hard preset's table scale. */
const MAX_WORLD_SCALE = 1250;

/** The size the workplace is generated at: --scale times the preset's (or given) table scale. */
export function worldScale(params: Pick<GenerateParams, "scale" | "tableScale">): number {
  return params.scale * params.tableScale;
}

function check(ok: boolean, message: string): void {
  if (!ok) throw new GenerateParamsError(message);
}

/** The knobs set to something other than the preset's, in a fixed order. */
export function overriddenKnobs(params: GenerateParams): Partial<Knobs> {
  const preset = PRESET_KNOBS[params.preset];
  const out: Partial<Record<keyof Knobs, unknown>> = {};
  for (const key of KNOB_ORDER) if (params[key] !== preset[key]) out[key] = params[key];
  return out as Partial<Knobs>;
}

/** The difficulty knobs, in the order slugs, commands and the home page list them. */
export const KNOB_ORDER = ["distractors", "chainLength", "conditionalShare", "noActionShare", "compoundShare", "tableScale"] as const satisfies readonly (keyof Knobs)[];
const KNOB_FLAGS: Record<keyof Knobs, string> = {
  distractors: "--distractors",
  chainLength: "--chain-length",
  conditionalShare: "--conditional-share",
  noActionShare: "--no-action-share",
  compoundShare: "--compound-share",
  tableScale: "--table-scale",
};

/**
 * A short stable name that encodes every option: "gen-s42-x1", "gen-s7-x10-hard-k5", and a hash of the
 * knobs set apart from the preset's ("gen-s7-x10-hard-o1a2b3c"), so two different workplaces never
 * share a slug (and a re-import never "revises" another one).
 */
export function datasetSlug(params: GenerateParams): string {
  const parts = [`gen-s${params.seed}`, `x${params.scale}`];
  if (params.preset !== "default") parts.push(params.preset);
  if (params.tasksPerTemplate !== 10) parts.push(`k${params.tasksPerTemplate}`);
  const overridden = overriddenKnobs(params);
  if (Object.keys(overridden).length > 0) parts.push(`o${fnv1a(JSON.stringify(overridden))}`);
  return parts.join("-").replace(/\./g, "_");
}

/** The exact `generate` command that rebuilds these params (every option that differs from its default). */
export function generateCommand(params: GenerateParams, extra: readonly string[] = []): string {
  const args = ["npm run workbench -- generate", `--seed ${params.seed}`, `--scale ${params.scale}`];
  if (params.preset !== "default") args.push(`--preset ${params.preset}`);
  if (params.tasksPerTemplate !== 10) args.push(`--tasks-per-template ${params.tasksPerTemplate}`);
  for (const [key, value] of Object.entries(overriddenKnobs(params))) args.push(`${KNOB_FLAGS[key as keyof Knobs]} ${value}`);
  return [...args, ...extra].join(" ");
}

/** 32-bit FNV-1a as 7 hex digits: short, stable across processes, enough to tell option sets apart. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0").slice(0, 7);
}
