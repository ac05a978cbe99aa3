// In-process wake-up for idle worker slots: a launch in this process starts its tasks at once instead
// of after the next poll. Workers in other processes still find the jobs by polling.
import { EventEmitter } from "node:events";

const bus = new EventEmitter();
bus.setMaxListeners(0);

export function wakeLocalWorkers(): void {
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
