// The process's pg-boss instance for launching (server actions, CLI). Kept on globalThis so Next's dev
// reloads reuse one connection pool instead of opening a new one per reload.
import type { PgBoss } from "pg-boss";
import { startBoss } from "./queue";

const holder = globalThis as typeof globalThis & { workbenchBoss?: Promise<PgBoss> };

export function getBoss(): Promise<PgBoss> {
  if (!holder.workbenchBoss) {
    const connectionString = process.env.DATABASE_URL;
    if (!connectionString) return Promise.reject(new Error("DATABASE_URL is not set"));
    holder.workbenchBoss = startBoss({ connectionString });
    holder.workbenchBoss.catch(() => (holder.workbenchBoss = undefined));
  }
  return holder.workbenchBoss;
}

export async function stopBoss(): Promise<void> {
  const boss = holder.workbenchBoss;
  holder.workbenchBoss = undefined;
  if (boss) await (await boss).stop({ graceful: false, close: true });
}
