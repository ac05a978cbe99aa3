// Search across every trace (app/search). A step matches when its model message or answer (`text`), its
// tool call (`call`) or its tool output (`observation`) contains the term, case-insensitively: ILIKE over
// the trigram indexes of migration step_search_trigram, which PostgreSQL keeps current on every write.
// Sized and bounded:
//  - one scan finds at most COUNT_CAP + 1 matches under the filters; from it come the count (exact to
//    COUNT_CAP, "more than" past it), the counts by run and by domain (given while the count is exact)
//    and the page's step ids (the matches in step id order, 50 a page); a second statement reads those 50.
//  - a term is refused before any query when it has no trigram of letters or digits or is too long
//    (search-filters.ts), and every statement runs under SET LOCAL statement_timeout in the search's
//    transaction; an anonymous visitor is rate-limited per client (searchForVisitor).
// Not "server-only": the search bench (scripts/bench/search.bench.ts) calls it from a script, with its own client.
import { Prisma, type PrismaClient } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db";
import { countedRunWhere } from "@/lib/runs/counted-runs";
import { hasSqlState } from "@/lib/db-retry";
import { admitAnonymousSearch, ANONYMOUS_REFUSAL_DELAY_MS, searchThrottledMessage } from "@/lib/auth/search-throttle";
import { containsPattern, searchTermProblem, termProblemMessage, type SearchFilters, type SearchParams, type SearchVerdict } from "./search-filters";
import { refreshSearchCauses } from "./search-causes";

export const SEARCH_PAGE_SIZE = 50;
/** Matches counted exactly; past it the count says "more than". */
export const COUNT_CAP = 10_000;
/** Each statement of a search is cancelled after this long (SET LOCAL statement_timeout). */
export const SEARCH_STATEMENT_TIMEOUT_MS = 5_000;
/** Characters of context shown either side of the match. */
const CONTEXT = 70;
/**
 * Characters of a long term given to the trigram index. Every trigram of a 200-character phrase is a
 * posting list to read (hundreds of ms); a slice this long narrows as well, and the whole term is then
 * checked on the few steps it leaves (stepMatches).
 */
const INDEXED_CHARS = 32;

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

/** Matches of one run or one domain. */
export interface SearchCount {
  readonly key: string;
  readonly label: string;
  readonly count: number;
}

export interface SearchResults {
  readonly status: "searched";
  readonly hits: readonly SearchHit[];
  /** Matches counted, at most COUNT_CAP; `capped` when there are more. */
  readonly total: number;
  readonly capped: boolean;
  /** Matches by run and by domain, most first; null when capped (only COUNT_CAP + 1 matches were read). */
  readonly byRun: readonly SearchCount[] | null;
  readonly byDomain: readonly SearchCount[] | null;
  readonly page: number;
  readonly pages: number;
  /** Cause filter: runs whose causes were not yet worked out within the search's budget (their steps may be missing). */
  readonly causesPending: number;
}

export type SearchRefusal = "too-broad" | "too-long" | "timed-out" | "throttled";

export interface SearchRefused {
  readonly status: SearchRefusal;
  /** One line for the visitor. */
  readonly message: string;
  /** For "throttled": seconds until the next search is admitted. */
  readonly retryAfterS?: number;
}

export type SearchOutcome = SearchResults | SearchRefused;

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
  if (filters.cause) conditions.push(Prisma.sql`r.id IN (SELECT "resultId" FROM "SearchCause" WHERE cause = ${filters.cause})`);
  return conditions;
}

const snippetOf = (column: Prisma.Sql, term: string) =>
  Prisma.sql`substr(${column}, greatest(1, strpos(lower(${column}), lower(${term})) - ${CONTEXT}), ${2 * CONTEXT + term.length})`;

/** The part of a long term the index is given: INDEXED_CHARS from its first run of 3 letters or digits. */
export function indexedSlice(term: string): string {
  if (term.length <= INDEXED_CHARS) return term;
  const start = Math.max(0, Math.min(term.search(/[\p{L}\p{N}]{3}/u), term.length - INDEXED_CHARS));
  return term.slice(start, start + INDEXED_CHARS);
}

/**
 * A step of alias s contains `term` in one of its three columns. A long term is matched through the index
 * by its slice, then checked whole with strpos (an expression no index serves, so PostgreSQL does not read
 * every trigram of the phrase): a step holding the term holds its slice, so nothing is lost.
 */
function stepMatches(term: string): Prisma.Sql {
  const slice = containsPattern(indexedSlice(term));
  const indexed = Prisma.sql`(s.text ILIKE ${slice} OR s.call ILIKE ${slice} OR s.observation ILIKE ${slice})`;
  if (indexedSlice(term) === term) return indexed;
  return Prisma.sql`${indexed} AND (strpos(lower(s.text), lower(${term})) > 0 OR strpos(lower(s.call), lower(${term})) > 0 OR strpos(lower(s.observation), lower(${term})) > 0)`;
}

