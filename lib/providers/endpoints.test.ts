import { mkdtempSync, writeFileSync } from "node:fs";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { generateText } from "ai";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { EndpointError, IN_PROCESS_MOCK_URL, loadEndpoints, resolveModelTarget, summarizeEndpoints } from "./endpoints";
import { createModel, createModelForEndpoint, pinnedFetch } from "./models";

const CANARY = "sk-canary-endpoints-test-0123456789";
const env = {
  OPENAI_API_KEY: CANARY,
  ANTHROPIC_API_KEY: CANARY,
  OPENAI_COMPATIBLE_API_KEY: CANARY,
  OPENAI_COMPATIBLE_BASE_URL: "http://127.0.0.1:9/v1",
  WORKBENCH_ENDPOINTS_FILE: "/nonexistent/endpoints.json",
};

/** A listener standing in for an attacker's server: records every request's headers and body. */
let listener: Server;
let listenerUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

beforeAll(async () => {
  listener = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      received.push({ headers: request.headers, body });
      response.writeHead(500).end("no");
    });
  });
  await new Promise<void>((resolve) => listener.listen(0, "127.0.0.1", resolve));
  listenerUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/v1`;
});

afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

describe("resolveModelTarget", () => {
  test.each(["openai", "anthropic", "openai-compatible"])("keyed endpoint %s refuses a user-typed base URL", (endpoint) => {
    const endpoints = loadEndpoints(env);
    expect(() => resolveModelTarget({ endpoint, model: "m", baseUrl: listenerUrl }, endpoints, env)).toThrowError(
      expect.objectContaining({ field: "baseUrl" }),
    );
  });

  test("a keyed endpoint gets its key and its configured URL only", () => {
    const target = resolveModelTarget({ endpoint: "openai", model: "gpt-4o" }, loadEndpoints(env), env);
    expect(target).toMatchObject({ kind: "openai", baseUrl: "https://api.openai.com/v1", apiKey: CANARY, keyEnv: "OPENAI_API_KEY" });
  });

  test("keyless endpoints take an http(s) URL and never a key", () => {
    const endpoints = loadEndpoints(env);
    expect(resolveModelTarget({ endpoint: "mock", model: "m", baseUrl: `${listenerUrl}/` }, endpoints, env)).toEqual({
      endpoint: "mock", kind: "mock", baseUrl: listenerUrl,
    });
    expect(() => resolveModelTarget({ endpoint: "custom", model: "m", baseUrl: "file:///etc/passwd" }, endpoints, env)).toThrow(EndpointError);
  });

  test("the mock endpoint without a URL is the in-process scripted model: keyless, and a mock endpoint cannot be given a key", () => {
    expect(resolveModelTarget({ endpoint: "mock", model: "oracle" }, loadEndpoints(env), env)).toEqual({ endpoint: "mock", kind: "mock", baseUrl: IN_PROCESS_MOCK_URL });
    expect(summarizeEndpoints(loadEndpoints(env), env).find((entry) => entry.name === "mock")).toMatchObject({ keyed: false, inProcess: true });
    expect(summarizeEndpoints(loadEndpoints(env), env).find((entry) => entry.name === "custom")).toMatchObject({ inProcess: false });
    const dir = mkdtempSync(path.join(os.tmpdir(), "endpoints-"));
    const file = path.join(dir, "endpoints.json");
    writeFileSync(file, JSON.stringify({ endpoints: [{ name: "keyed-mock", kind: "mock", keyEnv: "OPENAI_API_KEY" }] }));
    expect(() => loadEndpoints({ ...env, WORKBENCH_ENDPOINTS_FILE: file })).toThrow(/endpoints\.0\.keyEnv: a mock endpoint is keyless/);
  });

  test("openai-compatible exists only with a configured base URL; unknown names are refused", () => {
    const { OPENAI_COMPATIBLE_BASE_URL: _unused, ...withoutUrl } = env;
    expect([...loadEndpoints(withoutUrl).keys()]).toEqual(["openai", "anthropic", "anthropic-openai", "custom", "mock"]);
    expect(() => resolveModelTarget({ endpoint: "openai-compatible", model: "m" }, loadEndpoints(withoutUrl), withoutUrl)).toThrowError(
      expect.objectContaining({ field: "endpoint" }),
    );
  });

  test("an endpoints file adds endpoints, enforces its model allow-list and is validated", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "endpoints-"));
    const file = path.join(dir, "endpoints.json");
    writeFileSync(file, JSON.stringify({ endpoints: [{ name: "router", kind: "openai-compatible", baseUrl: "https://router.example/v1", keyEnv: "ROUTER_KEY", models: ["a", "b"] }] }));
    const fileEnv = { ...env, WORKBENCH_ENDPOINTS_FILE: file, ROUTER_KEY: "k" };
    const endpoints = loadEndpoints(fileEnv);
    expect(resolveModelTarget({ endpoint: "router", model: "a" }, endpoints, fileEnv)).toMatchObject({ apiKey: "k", baseUrl: "https://router.example/v1" });
    expect(() => resolveModelTarget({ endpoint: "router", model: "c" }, endpoints, fileEnv)).toThrowError(expect.objectContaining({ field: "model" }));

    writeFileSync(file, JSON.stringify({ endpoints: [{ name: "custom", disabled: true }, { name: "mock", disabled: true }] }));
    expect([...loadEndpoints(fileEnv).keys()]).toEqual(["openai", "anthropic", "openai-compatible", "anthropic-openai"]);

    writeFileSync(file, JSON.stringify({ endpoints: [{ name: "bad", kind: "openai-compatible", keyEnv: "K", allowUserBaseUrl: true }] }));
    expect(() => loadEndpoints(fileEnv)).toThrow(/endpoints\.0\.allowUserBaseUrl: only keyless endpoints/);
  });

  test("the form's summary says whether a key is set, never the key", () => {
    const summary = summarizeEndpoints(loadEndpoints(env), { ...env, ANTHROPIC_API_KEY: undefined });
    expect(summary.find((entry) => entry.name === "openai")).toMatchObject({ keyed: true, hasKey: true });
    expect(summary.find((entry) => entry.name === "anthropic")).toMatchObject({ keyed: true, hasKey: false });
    expect(JSON.stringify(summary)).not.toContain(CANARY);
  });
});

describe("no key reaches a foreign server", () => {
  test("a keyless endpoint pointed at the listener sends no key", async () => {
    received.length = 0;
    const model = createModelForEndpoint({ endpoint: "mock", model: "m", baseUrl: listenerUrl, retry: { maxRetries: 0 } }, env);
    await expect(generateText({ model, prompt: "hi", maxRetries: 0 })).rejects.toThrow();
    expect(received.length).toBeGreaterThan(0); // the listener is reachable: the check below means something
    expect(JSON.stringify(received)).not.toContain(CANARY);
  });

  test("a keyed target whose URL were tampered with still cannot leave its base URL", async () => {
    const inner = async () => new Response("reached");
    const fetch = pinnedFetch("https://api.openai.com/v1", inner);
    await expect(fetch(`${listenerUrl}/chat/completions`)).rejects.toThrow(/outside/);
    await expect(fetch("https://api.openai.com.evil.example/v1/chat")).rejects.toThrow(/outside/);
    await expect((await fetch("https://api.openai.com/v1/chat/completions")).text()).resolves.toBe("reached");
  });

  test("createModel refuses a keyless openai/anthropic target (their SDKs would read the env key)", () => {
    expect(() => createModel({ target: { endpoint: "x", kind: "openai", baseUrl: listenerUrl }, model: "m" })).toThrow(/needs a key/);
  });
});
