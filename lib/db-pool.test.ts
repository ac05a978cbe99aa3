// The pool's "reconnecting" state, which request handlers read to answer 503 at once (lib/db-health.ts):
// set while a connect waits on the reconnect policy, cleared when it gives up (or succeeds).
import net from "node:net";
import { expect, test } from "vitest";
import { createReconnectingPool, databaseReconnecting } from "./db-pool";

/** A port nothing listens on (bound, then closed): connects are refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test("a connect retrying a refused server marks the process as reconnecting until it gives up", async () => {
  const pool = createReconnectingPool({
    connectionString: `postgresql://x:y@127.0.0.1:${await closedPort()}/none`,
    retryPolicy: { totalMs: 1_500, firstDelayMs: 50, maxDelayMs: 100 },
  });
  pool.on("error", () => undefined);
  expect(databaseReconnecting()).toBe(false);
  let polls = 0;
  const connecting = pool.connect().then(
    () => "connected",
    (error: NodeJS.ErrnoException) => error.code,
  );
  const seenWhileRetrying = await new Promise<boolean>((resolve) => {
    const poll = setInterval(() => {
      polls += 1;
      if (databaseReconnecting() || polls > 100) {
        clearInterval(poll);
        resolve(databaseReconnecting());
      }
    }, 10);
  });
  expect(seenWhileRetrying).toBe(true);
  expect(await connecting).toBe("ECONNREFUSED");
  expect(databaseReconnecting()).toBe(false);
  await pool.end();
});
