// Base URLs in each vendor's convention, and redirects from a configured endpoint, over real HTTP.
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { generateText } from "ai";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { apiBaseUrl, loadEndpoints, resolveModelTarget } from "./endpoints";
import { createModel } from "./models";
import { classifyProviderError } from "@/lib/workbench/agents/provider-errors";

const KEY = "sk-ant-base-url-test-0123456789";

interface Seen {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingHttpHeaders;
}

/** Answers POST /v1/messages as Anthropic's Messages API does; any other path is a 404, like the real one. */
let anthropic: Server;
let anthropicRoot: string;
const seen: Seen[] = [];

/** Answers every request with a redirect to `elsewhere`, which records anything that reaches it. */
let redirecting: Server;
let redirectingUrl: string;
let redirectStatus = 301;
let elsewhere: Server;
const reachedElsewhere: Seen[] = [];

function listen(server: Server): Promise<string> {
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)));
}

beforeAll(async () => {
  anthropic = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
      if (req.method !== "POST" || req.url !== "/v1/messages") {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ type: "error", error: { type: "not_found_error", message: "Not Found" } }));
        return;
      }
      const message = {
        id: "msg_test", type: "message", role: "assistant", model: "claude-haiku-4-5",
        content: [{ type: "text", text: "pong" }], stop_reason: "end_turn", stop_sequence: null,
        usage: { input_tokens: 3, output_tokens: 1 },
      };
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(message));
    });
  });
  anthropicRoot = await listen(anthropic);
  elsewhere = createServer((req, res) => {
    reachedElsewhere.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
    res.writeHead(200).end("{}");
  });
  const elsewhereUrl = await listen(elsewhere);
  redirecting = createServer((req, res) => {
    seen.push({ method: req.method ?? "", path: req.url ?? "", headers: req.headers });
    res.writeHead(redirectStatus, { location: `${elsewhereUrl}${req.url ?? "/"}` }).end();
  });
  redirectingUrl = await listen(redirecting);
});
afterEach(() => {
  seen.length = 0;
  reachedElsewhere.length = 0;
});
afterAll(async () => {
  for (const server of [anthropic, redirecting, elsewhere]) {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

function anthropicTarget(configured: string) {
  const env = { ANTHROPIC_API_KEY: KEY, ANTHROPIC_BASE_URL: configured, WORKBENCH_ENDPOINTS_FILE: "/nonexistent/endpoints.json" };
  return resolveModelTarget({ endpoint: "anthropic", model: "claude-haiku-4-5" }, loadEndpoints(env), env);
}

describe("ANTHROPIC_BASE_URL is the root, as Anthropic's SDKs read it", () => {
  test("the default is Anthropic's root, which reaches https://api.anthropic.com/v1/messages", () => {
    const env = { ANTHROPIC_API_KEY: KEY, WORKBENCH_ENDPOINTS_FILE: "/nonexistent/endpoints.json" };
    expect(loadEndpoints(env).get("anthropic")?.baseUrl).toBe("https://api.anthropic.com");
    expect(resolveModelTarget({ endpoint: "anthropic", model: "m" }, loadEndpoints(env), env).baseUrl).toBe("https://api.anthropic.com/v1");
  });

  test.each(["", "/", "/v1", "/v1/"])("root%s: the request is POST /v1/messages and succeeds", async (suffix) => {
    const target = anthropicTarget(`${anthropicRoot}${suffix}`);
    const result = await generateText({ model: createModel({ target, model: "claude-haiku-4-5", retry: { maxRetries: 0 } }), prompt: "ping", maxRetries: 0 });
    expect(result.text).toBe("pong");
    expect(seen.map((request) => `${request.method} ${request.path}`)).toEqual(["POST /v1/messages"]);
    expect(seen[0]?.headers["x-api-key"]).toBe(KEY);
  });

  test("a root under a path prefix (a gateway) keeps its prefix", () => {
    expect(apiBaseUrl("anthropic", "https://gateway.example/anthropic")).toBe("https://gateway.example/anthropic/v1");
    expect(apiBaseUrl("anthropic", "https://gateway.example/anthropic/v1/")).toBe("https://gateway.example/anthropic/v1");
  });

  test("OpenAI's convention is unchanged: its base URL includes /v1", () => {
    expect(apiBaseUrl("openai", "https://api.openai.com/v1/")).toBe("https://api.openai.com/v1");
    expect(apiBaseUrl("openai-compatible", "http://127.0.0.1:11434/v1")).toBe("http://127.0.0.1:11434/v1");
  });
});

describe("a redirect from a configured endpoint", () => {
  test.each([301, 302, 307, 308])("%i: refused at once, said plainly, not retried, the key not sent on", async (status) => {
    redirectStatus = status;
    const target = { endpoint: "openai", kind: "openai" as const, baseUrl: `${redirectingUrl}/v1`, apiKey: KEY, keyEnv: "OPENAI_API_KEY" };
    const model = createModel({ target, model: "gpt-4o", retry: { maxRetries: 4, baseDelayMs: 1, maxDelayMs: 5, requestTimeoutMs: 5_000 } });
    const failure = await generateText({ model, prompt: "ping", maxRetries: 0 }).catch((error: unknown) => error);
    const error = classifyProviderError(failure);
    expect(error).toMatchObject({ code: "redirect", status, retries: 0 });
    expect(error.message).toMatch(new RegExp(`^Redirect refused: ${redirectingUrl}/v1/chat/completions answered ${status} to http://127\\.0\\.0\\.1:\\d+/v1/chat/completions\\.`));
    expect(seen).toHaveLength(1);
    expect(reachedElsewhere).toEqual([]);
  });
});
