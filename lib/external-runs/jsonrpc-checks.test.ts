// JSON-RPC 2.0 §5.1 codes for what a client may send, checked against the spec's table, not the SDK.
import { expect, test } from "vitest";
import { checkMessage } from "./jsonrpc-checks";

const call = (params: unknown) => ({ jsonrpc: "2.0", id: 7, method: "tools/call", params });

test.each([
  ["a number", 42, null],
  ["an array of numbers", [1, 2], null],
  ["no jsonrpc member", { id: 1, method: "tools/list" }, 1],
  ["jsonrpc 1.0", { jsonrpc: "1.0", id: 2, method: "tools/list" }, 2],
  ["a method that is not a string", { jsonrpc: "2.0", id: "a", method: 5 }, "a"],
  ["an object id", { jsonrpc: "2.0", id: { x: 1 }, method: "tools/list" }, null],
])("valid JSON that is not a request (%s) is -32600 Invalid Request", (_label, value, id) => {
  const checked = checkMessage(value);
  expect(checked.ok).toBe(false);
  if (!checked.ok) expect(checked.reply).toMatchObject({ jsonrpc: "2.0", id, error: { code: -32600 } });
});

test.each([
  ["no params", { jsonrpc: "2.0", id: 7, method: "tools/call" }],
  ["params.name a number", call({ name: 5 })],
  ["no params.name", call({ arguments: {} })],
  ["params.arguments an array", call({ name: "email__search_emails", arguments: ["a"] })],
  ["params.arguments a string", call({ name: "email__search_emails", arguments: "query=x" })],
])("a tools/call with malformed params (%s) is -32602 with a plain message, no validation dump", (_label, value) => {
  const checked = checkMessage(value);
  expect(checked.ok).toBe(false);
  if (checked.ok) return;
  expect(checked.reply).toMatchObject({ id: 7, error: { code: -32602 } });
  expect(checked.reply.error.message).toBe("Invalid params for tools/call: expected params.name (string) and params.arguments (an object)");
});

test("an initialize without its params is -32602", () => {
  const checked = checkMessage({ jsonrpc: "2.0", id: 1, method: "initialize", params: {} });
  expect(!checked.ok && checked.reply.error.code).toBe(-32602);
});

test("well-formed requests, notifications and unknown methods pass to the server (it answers -32601 itself)", () => {
  expect(checkMessage(call({ name: "email__search_emails", arguments: { query: "x" } })).ok).toBe(true);
  expect(checkMessage(call({ name: "email__search_emails" })).ok).toBe(true); // arguments are optional
  expect(checkMessage({ jsonrpc: "2.0", method: "notifications/initialized" }).ok).toBe(true);
  expect(checkMessage({ jsonrpc: "2.0", id: 3, method: "resources/list" }).ok).toBe(true);
  expect(checkMessage({ jsonrpc: "2.0", id: 3, result: {} }).ok).toBe(true);
});
