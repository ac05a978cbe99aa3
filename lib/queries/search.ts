// Search across every trace (app/search). A step matches when its model message or answer (`text`), its
// tool call (`call`) or its tool output (`observation`) contains the term, case-insensitively: ILIKE over
// the trigram indexes of migration step_search_trigram, which PostgreSQL keeps current on every write.
// Hits are ordered by step id (see stepsQuery for how) and paged; the count stops at COUNT_CAP (counting a common word exactly
// would read every matching step). Not "server-only": the search bench (scripts/bench/search.bench.ts)
// calls it from a script, with its own client.
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db";
import { countedRunWhere } from "@/lib/runs/counted-runs";
import { containsPattern, MIN_TERM_LENGTH, type SearchFilters, type SearchParams, type SearchVerdict } from "./search-filters";

export const SEARCH_PAGE_SIZE = 50;
export const COUNT_CAP = 1_000;
/** Characters of context shown either side of the match. */
const CONTEXT = 70;

export interface SearchHit {
  readonly resultId: string;
  readonly runId: string;
  readonly runName: string;
  readonly taskKey: string;
  readonly domain: string;
  readonly correct: boolean | null;
  /** The step matched; null for a hit on the task text. */
  readonly step: { readonly id: string; readonly index: number; readonly kind: string; readonly tool: string | null } | null;
  readonly field: "text" | "call" | "observation" | "task";
  readonly snippet: string;
}

export interface SearchOutcome {
  readonly status: "searched" | "too-short";
  readonly hits: readonly SearchHit[];
  /** Matches counted, at most COUNT_CAP + 1; `capped` when there are more. */
  readonly total: number;
  readonly capped: boolean;
  readonly page: number;
  readonly pages: number;
}

const VERDICT_SQL: Record<SearchVerdict, Prisma.Sql> = {
  correct: Prisma.sql`r.correct IS TRUE`,
  wrong: Prisma.sql`r.correct IS FALSE`,
  "side-effects": Prisma.sql`r."sideEffects" IS TRUE`,
  unscored: Prisma.sql`r.correct IS NULL`,
};

/** The filters as SQL over the aliases r (TaskResult), ru (Run), t (Task) and, for steps, s (Step). */
export function filterConditions(filters: SearchFilters, scope: SearchParams["in"]): Prisma.Sql[] {
  const conditions: Prisma.Sql[] = [];
  if (filters.dataset) conditions.push(Prisma.sql`ru."datasetId" IN (SELECT id FROM "Dataset" WHERE slug = ${filters.dataset})`);
  if (filters.run) conditions.push(Prisma.sql`r."runId" = ${filters.run}`);
  if (filters.config) {
    const key = Buffer.from(filters.config, "base64url").toString("utf8");
    conditions.push(Prisma.sql`r."runId" IN (SELECT "runId" FROM "RunConfigKey" WHERE "configKey" = ${key})`);
  }
  if (filters.domain) conditions.push(Prisma.sql`t.domain = ${filters.domain}`);
  if (filters.tool) {
    conditions.push(
      scope === "steps"
        ? Prisma.sql`s.tool = ${filters.tool}`
        : Prisma.sql`EXISTS (SELECT 1 FROM "Step" x WHERE x."resultId" = r.id AND x.tool = ${filters.tool})`,
    );
  }
  if (filters.verdict) conditions.push(VERDICT_SQL[filters.verdict]);
  return conditions;
}

const snippetOf = (column: Prisma.Sql, term: string) =>
  Prisma.sql`substr(${column}, greatest(1, strpos(lower(${column}), lower(${term})) - ${CONTEXT}), ${2 * CONTEXT + term.length})`;

/**
 * How PostgreSQL is steered (plans measured by scripts/bench/search.bench.ts at 100 runs). Its trigram
 * estimates are rough and blind to how a term correlates with the filters, so left alone it picks plans
 * that take seconds: reading every result of a domain and verdict and matching their steps one by one,
 * or walking every step in id order for a term that is rare in one tool's steps. So:
 *  - `stepsFirst` (a dataset, domain or verdict filter, and no run nor configuration filter): the steps
 *    matching the term (and tool) are found first, through the trigram indexes, behind an OFFSET 0 fence;
 *    results are joined to them. Without such a filter nothing misleads the planner (and a common term is
 *    best read in table order until the count's cap); a run or configuration filter narrows to a few
 *    results, which the planner estimates well. The fence would make a common term read all of its
 *    matches (about 0.5 s for 300,000), so `isCommonUnder` first reads a sample of PROBE_STEPS steps in id
 *    order: more than COUNT_CAP hits there means the count is capped anyway, and the walk in id order
 *    finds the page at once; the fence is kept for the terms that are rare under the filter.
 *  - `few` (the count found at most COUNT_CAP matches): the page sorts the matches instead of walking
 *    the step ids in order (COLLATE "C" is an order no index provides). A capped search keeps the walk:
 *    matches are common, and the first page is found early.
 */
