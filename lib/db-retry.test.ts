import { describe, expect, test } from "vitest";
import { isTransientDbError, retryDelayMs, withDbRetry } from "./db-retry";

/** An error shaped like node-postgres' server errors (code + severity). */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });
const socketError = (code: string) => Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), { code, errno: -111, syscall: "connect" });
/** Prisma 7's shape: a known request error whose meta carries the driver adapter's error and its cause. */
const prismaError = (code: string, cause?: Record<string, unknown>) =>
  Object.assign(new Error(`prisma ${code}`), { code, meta: cause ? { driverAdapterError: { name: "DriverAdapterError", cause } } : {} });

describe("isTransientDbError", () => {
  test.each([
    ["ECONNREFUSED", socketError("ECONNREFUSED")],
    ["ECONNRESET", socketError("ECONNRESET")],
    ["57P01 admin shutdown", pgError("57P01", "terminating connection due to administrator command")],
    ["57P02 crash shutdown", pgError("57P02", "terminating connection because of crash of another server process")],
    ["57P03 starting up", pgError("57P03", "the database system is starting up")],
    ["08006 connection failure", pgError("08006", "connection failure")],
    ["08P01 protocol violation", pgError("08P01", "protocol violation")],
    ["pg pool connect timeout", new Error("timeout exceeded when trying to connect")],
    ["pg connection terminated", new Error("Connection terminated unexpectedly")],
    ["P1001", prismaError("P1001")],
    ["P2024 pool timeout", prismaError("P2024")],
    ["P2028 transaction start", prismaError("P2028")],
    ["adapter 57P03 wrapped", prismaError("P2010", { kind: "postgres", originalCode: "57P03", originalMessage: "the database system is starting up" })],
    ["adapter DatabaseNotReachable", prismaError("P2010", { kind: "DatabaseNotReachable", host: "127.0.0.1" })],
    ["in a cause chain", new Error("query failed", { cause: pgError("57P03", "the database system is starting up") })],
    ["inside an AggregateError", new AggregateError([socketError("ECONNREFUSED")], "connect failed")],
  ])("%s is transient", (_name, error) => {
    expect(isTransientDbError(error)).toBe(true);
  });

  test.each([
    ["unique violation", pgError("23505", "duplicate key value violates unique constraint")],
    ["syntax error", pgError("42601", "syntax error at or near")],
    ["auth failed", pgError("28P01", "password authentication failed for user")],
    ["Prisma record not found", prismaError("P2025")],
    ["a plain bug", new TypeError("cannot read properties of undefined")],
    ["not an error", "ECONNREFUSED-ish string"],
  ])("%s is not transient", (_name, error) => {
    expect(isTransientDbError(error)).toBe(false);
  });
});

describe("withDbRetry", () => {
  const quick = { totalMs: 2_000, firstDelayMs: 1, maxDelayMs: 5 };

  test("retries transient failures until the work succeeds", async () => {
    let calls = 0;
    const result = await withDbRetry(async () => {
      calls += 1;
      if (calls < 4) throw pgError("57P03", "the database system is starting up");
      return "ok";
    }, { policy: quick });
    expect(result).toBe("ok");
    expect(calls).toBe(4);
  });

  test("does not retry other errors", async () => {
    let calls = 0;
    const failing = withDbRetry(async () => {
      calls += 1;
      throw pgError("23505", "duplicate key");
    }, { policy: quick });
    await expect(failing).rejects.toThrow("duplicate key");
    expect(calls).toBe(1);
  });

  test("gives up with the last error once the total time is spent", async () => {
    const started = Date.now();
    let calls = 0;
    const failing = withDbRetry(async () => {
      calls += 1;
      throw socketError("ECONNREFUSED");
    }, { policy: { totalMs: 150, firstDelayMs: 10, maxDelayMs: 40 } });
    await expect(failing).rejects.toThrow("ECONNREFUSED");
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(calls).toBeGreaterThan(2);
  });

  test("backoff doubles up to the cap, with bounded jitter", () => {
    const policy = { totalMs: 60_000, firstDelayMs: 100, maxDelayMs: 2_000 };
    const middle = () => 0.5;
    expect([1, 2, 3, 4, 5, 6, 10].map((attempt) => retryDelayMs(attempt, policy, middle))).toEqual([100, 200, 400, 800, 1600, 2000, 2000]);
    expect(retryDelayMs(3, policy, () => 0)).toBe(300);
    expect(retryDelayMs(3, policy, () => 0.999)).toBeLessThanOrEqual(500);
  });
});
