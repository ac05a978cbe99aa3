// The worker's hot path (claim, steps, finish) runs a handful of statements per task; it sends them
// through pg-boss's own pg pool rather than Prisma's raw-query layer, which costs more CPU per query
// than the statements themselves on a 2-core machine. Everything else uses Prisma.
import type { PgBoss } from "pg-boss";

export interface Sql {
  query<Row>(text: string, values?: readonly unknown[]): Promise<{ rows: Row[]; rowCount: number }>;
}

export function sqlFromBoss(boss: PgBoss): Sql {
  const db = boss.getDb();
  return {
    async query<Row>(text: string, values: readonly unknown[] = []) {
      const result = (await db.executeSql(text, [...values])) as { rows: Row[]; rowCount?: number | null };
      return { rows: result.rows, rowCount: result.rowCount ?? result.rows.length };
    },
  };
}
