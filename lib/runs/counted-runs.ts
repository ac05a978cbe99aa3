// Which runs count: the boards' rule, defined once for every count, tab and picker that follows the
// boards (the leaderboards, the dataset tabs and the dataset a board opens on, the home page's run
// counts, the search page's run picker, the paper page and the task page). A run counts when it is
// finished or recorded (status completed, or imported), not archived, not estimated (a subset run,
// lib/runs/estimated-run.ts, never ranked among full runs) and not a test run; test runs count only
// where a filter asks for them. The database's own copy of the rule is run_key() (lib/runs/tally.sql:
// NULL for a run neither completed nor recorded, archived or estimated; "test" last in a test run's key); counted-runs.db.test.ts checks that the forms here and it select the same runs.
import { Prisma } from "@/lib/generated/prisma/client";

export interface CountedRunOptions {
  /** Count test runs too (the boards' "include test runs" filter). */
  readonly includeTests?: boolean;
}

/** What the rule reads of a run. */
export interface CountedRunFields {
  readonly status: string;
  readonly source: string;
  readonly archivedAt: Date | null;
  readonly testRun: boolean;
  /** An estimated run (absent: not one). */
  readonly estimated?: boolean;
}

/** The rule on a run already read. */
export function isCountedRun(run: CountedRunFields, { includeTests = false }: CountedRunOptions = {}): boolean {
  return (run.status === "completed" || run.source === "imported") && run.archivedAt === null && run.estimated !== true && (includeTests || !run.testRun);
}

/** The rule as a Prisma filter on Run. */
export function countedRunWhere({ includeTests = false }: CountedRunOptions = {}): Prisma.RunWhereInput {
  return {
    OR: [{ status: "completed" }, { source: "imported" }],
    archivedAt: null,
    estimated: false,
    ...(includeTests ? {} : { testRun: false }),
  };
}

/** The rule as an SQL condition on the "Run" row named `alias` (a plain identifier: r, u, run). */
export function countedRunSql(alias: string, { includeTests = false }: CountedRunOptions = {}): Prisma.Sql {
  if (!/^[a-z_][a-z0-9_]*$/i.test(alias)) throw new Error(`countedRunSql: ${alias} is not a table alias`);
  const run = Prisma.raw(alias);
  const tests = includeTests ? Prisma.empty : Prisma.sql` AND NOT ${run}."testRun"`;
  return Prisma.sql`((${run}.status = 'completed' OR ${run}.source = 'imported') AND ${run}."archivedAt" IS NULL AND NOT ${run}.estimated${tests})`;
}