/**
 * How PostgreSQL is steered (plans measured by scripts/bench/search.bench.ts at 100 runs, by CPU). Its
 * trigram estimates are rough and blind to how a term correlates with the filters. Under a result filter
 * (dataset, domain, verdict, cause) with no run nor configuration filter:
 *  - a term rare in the whole table (isCommon, from a 1 % sample of the Step table's pages) is found
 *    first through the trigram indexes, behind an OFFSET 0 fence, and its matches filtered ("term-first");
 *    left alone, PostgreSQL may read every result of a domain and verdict and match their steps one by one;
 *  - a common term under a selective filter (at most a quarter of all results) is given the filtered
 *    results' ids as an array, so that the steps read are those both the trigram bitmap and the
 *    (resultId) bitmap hold (a BitmapAnd; "results", with random_page_cost lowered to what a cached table
 *    costs, or PostgreSQL prefers to recheck every match of the term): a common term within the newest
 *    dataset, a cause or a domain reads a few thousand steps instead of every match (30,000 and more);
 *  - a common term under a broad filter is left to PostgreSQL ("planner"), which finds COUNT_CAP + 1
 *    matches early in the many filtered steps.
 * A run or configuration filter narrows to a few results, which PostgreSQL estimates well; no filter, too.
 */
export type ScanPlan = { readonly kind: "planner" } | { readonly kind: "term-first" } | { readonly kind: "results"; readonly ids: readonly string[] };

function matchesQuery(params: SearchParams, plan: ScanPlan) {
  const where = whereOf(params);
  if (params.in === "tasks") {
    return Prisma.sql`SELECT r.id, r."runId", t.domain FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId" JOIN "Run" ru ON ru.id = r."runId"
      WHERE t.text ILIKE ${containsPattern(params.q)} AND ${where}`;
  }
  const matches = stepMatches(params.q);
  const tool = params.tool ? Prisma.sql`AND s.tool = ${params.tool}` : Prisma.empty;
  if (plan.kind === "results") {
    return Prisma.sql`SELECT s.id, r."runId", t.domain FROM "Step" s JOIN "TaskResult" r ON r.id = s."resultId" JOIN "Task" t ON t.id = r."taskId"
      WHERE s."resultId" = ANY(${plan.ids}::text[]) AND ${matches} ${tool}`;
  }
  const fence = plan.kind === "term-first";
  const steps = fence ? Prisma.sql`(SELECT * FROM "Step" s WHERE ${matches} ${tool} OFFSET 0) s` : Prisma.sql`"Step" s`;
  return Prisma.sql`SELECT s.id, r."runId", t.domain FROM ${steps} JOIN "TaskResult" r ON r.id = s."resultId" JOIN "Run" ru ON ru.id = r."runId"
    JOIN "Task" t ON t.id = r."taskId" WHERE ${fence ? Prisma.sql`TRUE` : matches} AND ${where}`;
}

function whereOf(params: SearchParams): Prisma.Sql {
  const conditions = filterConditions(params, params.in);
  return conditions.length ? Prisma.join(conditions, " AND ") : Prisma.sql`TRUE`;
}

/** A filter on results (not runs) without a run or configuration to narrow it: the plan is chosen (see matchesQuery). */
function hasResultFilterOnly(params: SearchParams): boolean {
  return params.in === "steps" && Boolean(params.dataset || params.domain || params.verdict || params.cause) && !params.run && !params.config;
}

/** Matches estimated from a 1 % sample of pages above which a term is common (term-first would read them all). */
const COMMON_MATCHES = 3 * COUNT_CAP;

