// The sandbox browser (app/sandbox): the initial tables of any dataset version (the five databases, the
// analytics visits and the company directory) as stored in SandboxRow, filtered, sorted and paged in SQL;
// and, for one task, the rows its ground truth and an agent's calls change (replayed by the engine).
import "server-only";
import { Prisma } from "@/lib/generated/prisma/client";
import { prisma } from "@/lib/db";
import { DIRECTORY_TABLE } from "@/lib/datasets/sandbox-rows";
import { loadDatasetFromDb } from "@/lib/datasets/load-from-db";
import { containsPattern } from "@/lib/queries/search-filters";
import { diffStates } from "@/lib/workbench/sandbox/diff";
import { replayCalls } from "@/lib/workbench/evaluate/replay";
import { getProtocol, isProtocolId, protocolForGroundTruth } from "@/lib/workbench/protocols";
import { GROUND_TRUTH_VERSIONS, type GroundTruthVersion } from "@/lib/workbench/datasets/types";

export const SANDBOX_PAGE_SIZE = 50;

export async function listSandboxVersions() {
  const versions = await prisma.groundTruthVersion.findMany({
    select: { id: true, name: true, revision: true, supersededAt: true, taskCount: true, dataset: { select: { slug: true, name: true, kind: true } } },
    orderBy: [{ importedAt: "asc" }],
  });
  // The official dataset first, current revisions before superseded ones.
  return versions.sort(
    (a, b) => Number(a.dataset.kind !== "official") - Number(b.dataset.kind !== "official") || a.dataset.slug.localeCompare(b.dataset.slug) || Number(a.supersededAt !== null) - Number(b.supersededAt !== null) || a.name.localeCompare(b.name),
  );
}

export interface SandboxQuery {
  readonly versionId: string;
  readonly table?: string;
  /** Substring filter (case-insensitive) over one column, or over every cell when `column` is unset. */
  readonly q?: string;
  readonly column?: string;
  readonly sort?: string;
  readonly dir: "asc" | "desc";
  readonly page: number;
}

/** One page of a sandbox table; null when the version does not exist. Unknown tables and columns fall back to the first. */
export async function getSandboxPage(query: SandboxQuery) {
  const version = await prisma.groundTruthVersion.findUnique({
    where: { id: query.versionId },
    select: { id: true, name: true, revision: true, sandboxColumns: true, dataset: { select: { slug: true, name: true, kind: true } } },
  });
  if (!version) return null;
  const stored = (version.sandboxColumns ?? {}) as Record<string, string[]>;
  const columnsByTable: Record<string, string[]> = { ...stored, [DIRECTORY_TABLE]: ["address"] };
  const tables = Object.keys(columnsByTable);
  const table = query.table && tables.includes(query.table) ? query.table : (tables[0] ?? DIRECTORY_TABLE);
  const columns = columnsByTable[table] ?? [];
  const column = query.column && columns.includes(query.column) ? query.column : undefined;
  const sort = query.sort && columns.includes(query.sort) ? query.sort : undefined;
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const filter = !pattern
    ? Prisma.sql`TRUE`
    : column
      ? Prisma.sql`data ->> ${column} ILIKE ${pattern}`
      : Prisma.sql`EXISTS (SELECT 1 FROM jsonb_each_text(data) cell WHERE cell.value ILIKE ${pattern})`;
  const where = Prisma.sql`"versionId" = ${version.id} AND "table" = ${table} AND ${filter}`;
  // jsonb orders numbers as numbers and strings as text; nulls last either way; the file's order breaks ties.
  const order = sort
    ? Prisma.sql`ORDER BY data -> ${sort} ${query.dir === "desc" ? Prisma.sql`DESC NULLS LAST` : Prisma.sql`ASC NULLS LAST`}, position`
    : Prisma.sql`ORDER BY position ${query.dir === "desc" ? Prisma.sql`DESC` : Prisma.sql`ASC`}`;
  const [counted] = await prisma.$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM "SandboxRow" WHERE ${where}`;
  const total = counted?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / SANDBOX_PAGE_SIZE));
  const page = Math.min(query.page, pages - 1);
  const rows = await prisma.$queryRaw<{ position: number; data: Record<string, unknown> }[]>`
    SELECT position, data FROM "SandboxRow" WHERE ${where} ${order} LIMIT ${SANDBOX_PAGE_SIZE} OFFSET ${page * SANDBOX_PAGE_SIZE}`;
  return { version, tables, table, columns, column, sort, rows, total, page, pages };
}

/**
 * The rows a task's ground truth changes, and those an agent's calls change (one result of the task),
 * each as a diff from the initial sandbox: `before` cells are the initial rows, `after` cells the end
 * state. Replayed by the protocol's own tools, as the evaluator replays them.
 */
export async function getTaskEndStates({ taskId, resultId }: { taskId: string; resultId?: string }) {
  const task = await prisma.task.findUnique({
    where: { id: taskId },
    select: { id: true, key: true, text: true, groundTruth: true, version: { select: { id: true, name: true, contentHash: true, datasetId: true } } },
  });
  if (!task) return null;
  const result = await prisma.taskResult.findFirst({
    where: { taskId, status: "done", ...(resultId ? { id: resultId } : {}) },
    orderBy: [{ finishedAt: "desc" }, { id: "asc" }],
    select: { id: true, calls: true, correct: true, run: { select: { id: true, name: true, protocol: true } } },
  });
  const versionName = (task.version.name.split("@")[0] ?? task.version.name) as GroundTruthVersion;
  if (!(GROUND_TRUTH_VERSIONS as readonly string[]).includes(versionName)) return null;
  const dataset = await loadDatasetFromDb(prisma, versionName, task.version.contentHash, task.version.datasetId);
  if (!dataset) return null;
  const endState = (calls: readonly string[], protocolId: string) => {
    const protocol = getProtocol(isProtocolId(protocolId) ? protocolId : protocolForGroundTruth(versionName));
    const replay = replayCalls(dataset.sandbox, calls, (sandbox, call) => protocol.tools.execute(sandbox, call), protocol.parseCall);
    // A JSON round trip: the diff is shown by the same view as stored step diffs.
    return { diff: JSON.parse(JSON.stringify(diffStates(dataset.sandbox.tables, replay.state))) as unknown, failedCalls: replay.failedCalls };
  };
  return {
    task,
    groundTruth: endState(task.groundTruth, protocolForGroundTruth(versionName)),
    agent: result ? { result, ...endState(result.calls, result.run.protocol) } : null,
  };
}
