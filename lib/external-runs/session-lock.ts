// One MCP session's requests run one at a time in this process: a tool call reads the sandbox and the
// trace position, acts, and writes; two interleaved calls would both write the same step index. A
// flood beyond MAX_QUEUED waiting calls is refused instead of piling up in memory.
import { CodedError } from "@/lib/errors";

export const MAX_QUEUED = 32;

export class SessionBusyError extends CodedError<"session_busy"> {
  constructor() {
    super("session_busy", `Too many concurrent requests on this session (more than ${MAX_QUEUED} waiting)`);
    this.name = "SessionBusyError";
  }
}

const tails = new Map<string, { promise: Promise<unknown>; waiting: number }>();

export async function withSessionLock<T>(sessionId: string, work: () => Promise<T>): Promise<T> {
  const entry = tails.get(sessionId) ?? { promise: Promise.resolve(), waiting: 0 };
  if (entry.waiting >= MAX_QUEUED) throw new SessionBusyError();
  entry.waiting += 1;
  const previous = entry.promise;
  const run = previous.catch(() => undefined).then(work);
  entry.promise = run;
  tails.set(sessionId, entry);
  try {
    return await run;
  } finally {
    entry.waiting -= 1;
    if (entry.waiting === 0 && tails.get(sessionId) === entry) tails.delete(sessionId);
  }
}
