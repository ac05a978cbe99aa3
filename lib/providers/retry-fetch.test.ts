import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { backoffDelayMs, createRetryingFetch, DEFAULT_RETRY_POLICY, isRetryableStatus } from "./retry-fetch";
import { ProviderError, RETRIES_HEADER } from "@/lib/workbench/agents/provider-errors";

// A real server answering a scripted sequence of statuses ("hang" never answers).
let script: (number | "hang")[] = [];
let hits = 0;
const server = createServer((_req, res) => {
  hits++;
  const next = script.shift() ?? 200;
  if (next === "hang") return;
  res.writeHead(next, { "content-type": "application/json" });
  res.end(JSON.stringify({ status: next }));
});
let url = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

// The timeout is generous for a loopback answer: the first request of a busy machine took 0.8 s.
const policy = { maxRetries: 2, baseDelayMs: 1, maxDelayMs: 5, requestTimeoutMs: 1_500 };

describe("createRetryingFetch", () => {
  test.each([
    [[429, 200], 200, "1"],
    [[500, 503, 200], 200, "2"],
    [["hang", 200], 200, "1"],
    [[500, 500, 500], 500, "2"],
    [[400], 400, "0"],
  ] as const)("statuses %j → %i after %s retries", async (statuses, status, retries) => {
    script = [...statuses];
    hits = 0;
    const response = await createRetryingFetch(policy)(url, { method: "POST", body: "{}" });
    expect(response.status).toBe(status);
    expect(response.headers.get(RETRIES_HEADER)).toBe(retries);
    expect(hits).toBe(Number(retries) + 1);
  });

  test("timeouts on every attempt end in a ProviderError with code timeout and the count", async () => {
    script = ["hang", "hang", "hang"];
    const error = await createRetryingFetch(policy)(url, { method: "POST", body: "{}" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: "timeout", retries: 2 });
  });

  test("a caller abort is not retried", async () => {
    script = ["hang", 200];
    hits = 0;
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(createRetryingFetch(policy)(url, { method: "POST", body: "{}", signal: controller.signal })).rejects.toThrow();
    expect(hits).toBe(1);
  });
});

describe("backoff", () => {
  test.each([
    [0, 0, 500],
    [0, 0.5, 750],
    [3, 0, 4_000],
    [10, 0.5, 22_500],
  ])("attempt %i with jitter %f → %i ms (half fixed, half jittered, capped at 30 s)", (attempt, jitter, expected) => {
    expect(backoffDelayMs({ ...DEFAULT_RETRY_POLICY, random: () => jitter }, attempt)).toBe(expected);
  });

  test("Retry-After wins, capped", () => {
    expect(backoffDelayMs(DEFAULT_RETRY_POLICY, 0, 2)).toBe(2_000);
    expect(backoffDelayMs(DEFAULT_RETRY_POLICY, 0, 999)).toBe(30_000);
  });

  test.each([[429, true], [500, true], [502, true], [408, true], [400, false], [401, false], [404, false]])("status %i retryable: %s", (status, expected) => {
    expect(isRetryableStatus(status)).toBe(expected);
  });
});
