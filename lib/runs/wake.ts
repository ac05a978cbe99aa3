// Wake-ups for idle worker slots, so a launch starts its tasks at once instead of after the next poll:
// a launch NOTIFYs on WAKE_CHANNEL inside its transaction (delivered when the work is committed), and
// each worker process LISTENs and wakes its idle slots through a local event. Polling stays the
// fallback: a wake-up is only ever a hint to claim now.
import { EventEmitter } from "node:events";
import pg from "pg";
import { CONNECTION_NAME } from "@/lib/db-pool";

/** The NOTIFY channel a launch signals; every worker LISTENs on it. */
export const WAKE_CHANNEL = "workbench_work";

const bus = new EventEmitter();
bus.setMaxListeners(0);

function wakeLocalWorkers(): void {
  bus.emit("wake");
}

/** Resolves after `ms`, on a wake-up, or when `signal` aborts, whichever comes first. */
export function sleepUnlessWoken(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      bus.off("wake", done);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    bus.once("wake", done);
    signal?.addEventListener("abort", done, { once: true });
  });
}

export interface WakeListener {
  /** (Re)connects when the listening connection is down; a no-op while it is up. */
  ensure(): Promise<void>;
  close(): Promise<void>;
}

/**
 * One connection LISTENing on WAKE_CHANNEL that wakes this process's idle slots on every notification.
 * A lost connection is reported once and reopened by the next `ensure()` (the worker's heartbeat).
 */
export function listenForWakeUps(connectionString: string, onError: (error: Error) => void): WakeListener {
  let client: pg.Client | null = null;
  let closed = false;
  return {
    async ensure() {
      if (client || closed) return;
      const next = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000, keepAlive: true, application_name: CONNECTION_NAME });
      next.on("notification", () => wakeLocalWorkers());
      next.on("error", (error) => {
        if (client === next) client = null;
        onError(error);
        void next.end().catch(() => undefined);
      });
      try {
        await next.connect();
        await next.query(`LISTEN ${WAKE_CHANNEL}`);
      } catch (error) {
        await next.end().catch(() => undefined);
        throw error;
      }
      if (closed) await next.end();
      else client = next;
    },
    async close() {
      closed = true;
      await client?.end().catch(() => undefined);
      client = null;
    },
  };
}
