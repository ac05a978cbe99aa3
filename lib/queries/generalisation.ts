// Reads behind the generalisation view (app/runs/generalisation): one configuration on the official tasks
// against the same configuration on a generated workplace, each side pooled over the configuration's
// counted runs on that dataset (the boards' runs: completed or recorded, not archived, test runs left out)
// with their scored verdicts as the boards count them (ConfigTaskTally: done, not a provider failure
// except in recorded runs).
//
// A configuration across datasets is a run's tally key (run_key(), lib/runs/tally.sql: dataset, ground
// truth, its version, protocol, scoring revision, model, agent, tool set, then "fault=<rate>" and "test")
// without the dataset and the ground-truth version, which differ between datasets by construction: the
// ground truth's name, protocol, scoring revision, model, agent, tool set and fault rate must match.
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db";
import { shownOnBoard } from "@/lib/metrics/config-leaderboard";
import { generalisationRows, templateFamilyRows, type DomainTally } from "@/lib/metrics/generalisation";
import { DOMAINS } from "@/lib/workbench/datasets/types";
import { PAPER_TEMPLATES } from "@/lib/workbench/generate/paper-templates";

interface CountedKey {
  readonly configKey: string;
  readonly dataset: string;
  readonly datasetName: string;
  readonly kind: string;
}

/** A configuration as the view names it, from its cross-dataset identity. */
export interface GeneralisationConfiguration {
  /** JSON of [ground truth, protocol, scoring revision, model, agent, tool set, ...suffixes]. */
  readonly id: string;
  readonly label: string;
  readonly groundTruth: string;
  readonly protocol: string;
  readonly revision: string;
  readonly model: string;
  readonly agent: string;
  readonly toolSet: string;
  readonly faultRate: number | null;
}

export interface GeneralisationOption {
  readonly configuration: GeneralisationConfiguration;
  /** A generated workplace this configuration has counted runs on (it has some on the official dataset too). */
  readonly generated: { readonly slug: string; readonly name: string };
}

/** The identity of a tally key across datasets: the key without its dataset (index 0) and ground-truth version (index 2). */
export function configurationOfKey(configKey: string): string {
  const parts = JSON.parse(configKey) as (string | null)[];
  return JSON.stringify([parts[1], ...parts.slice(3)].map((part) => part ?? ""));
}

function describe(id: string): GeneralisationConfiguration {
  const [groundTruth = "", protocol = "", revision = "", model = "", agent = "", toolSet = "", ...suffixes] = JSON.parse(id) as string[];
  const fault = suffixes.find((suffix) => suffix.startsWith("fault="));
  const faultRate = fault ? Number(fault.slice("fault=".length)) : null;
  const label = `${model || agent} · ${agent} · ${toolSet} tools · ${groundTruth} · protocol ${protocol}${revision && revision !== protocol ? ` (${revision})` : ""}${faultRate ? ` · faults ${faultRate}` : ""}`;
  return { id, label, groundTruth, protocol, revision, model, agent, toolSet, faultRate };
}

/** Every counted configuration key with runs that have verdicts, and its dataset; test runs' keys left out as on the boards. */
async function countedKeys(): Promise<CountedKey[]> {
  const rows = await prisma.$queryRaw<(CountedKey & { test: boolean })[]>`
    SELECT DISTINCT c."configKey", d.slug AS dataset, d.name AS "datasetName", d.kind, c."configKey"::jsonb ? 'test' AS test
      FROM "RunConfigKey" c JOIN "Run" r ON r.id = c."runId" JOIN "RunBoard" b ON b."runId" = r.id JOIN "Dataset" d ON d.id = r."datasetId"
     WHERE c."configKey" IS NOT NULL`;
  return rows.filter((row) => shownOnBoard(row, { includeTests: false }));
}

/** The configurations with counted runs on the official dataset and on a generated workplace, one option per workplace. */
export async function listGeneralisationOptions(): Promise<GeneralisationOption[]> {
  const keys = await countedKeys();
  const official = new Set(keys.filter((key) => key.kind === "official").map((key) => configurationOfKey(key.configKey)));
  const options = new Map<string, GeneralisationOption>();
  for (const key of keys) {
    const id = configurationOfKey(key.configKey);
    if (key.kind !== "generated" || !official.has(id)) continue;
    options.set(JSON.stringify([id, key.dataset]), { configuration: describe(id), generated: { slug: key.dataset, name: key.datasetName } });
  }
  return [...options.values()].sort((a, b) => a.configuration.label.localeCompare(b.configuration.label) || a.generated.slug.localeCompare(b.generated.slug));
}