async function isCommon(term: string, db: Prisma.TransactionClient): Promise<boolean> {
  const [row] = await db.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "Step" s TABLESAMPLE SYSTEM (1) REPEATABLE (1) WHERE ${stepMatches(term)}`;
  return (row?.n ?? 0) * 100 > COMMON_MATCHES;
}

/** The plan of the scan (see matchesQuery). */
async function scanPlan(params: SearchParams, db: Prisma.TransactionClient): Promise<ScanPlan> {
  if (!hasResultFilterOnly(params)) return { kind: "planner" };
  if (!(await isCommon(params.q, db))) return { kind: "term-first" };
  // The filtered results' ids, only when they are at most a quarter of all results (else null: not sent).
  const [row] = await db.$queryRaw<{ ids: string[] | null }[]>`
    SELECT CASE WHEN count(*) * 4 <= (SELECT greatest(reltuples, 0) FROM pg_class WHERE oid = '"TaskResult"'::regclass) THEN coalesce(array_agg(r.id), '{}') END AS ids
      FROM "TaskResult" r JOIN "Run" ru ON ru.id = r."runId" JOIN "Task" t ON t.id = r."taskId" WHERE ${whereOf(params)}`;
  if (!row?.ids) return { kind: "planner" };
  await db.$executeRawUnsafe("SET LOCAL random_page_cost = 1.1");
  return { kind: "results", ids: row.ids };
}

/**
 * The scan: up to COUNT_CAP + 1 matches, counted in all, by run and by domain, and the ids of page `page`
 * (clamped to the last page) in step id order (COLLATE "C": the order of the ids' bytes, as JS sorts them).
 */
export function scanStatement(params: SearchParams, plan: ScanPlan): Prisma.Sql {
  const offset = Prisma.sql`(SELECT LEAST(${params.page}, GREATEST(0, (LEAST(count(*), ${COUNT_CAP}) - 1) / ${SEARCH_PAGE_SIZE})) * ${SEARCH_PAGE_SIZE} FROM m)`;
  // Past COUNT_CAP the counts by run and domain are not given (only COUNT_CAP + 1 matches were read): not computed either.
  const exact = Prisma.sql`(SELECT count(*) FROM m) <= ${COUNT_CAP}`;
  return Prisma.sql`WITH m AS MATERIALIZED (${matchesQuery(params, plan)} LIMIT ${COUNT_CAP + 1})
    SELECT (SELECT count(*)::int FROM m) AS total,
           CASE WHEN ${exact} THEN (SELECT coalesce(json_agg(json_build_object('key', x."runId", 'label', ru.name, 'count', x.n) ORDER BY x.n DESC, ru.name), '[]')
              FROM (SELECT "runId", count(*)::int AS n FROM m GROUP BY 1) x JOIN "Run" ru ON ru.id = x."runId") END AS "byRun",
           CASE WHEN ${exact} THEN (SELECT coalesce(json_agg(json_build_object('key', x.domain, 'label', x.domain, 'count', x.n) ORDER BY x.n DESC, x.domain), '[]')
              FROM (SELECT domain, count(*)::int AS n FROM m GROUP BY 1) x) END AS "byDomain",
           (SELECT ${offset})::int AS "offset",
           ARRAY(SELECT id FROM (SELECT id FROM m ORDER BY id COLLATE "C" LIMIT ${SEARCH_PAGE_SIZE} OFFSET ${offset}) p ORDER BY id COLLATE "C") AS "pageIds"`;
}

type ScanRow = { total: number; byRun: SearchCount[] | null; byDomain: SearchCount[] | null; offset: number; pageIds: string[] };

type HitRow = {
  stepId: string | null; index: number | null; kind: string | null; tool: string | null; resultId: string; runId: string; runName: string;
  taskKey: string; domain: string; correct: boolean | null; field: SearchHit["field"]; snippet: string;
};

/** The hits of the page's ids, in the scan's order. */
function hitsStatement(params: SearchParams, ids: readonly string[]): Prisma.Sql {
  const term = params.q;
  if (params.in === "tasks") {
    return Prisma.sql`SELECT NULL AS "stepId", NULL::int AS index, NULL AS kind, NULL AS tool, r.id AS "resultId", r."runId", ru.name AS "runName",
      t.key AS "taskKey", t.domain, r.correct, 'task' AS field, ${snippetOf(Prisma.sql`t.text`, term)} AS snippet
      FROM "TaskResult" r JOIN "Task" t ON t.id = r."taskId" JOIN "Run" ru ON ru.id = r."runId" WHERE r.id = ANY(${ids}::text[]) ORDER BY r.id COLLATE "C"`;
  }
  const has = (column: Prisma.Sql) => Prisma.sql`strpos(lower(${column}), lower(${term})) > 0`;
  return Prisma.sql`SELECT s.id AS "stepId", s.index, s.kind, s.tool, r.id AS "resultId", r."runId", ru.name AS "runName", t.key AS "taskKey",
      t.domain, r.correct,
      CASE WHEN ${has(Prisma.sql`s.text`)} THEN 'text' WHEN ${has(Prisma.sql`s.call`)} THEN 'call' ELSE 'observation' END AS field,
      CASE WHEN ${has(Prisma.sql`s.text`)} THEN ${snippetOf(Prisma.sql`s.text`, term)}
           WHEN ${has(Prisma.sql`s.call`)} THEN ${snippetOf(Prisma.sql`s.call`, term)}
           ELSE ${snippetOf(Prisma.sql`s.observation`, term)} END AS snippet
    FROM "Step" s JOIN "TaskResult" r ON r.id = s."resultId" JOIN "Run" ru ON ru.id = r."runId" JOIN "Task" t ON t.id = r."taskId"
   WHERE s.id = ANY(${ids}::text[]) ORDER BY s.id COLLATE "C"`;
}

/** Time a search gives the cause filter's kept causes to catch up (see search-causes.ts). */
export const CAUSE_REFRESH_BUDGET_MS = 3_000;

/** Brings the kept causes up to date for the runs the cause filter covers (the run filter's run, else every run); returns the runs left pending. */
async function refreshCausesFor(params: SearchParams, db: PrismaClient): Promise<number> {
  if (!params.cause) return 0;
  return (await refreshSearchCauses(db, params.run ? [params.run] : null, CAUSE_REFRESH_BUDGET_MS)).pending;
}

export interface SearchOptions {
  /** SET LOCAL statement_timeout of the search's statements (tests shorten it). */
  readonly statementTimeoutMs?: number;
}

function timedOutMessage(timeoutMs: number): string {
  return `The search took longer than ${timeoutMs / 1000} s and was stopped: narrow it with a filter (a run, a domain, a cause) or a longer term.`;
}

/** Searches, or says why not: a refused term, or a statement past its timeout. Rate limits are searchForVisitor's. */
export async function searchTraces(params: SearchParams, db: PrismaClient = prisma, options: SearchOptions = {}): Promise<SearchOutcome> {
  const problem = searchTermProblem(params.q);
  if (problem) return { status: problem.kind, message: termProblemMessage(params.q, problem) };
  const causesPending = await refreshCausesFor(params, db);
  const timeoutMs = options.statementTimeoutMs ?? SEARCH_STATEMENT_TIMEOUT_MS;
  try {
    return await db.$transaction(
      async (tx) => {
        // These settings last until the transaction ends. A seq scan started mid-table by another backend
        // (synchronize_seqscans) would find other matches, and pages would not follow each other. No
        // parallel workers: one search takes one core of a shared server, and its cost is its backend's.
        await tx.$executeRawUnsafe(`SET LOCAL statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`);
        await tx.$executeRawUnsafe("SET LOCAL synchronize_seqscans = off");
        await tx.$executeRawUnsafe("SET LOCAL max_parallel_workers_per_gather = 0");
        const [scan] = await tx.$queryRaw<ScanRow[]>(scanStatement(params, await scanPlan(params, tx)));
        const total = scan?.total ?? 0;
        const ids = scan?.pageIds ?? [];
        const rows = ids.length === 0 ? [] : await tx.$queryRaw<HitRow[]>(hitsStatement(params, ids));
        const capped = total > COUNT_CAP;
        return {
          status: "searched" as const,
          hits: rows.map((row): SearchHit => ({
            resultId: row.resultId, runId: row.runId, runName: row.runName, taskKey: row.taskKey, domain: row.domain, correct: row.correct,
            step: row.stepId === null || row.index === null ? null : { id: row.stepId, index: row.index, kind: row.kind ?? "", tool: row.tool },
            field: row.field, snippet: row.snippet,
          })),
          total: Math.min(total, COUNT_CAP),
          capped,
          byRun: capped ? null : (scan?.byRun ?? []),
          byDomain: capped ? null : (scan?.byDomain ?? []),
          page: Math.floor((scan?.offset ?? 0) / SEARCH_PAGE_SIZE),
          pages: Math.max(1, Math.ceil(Math.min(total, COUNT_CAP) / SEARCH_PAGE_SIZE)),
          causesPending,
        };
      },
      // Prisma's own limit on the transaction stays above the statements' (two statements and the probe).
      { timeout: 3 * timeoutMs + 5_000, maxWait: 10_000 },
    );
  } catch (error) {
    if (hasSqlState(error, "57014")) return { status: "timed-out", message: timedOutMessage(timeoutMs) };
    throw error;
  }
}

/** Who is searching: a signed-in user is not rate-limited; an anonymous visitor is, by client address. */
export interface SearchVisitor {
  readonly signedIn: boolean;
  readonly client: string;
}

/** The search as the page runs it: an anonymous visitor's searches are admitted by the per-client limit first. */
export async function searchForVisitor(params: SearchParams, visitor: SearchVisitor, db: PrismaClient = prisma, options: SearchOptions = {}): Promise<SearchOutcome> {
  if (visitor.signedIn) return searchTraces(params, db, options);
  const admission = admitAnonymousSearch(visitor.client);
  const outcome: SearchOutcome = admission.allowed
    ? await searchTraces(params, db, options)
    : { status: "throttled", message: searchThrottledMessage(admission.retryAfterS), retryAfterS: admission.retryAfterS };
  // A refusal that cost nothing is held a moment (see ANONYMOUS_REFUSAL_DELAY_MS), so looping it cannot load the server.
  if (outcome.status === "throttled" || outcome.status === "too-broad" || outcome.status === "too-long") {
    await new Promise((resolve) => setTimeout(resolve, ANONYMOUS_REFUSAL_DELAY_MS));
  }
  return outcome;
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
