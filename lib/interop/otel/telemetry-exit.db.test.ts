// Telemetry never holds a process (issue 37 item 5): `workbench run` is started as a user starts it,
// without a collector, with one whose port refuses connections, and with one that accepts and never
// answers. What is measured is the time from the run's summary (its tasks are done) to the process's
// exit; a collector may add at most 1 s to it (before: 7–10 s, the SDK's retries and request timeout).
// The bound is relative to the same command without a collector, so a busy machine slows both alike.
// A dead collector gives one warning line.
import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { DATA_DIR, setUpRunsTest, tearDownRunsTest, waitForRun, type RunsTestContext } from "../../test-support/db";
import { launchRun } from "../../runs/launch";

const CLI = path.resolve("scripts", "workbench.ts");
let context: RunsTestContext;
let silent: http.Server;
let silentUrl = "";
let refusingUrl = "";

beforeAll(async () => {
  context = await setUpRunsTest(); // the official data, which the run needs
  // Accepts connections and never answers.
  silent = http.createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentUrl = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
  // A port that was just free and is closed again: connections are refused.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  refusingUrl = `http://127.0.0.1:${(probe.address() as net.AddressInfo).port}`;
  await new Promise((resolve) => probe.close(resolve));
});

afterAll(async () => {
  silent?.closeAllConnections();
  await new Promise((resolve) => silent?.close(resolve));
  await tearDownRunsTest(context);
});

interface Measured {
  readonly code: number;
  readonly runId: string;
  /** From the summary's first line to the exit. */
  readonly tailMs: number;
  readonly warnings: string[];
}

function workbench(collector: string | null, args: string[]) {
  const { OTEL_EXPORTER_OTLP_ENDPOINT: _unset, ...inherited } = process.env;
  const env = { ...inherited, WORKBENCH_DATA_DIR: DATA_DIR, ...(collector ? { OTEL_EXPORTER_OTLP_ENDPOINT: collector } : {}) };
  return spawn(process.execPath, ["--import", "tsx", CLI, ...args], { env });
}

async function runCli(collector: string | null): Promise<Measured> {
  const child = workbench(collector, ["run", "--agent", "oracle", "--limit", "6", "--concurrency", "3"]);
  let output = "";
  let summaryAt: number | null = null;
  const take = (chunk: Buffer) => {
    output += chunk.toString();
    if (summaryAt === null && /^ {2}accuracy /m.test(output)) summaryAt = performance.now();
  };
  child.stdout.on("data", take);
  child.stderr.on("data", take);
  const code = await new Promise<number>((resolve) => child.on("exit", (exitCode) => resolve(exitCode ?? 1)));
  const exitedAt = performance.now();
  expect(summaryAt, output).not.toBeNull();
  return { code, runId: /^Run (\S+): \d+ task/m.exec(output)?.[1] ?? "", tailMs: exitedAt - (summaryAt ?? exitedAt), warnings: output.split("\n").filter((line) => line.startsWith("OpenTelemetry:")) };
}

test("with a refusing or a silent collector, run exits at most 1 s later than without one, with one warning line", async () => {
  const without = await runCli(null);
  expect(without).toMatchObject({ code: 0, warnings: [] });
  for (const [kind, url] of [["refusing", refusingUrl], ["silent", silentUrl]] as const) {
    const measured = await runCli(url);
    console.info(`${kind} collector: ${Math.round(measured.tailMs)} ms from summary to exit, ${Math.round(without.tailMs)} ms without one`);
    expect({ kind, code: measured.code }).toEqual({ kind, code: 0 });
    expect(measured.tailMs - without.tailMs, `${kind}: ${Math.round(measured.tailMs)} ms vs ${Math.round(without.tailMs)} ms without a collector`).toBeLessThan(1_000);
    expect({ kind, warnings: measured.warnings.length }).toEqual({ kind, warnings: 1 });
  }
}, 300_000);

test("export --format otlp exits non-zero when its spans were not delivered, 0 when they were", async () => {
  const { runId } = await runCli(null);
  expect(runId).not.toBe("");
  const exported = async (collector: string) => {
    const child = workbench(collector, ["export", "--run", runId, "--format", "otlp"]);
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number>((resolve) => child.on("exit", (exitCode) => resolve(exitCode ?? 1)));
    return { code, output };
  };
  const refused = await exported(refusingUrl);
  expect(refused.output).toMatch(/span\(s\) not delivered/);
  expect(refused.code).not.toBe(0);

  const receiver = http.createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(200, { "Content-Type": "application/json" }).end("{}"));
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  try {
    const delivered = await exported(`http://127.0.0.1:${(receiver.address() as net.AddressInfo).port}`);
    expect(delivered.output).toMatch(/span\(s\) sent to/);
    expect(delivered.code).toBe(0);
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
  }
}, 300_000);

/** `npm run worker`'s process: started, given a run to finish, then stopped; returns SIGTERM-to-exit time. */
async function workerStopMs(collector: string | null): Promise<{ stopMs: number; warnings: string[] }> {
  const { OTEL_EXPORTER_OTLP_ENDPOINT: _unset, ...inherited } = process.env;
  const env = { ...inherited, WORKBENCH_DATA_DIR: DATA_DIR, ...(collector ? { OTEL_EXPORTER_OTLP_ENDPOINT: collector } : {}) };
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve("scripts", "worker.ts"), "3"], { env });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  for (const started = Date.now(); !output.includes("started with"); ) {
    if (Date.now() - started > 120_000) throw new Error(`the worker did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const { runId } = await launchRun({ agent: "oracle", limit: 6, concurrency: 3 }, context);
  expect(await waitForRun(context.db, runId, 120_000)).toMatchObject({ status: "completed" });
  await new Promise((resolve) => setTimeout(resolve, 300)); // its spans are built and queued (or not, without a collector)
  const stopping = performance.now();
  child.kill("SIGTERM");
  await exited;
  return { stopMs: performance.now() - stopping, warnings: output.split("\n").filter((line) => line.startsWith("OpenTelemetry:")) };
}

test("npm run worker stops at most 1 s later with a refusing or silent collector than without one", async () => {
  const without = await workerStopMs(null);
  expect(without.warnings).toEqual([]);
  for (const [kind, url] of [["refusing", refusingUrl], ["silent", silentUrl]] as const) {
    const measured = await workerStopMs(url);
    console.info(`worker, ${kind} collector: ${Math.round(measured.stopMs)} ms from SIGTERM to exit, ${Math.round(without.stopMs)} ms without one`);
    expect(measured.stopMs - without.stopMs, `${kind}: ${Math.round(measured.stopMs)} ms vs ${Math.round(without.stopMs)} ms`).toBeLessThan(1_000);
    expect({ kind, warnings: measured.warnings.length }).toEqual({ kind, warnings: 1 });
  }
}, 400_000);
