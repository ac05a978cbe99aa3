// The stdio transport answers every line a client sends, one JSON message per line on the output.
import { PassThrough } from "node:stream";
import { expect, test } from "vitest";
import { LineDelimitedStdioTransport, MAX_LINE_BYTES } from "./stdio-transport";

function harness() {
  const input = new PassThrough();
  const output = new PassThrough();
  const transport = new LineDelimitedStdioTransport(input, output);
  const received: unknown[] = [];
  transport.onmessage = (message) => received.push(message);
  let text = "";
  output.on("data", (chunk: Buffer) => (text += chunk.toString()));
  const lines = () => text.split("\n").filter(Boolean).map((line) => JSON.parse(line) as { id: unknown; error?: { code: number } });
  return { input, transport, received, lines };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

test("a non-JSON line gets a -32700 reply, valid JSON that is not a message -32600, and messages go through", async () => {
  const { input, transport, received, lines } = harness();
  await transport.start();
  input.write("this is not json\n");
  input.write('{"jsonrpc":"2.0","id":4,"me');
  input.write('thod":"tools/list"}\r\n\n   \n');
  input.write('{"id":5,"method":"tools/list"}\n');
  input.write('{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":1}}\n');
  await tick();
  expect(received).toEqual([{ jsonrpc: "2.0", id: 4, method: "tools/list" }]);
  expect(lines().map((line) => [line.id, line.error?.code])).toEqual([
    [null, -32700],
    [5, -32600],
    [6, -32602],
  ]);
});

test("a line over the limit is answered once and skipped to its end; the next line is read", async () => {
  const { input, transport, received, lines } = harness();
  await transport.start();
  input.write("x".repeat(MAX_LINE_BYTES + 10));
  input.write("y".repeat(1000));
  input.write('\n{"jsonrpc":"2.0","id":1,"method":"ping"}\n');
  await tick();
  expect(lines()).toHaveLength(1);
  expect(lines()[0]?.error?.code).toBe(-32000);
  expect(received).toEqual([{ jsonrpc: "2.0", id: 1, method: "ping" }]);
});

test("the end of input closes the transport", async () => {
  const { input, transport } = harness();
  let closed = false;
  transport.onclose = () => (closed = true);
  await transport.start();
  input.end();
  await tick();
  expect(closed).toBe(true);
});
