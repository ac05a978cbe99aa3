// Prisma keeps the arguments of its last 100 debug calls whether debug logging is on or not (for its
// crash reports), in two copies: @prisma/debug, which the pg adapter logs each statement to, and the
// client runtime's bundled one, which logs each query plan. Both hold a statement's parameters, so a
// statement carrying megabytes (an import's rows as one JSON parameter) stays in memory for the next
// hundred: importing a 200 MB traces file whose thoughts become step texts peaked at ~620 MB RSS, its live
// heap growing ~26 MB per 9 MB statement (bench import). Forgetting the history after such a statement
// keeps it to one. Only the crash report's log tail is lost.
import { Debug } from "@prisma/client/runtime/client";
import { clearLogs } from "@prisma/debug";

/** The runtime's history length (its MAX_ARGS_HISTORY): that many small entries push every old one out. */
const HISTORY_LENGTH = 100;
const evict = Debug("workbench:forget-debug-history");

export function forgetPrismaDebugHistory(): void {
  clearLogs();
  for (let entry = 0; entry < HISTORY_LENGTH; entry += 1) evict("-");
}