/** The option a pair of runs (the older run-by-run links) stands for: the official run's configuration on the generated run's dataset. */
export async function optionOfRuns(officialRunId: string, generatedRunId: string): Promise<{ configuration: string; generated: string } | null> {
  const rows = await prisma.$queryRaw<{ id: string; configKey: string | null; dataset: string }[]>`
    SELECT r.id, c."configKey", d.slug AS dataset FROM "Run" r JOIN "Dataset" d ON d.id = r."datasetId" LEFT JOIN "RunConfigKey" c ON c."runId" = r.id
     WHERE r.id IN (${officialRunId}, ${generatedRunId})`;
  const official = rows.find((row) => row.id === officialRunId);
  const generated = rows.find((row) => row.id === generatedRunId);
  if (!official?.configKey || !generated) return null;
  return { configuration: configurationOfKey(official.configKey), generated: generated.dataset };
}

async function domainTallies(keys: readonly string[]): Promise<DomainTally[]> {
  if (keys.length === 0) return [];
  return prisma.$queryRaw<DomainTally[]>`
    SELECT domain, sum(trials)::int AS n, sum(correct)::int AS correct
      FROM "ConfigTaskTally" WHERE "configKey" IN (${Prisma.join([...keys])}) AND trials > 0 GROUP BY domain`;
}

/** Pooled scored verdicts per template: by text (`baseTemplate`, the paper's on official tasks) or by id (`chosenTemplate`, the generator's). */
async function templateTallies(keys: readonly string[], by: "baseTemplate" | "chosenTemplate") {
  if (keys.length === 0) return new Map<string, { n: number; correct: number }>();
  const rows = await prisma.$queryRaw<{ template: string | null; n: number; correct: number }[]>`
    SELECT CASE WHEN ${by} = 'baseTemplate' THEN t."baseTemplate" ELSE t."chosenTemplate" END AS template, sum(c.trials)::int AS n, sum(c.correct)::int AS correct
      FROM "ConfigTaskTally" c JOIN "Task" t ON t.id = c."taskId"
     WHERE c."configKey" IN (${Prisma.join([...keys])}) AND c.trials > 0 GROUP BY 1`;
  return new Map(rows.filter((row) => row.template !== null).map((row) => [row.template as string, { n: row.n, correct: row.correct }]));
}

async function runsOf(keys: readonly string[]) {
  if (keys.length === 0) return [];
  return prisma.$queryRaw<{ id: string; name: string }[]>`
    SELECT r.id, r.name FROM "RunConfigKey" c JOIN "Run" r ON r.id = c."runId" JOIN "RunBoard" b ON b."runId" = r.id
     WHERE c."configKey" IN (${Prisma.join([...keys])}) ORDER BY r."createdAt", r.id`;
}

/** One configuration (its cross-dataset identity) on the official dataset against it on generated workplace `generated`. */
export async function getGeneralisation({ configuration, generated }: { configuration: string; generated: string }) {
  const keys = (await countedKeys()).filter((key) => configurationOfKey(key.configKey) === configuration);
  const officialKeys = keys.filter((key) => key.kind === "official").map((key) => key.configKey);
  const generatedKeys = keys.filter((key) => key.kind === "generated" && key.dataset === generated);
  if (officialKeys.length === 0 || generatedKeys.length === 0) return { status: "missing" as const };
  const generatedConfigKeys = generatedKeys.map((key) => key.configKey);
  const [officialDomains, generatedDomains, officialTemplates, generatedTemplates, officialRuns, generatedRuns] = await Promise.all([
    domainTallies(officialKeys),
    domainTallies(generatedConfigKeys),
    templateTallies(officialKeys, "baseTemplate"),
    templateTallies(generatedConfigKeys, "chosenTemplate"),
    runsOf(officialKeys),
    runsOf(generatedConfigKeys),
  ]);
  return {
    status: "ok" as const,
    configuration: describe(configuration),
    generated: { slug: generated, name: generatedKeys[0]?.datasetName ?? generated },
    officialRuns,
    generatedRuns,
    rows: generalisationRows(DOMAINS, officialDomains, generatedDomains),
    templates: templateFamilyRows(PAPER_TEMPLATES, officialTemplates, generatedTemplates),
  };
}
