// A transient database state (PostgreSQL restarting, the pool or a transaction start timing out: the
// reconnect policy's list, lib/db-retry.ts) is not the agent's fault and goes away by itself: the
// external API answers it with 503 and Retry-After, so an agent waits and asks again instead of dying
// on a 500. Any other error is rethrown (a 500, logged by the route).
import { isTransientDbError } from "@/lib/db-retry";
import { errorMessage } from "@/lib/errors";

/** Seconds an agent should wait: about the time the embedded PostgreSQL's watchdog needs to restart it. */
export const DATABASE_RETRY_AFTER_S = 2;

export function databaseUnavailable(): Response {
  return Response.json(
    { error: "The database is busy or restarting: retry after the Retry-After delay", retryAfterMs: DATABASE_RETRY_AFTER_S * 1000 },
    { status: 503, headers: { "retry-after": String(DATABASE_RETRY_AFTER_S) } },
  );
}

/** Runs a handler; a transient database error becomes a 503 with Retry-After (logged without details to the agent). */
export async function answerTransientAs503(label: string, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (!isTransientDbError(error)) throw error;
    console.error(`[mcp] ${label}: database unavailable (answered 503): ${errorMessage(error).split("\n")[0]}`);
    return databaseUnavailable();
  }
}
