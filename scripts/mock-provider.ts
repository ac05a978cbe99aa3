#!/usr/bin/env tsx
// Starts the mock OpenAI-compatible provider as a server, for clients outside Studio and for latency,
// faults or strict checks (Studio's own `mock` endpoint needs none of this: left without a base URL, it
// answers in-process):
//   npx tsx scripts/mock-provider.ts --port 4010 --behaviour oracle
// then launch on the `mock` endpoint with base URL http://127.0.0.1:4010/v1, or point any client at it.
import { Command, Option } from "commander";
import { loadDataset, resolveDataDir, GROUND_TRUTH_VERSIONS, type GroundTruthVersion } from "../lib/workbench/datasets";
import { startMockProvider, MOCK_BEHAVIOURS, type MockBehaviour } from "../lib/mock-provider";
import { env } from "@/lib/env";

const options = new Command()
  .name("mock-provider")
  .description("OpenAI-compatible mock model server that follows (or breaks) WorkBench ground truth")
  .option("--port <port>", "port on 127.0.0.1 (0 = random)", "4010")
  .addOption(new Option("--behaviour <name>", "default behaviour").choices(MOCK_BEHAVIOURS).default("oracle"))
  .addOption(new Option("--ground-truth <version>", "ground truth to follow").choices(GROUND_TRUTH_VERSIONS).default("v1"))
  .option("--data-dir <dir>", "WorkBench data directory (default WORKBENCH_DATA_DIR or ../shared/workbench)")
  .option("--latency <ms>", "delay before each reply", "0")
  .option("--fault-rate <rate>", "share of requests answered 429, 500 or a hang", "0")
  .option("--seed <n>", "seed of the fault schedule", "1")
  .option("--strict", "refuse what OpenAI's API refuses (stop, temperature, max_tokens for gpt-5 / o-series) with 400")
  .option("--api-key <key>", "answer 401 unless requests carry this bearer key (use with the openai endpoint and OPENAI_BASE_URL)")
  .parse()
  .opts<{ port: string; behaviour: MockBehaviour; groundTruth: GroundTruthVersion; dataDir?: string; latency: string; faultRate: string; seed: string; strict?: boolean; apiKey?: string }>();

const dataDir = options.dataDir ?? resolveDataDir(env().WORKBENCH_DATA_DIR);
const dataset = await loadDataset(dataDir, options.groundTruth);
const mock = await startMockProvider({
  dataset,
  behaviour: options.behaviour,
  port: Number(options.port),
  latencyMs: Number(options.latency),
  faultRate: Number(options.faultRate),
  seed: Number(options.seed),
  strict: options.strict ?? false,
  apiKey: options.apiKey,
  // Demo clients time out well before this; the hang only has to outlast them.
  hangMs: 180_000,
});
console.log(`Mock provider (${options.behaviour}, ${dataset.tasks.length} tasks, ${options.groundTruth}) at ${mock.url}`);
console.log(`Any of these model names selects a behaviour per request: ${MOCK_BEHAVIOURS.join(", ")}`);

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    console.log(`\nServed ${mock.stats.requests} requests (faults: ${JSON.stringify(mock.stats.faults)}, rejected: ${mock.stats.rejected})`);
    void mock.close().then(() => process.exit(0));
  });
}
