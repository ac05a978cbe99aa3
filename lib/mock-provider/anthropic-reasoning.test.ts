// Reasoning effort and the capability table on the Anthropic Messages wire: the tools agent through the
// Anthropic SDK client against a fake that records each request body and answers with a final message.
// Needs the official data (../shared/workbench or WORKBENCH_DATA_DIR): fails, never skips, without it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, test } from "vitest";
import { loadDataset } from "../workbench/datasets";
import { testDataDir } from "../workbench/test-support/data-dir";
import type { Dataset } from "../workbench/datasets/types";
import { resolveRequestParams } from "../workbench/agents/request-params";
import { runAgent } from "../test-support/mock-provider-harness";

const KEY = "sk-ant-reasoning-test-0123456789";
let dataset: Dataset;
let server: Server;
let baseUrl: string;
const bodies: Record<string, unknown>[] = [];

beforeAll(async () => {
  dataset = await loadDataset(testDataDir(), "v1");
  server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk: Buffer) => (text += chunk.toString()));
    req.on("end", () => {
      bodies.push(JSON.parse(text) as Record<string, unknown>);
      const message = {
        id: "msg_test", type: "message", role: "assistant", model: "claude-sonnet-4-5",
        content: [{ type: "text", text: "Done." }], stop_reason: "end_turn", stop_sequence: null,
        usage: { input_tokens: 10, output_tokens: 2 },
      };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(message));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test.each([
  ["claude-sonnet-4-5", "medium", { thinking: { type: "enabled" } }, ["temperature"]],
  ["claude-sonnet-4-5", null, { temperature: 0 }, ["thinking"]],
  ["claude-opus-4-1", null, {}, ["temperature", "thinking"]],
] as const)("%s with effort %s: the request carries %j and leaves out %j", async (model, effort, carries, leavesOut) => {
  bodies.length = 0;
  const requestParams = resolveRequestParams({ model, kind: "anthropic", temperature: 0, reasoningEffort: effort });
  const task = dataset.tasks[0]!;
  const { outcome } = await runAgent("tools", dataset, task, { baseUrl, model, keyed: { kind: "anthropic", apiKey: KEY }, requestParams });
  expect(outcome).toMatchObject({ error: null, finalAnswer: "Done." });
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject(carries);
  for (const field of leavesOut) expect(bodies[0]).not.toHaveProperty(field);
});