function stepsQuery(term: string, where: Prisma.Sql, { stepsFirst, tool, few }: { stepsFirst: boolean; tool?: string; few: boolean }) {
  const pattern = containsPattern(term);
  const matches = Prisma.sql`(s.text ILIKE ${pattern} OR s.call ILIKE ${pattern} OR s.observation ILIKE ${pattern})`;
  const steps = stepsFirst
    ? Prisma.sql`(SELECT * FROM "Step" s WHERE ${matches} ${tool ? Prisma.sql`AND s.tool = ${tool}` : Prisma.empty} OFFSET 0) s`
    : Prisma.sql`"Step" s`;
  const matched = Prisma.sql`CASE WHEN s.text ILIKE ${pattern} THEN 'text' WHEN s.call ILIKE ${pattern} THEN 'call' ELSE 'observation' END`;
  return {
    from: Prisma.sql`FROM ${steps} JOIN "TaskResult" r ON r.id = s."resultId" JOIN "Run" ru ON ru.id = r."runId" JOIN "Task" t ON t.id = r."taskId"
      WHERE ${stepsFirst ? Prisma.sql`TRUE` : matches} AND ${where}`,
    select: Prisma.sql`SELECT s.id AS "stepId", s.index, s.kind, s.tool, r.id AS "resultId", r."runId", ru.name AS "runName", t.key AS "taskKey",
      t.domain, r.correct, ${matched} AS field,
      CASE WHEN s.text ILIKE ${pattern} THEN ${snippetOf(Prisma.sql`s.text`, term)}
           WHEN s.call ILIKE ${pattern} THEN ${snippetOf(Prisma.sql`s.call`, term)}
           ELSE ${snippetOf(Prisma.sql`s.observation`, term)} END AS snippet`,
    order: few ? Prisma.sql`ORDER BY s.id COLLATE "C"` : Prisma.sql`ORDER BY s.id`,
  };
}

function tasksQuery(term: string, where: Prisma.Sql) {
  const pattern = containsPattern(term);
  return {
    from: Prisma.sql`FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId" JOIN "Run" ru ON ru.id = r."runId" WHERE t.text ILIKE ${pattern} AND ${where}`,
    select: Prisma.sql`SELECT NULL AS "stepId", NULL::int AS index, NULL AS kind, NULL AS tool, r.id AS "resultId", r."runId", ru.name AS "runName",
      t.key AS "taskKey", t.domain, r.correct, 'task' AS field, ${snippetOf(Prisma.sql`t.text`, term)} AS snippet`,
    order: Prisma.sql`ORDER BY r.id`,
  };
}

type HitRow = {
  stepId: string | null; index: number | null; kind: string | null; tool: string | null; resultId: string; runId: string; runName: string;
  taskKey: string; domain: string; correct: boolean | null; field: SearchHit["field"]; snippet: string;
};

/** Steps the probe for a common term reads (the first ones in id order: a spread over every run). */
const PROBE_STEPS = 20_000;

function whereOf(params: SearchParams): Prisma.Sql {
  const conditions = filterConditions(params, params.in);
  return conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
}

/** Whether the stepsFirst fence applies (see stepsQuery): a dataset, domain or verdict filter, no run nor configuration. */
function fenced(params: SearchParams): boolean {
  return params.in === "steps" && Boolean(params.dataset || params.domain || params.verdict) && !params.run && !params.config;
}

/**
 * The search's two statements: the capped count, and one page of hits (`few`: the count was not capped;
 * `common`: the probe found the count capped, so no fence).
 */
