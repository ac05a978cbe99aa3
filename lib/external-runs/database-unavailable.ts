// A transient database state (PostgreSQL restarting, the pool or a transaction start timing out: the
// reconnect policy's list, lib/db-retry.ts) is not the agent's fault and goes away by itself: the
// external API answers it with 503 and Retry-After, so an agent waits and asks again instead of dying
// on a 500. Any other error is rethrown (a 500, logged by the route). While the database is known to be
// down (lib/db-health.ts), the 503 comes at once, before any query waits on the reconnect policy.
import { databaseDown, databaseUnavailableJson } from "@/lib/db-health";
import { isTransientDbError } from "@/lib/db-retry";
import { errorMessage } from "@/lib/errors";

export { API_RETRY_AFTER_S as DATABASE_RETRY_AFTER_S } from "@/lib/db-health";
export const databaseUnavailable = databaseUnavailableJson;

/**
 * Runs a handler, unless the database is down (503 at once); a transient database error becomes a 503
 * with Retry-After too (logged without details to the agent).
 */
export async function answerTransientAs503(label: string, work: () => Promise<Response>): Promise<Response> {
  if (await databaseDown()) return databaseUnavailable();
  try {
    return await work();
  } catch (error) {
    if (!isTransientDbError(error)) throw error;
    console.error(`[mcp] ${label}: database unavailable (answered 503): ${errorMessage(error).split("\n")[0]}`);
    return databaseUnavailable();
  }
}