export function searchStatements(params: SearchParams, { page, few, common = false }: { page: number; few: boolean; common?: boolean }) {
  const where = whereOf(params);
  const stepsFirst = fenced(params) && !common;
  const query = params.in === "steps" ? stepsQuery(params.q, where, { stepsFirst, tool: params.tool, few }) : tasksQuery(params.q, where);
  return {
    count: Prisma.sql`SELECT count(*)::int AS n FROM (SELECT 1 ${query.from} LIMIT ${COUNT_CAP + 1}) x`,
    page: Prisma.sql`${query.select} ${query.from} ${query.order} LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${page * SEARCH_PAGE_SIZE}`,
  };
}

/** More than COUNT_CAP matches under the filters among the first PROBE_STEPS steps: the count is capped. */
async function isCommonUnder(params: SearchParams, db: PrismaClient): Promise<boolean> {
  const pattern = containsPattern(params.q);
  const [row] = await db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (
      SELECT 1 FROM (SELECT * FROM "Step" ORDER BY id LIMIT ${PROBE_STEPS}) s
        JOIN "TaskResult" r ON r.id = s."resultId" JOIN "Run" ru ON ru.id = r."runId" JOIN "Task" t ON t.id = r."taskId"
       WHERE (s.text ILIKE ${pattern} OR s.call ILIKE ${pattern} OR s.observation ILIKE ${pattern}) AND ${whereOf(params)}
       LIMIT ${COUNT_CAP + 1}) x`;
  return (row?.n ?? 0) > COUNT_CAP;
}

export async function searchTraces(params: SearchParams, db: PrismaClient = prisma): Promise<SearchOutcome> {
  if (params.q.length < MIN_TERM_LENGTH) return { status: "too-short", hits: [], total: 0, capped: false, page: 0, pages: 1 };
  const common = fenced(params) && (await isCommonUnder(params, db));
  const [counted] = common ? [{ n: COUNT_CAP + 1 }] : await db.$queryRaw<{ n: number }[]>(searchStatements(params, { page: 0, few: false }).count);
  const total = counted?.n ?? 0;
  const pages = Math.max(1, Math.ceil(Math.min(total, COUNT_CAP) / SEARCH_PAGE_SIZE));
  const page = Math.min(params.page, pages - 1);
  const rows = total === 0 ? [] : await db.$queryRaw<HitRow[]>(searchStatements(params, { page, few: total <= COUNT_CAP, common }).page);
  const hits = rows.map((row): SearchHit => ({
    resultId: row.resultId, runId: row.runId, runName: row.runName, taskKey: row.taskKey, domain: row.domain, correct: row.correct,
    step: row.stepId === null || row.index === null ? null : { id: row.stepId, index: row.index, kind: row.kind ?? "", tool: row.tool },
    field: row.field, snippet: row.snippet,
  }));
  return { status: "searched", hits, total: Math.min(total, COUNT_CAP), capped: total > COUNT_CAP, page, pages };
}

/** The URL value of a run's configuration (RunConfigKey, the board's pooling key) for the search's filter. */
export function searchConfigParam(configKey: string): string {
  return Buffer.from(configKey, "utf8").toString("base64url");
}

/** The choices of the search's filters: datasets, recent runs, configurations (labelled by one of their runs), domains. */
export async function searchFilterOptions() {
  const [datasets, runs, configs, domains] = await Promise.all([
    prisma.dataset.findMany({ select: { slug: true, name: true }, orderBy: { slug: "asc" } }),
    // The run picker offers the runs the boards count (lib/runs/counted-runs.ts).
    prisma.run.findMany({ where: countedRunWhere(), select: { id: true, name: true }, orderBy: [{ createdAt: "desc" }, { id: "asc" }], take: 300 }),
    prisma.$queryRaw<{ configKey: string; label: string }[]>`
      SELECT DISTINCT ON (k."configKey") k."configKey",
             concat_ws(' · ', coalesce(r.model, r.agent), r.agent, r."toolSet" || ' tools', d.slug, r."groundTruth", 'protocol ' || r.protocol) AS label
        FROM "RunConfigKey" k JOIN "Run" r ON r.id = k."runId" JOIN "Dataset" d ON d.id = r."datasetId"
       WHERE k."configKey" IS NOT NULL ORDER BY k."configKey", r."createdAt"`,
    prisma.$queryRaw<{ domain: string }[]>`SELECT DISTINCT domain FROM "Task" ORDER BY 1`,
  ]);
  return {
    datasets,
    runs,
    configs: configs.map((row) => ({ value: searchConfigParam(row.configKey), label: row.label })).sort((a, b) => a.label.localeCompare(b.label)),
    domains: domains.map((row) => row.domain),
  };
}
