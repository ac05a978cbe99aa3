// A real HTTP server on 127.0.0.1 speaking the OpenAI Chat Completions API, for tests, benches and
// demos (scripts/mock-provider.ts): agents reach it through the ordinary AI SDK client
// (createModel({ target: { kind: "mock", baseUrl } })). The answers are the handler's (handler.ts), which
// the built-in `mock` endpoint also serves in-process (in-process.ts).
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createMockHandler, type MockHandlerOptions, type MockResponse, type MockStats } from "./handler";

export interface MockProviderOptions extends MockHandlerOptions {
  readonly port?: number;
}

export interface MockProvider {
  /** Base URL for OpenAI-compatible clients, ending in /v1. */
  readonly url: string;
  readonly stats: MockStats;
  close(): Promise<void>;
}

export async function startMockProvider(options: MockProviderOptions = {}): Promise<MockProvider> {
  const handler = createMockHandler(options);
  const server = createServer((req, res) => {
    // The client hung up before the answer went out: a hang or a latency wait stops waiting. (Once
    // the answer is out there is nothing to stop; aborting anyway costs a DOMException per request,
    // which the runs bench counts, as the mock runs in its process.)
    const gone = new AbortController();
    res.once("close", () => {
      if (!res.writableFinished) gone.abort();
    });
    handler
      .handle({ method: req.method ?? "GET", path: (req.url ?? "").split("?")[0] ?? "", authorization: req.headers.authorization, body: () => readBody(req), signal: gone.signal })
      .then((response) => send(res, response))
      .catch((error: unknown) => send(res, { status: 500, contentType: "application/json", body: JSON.stringify({ error: { message: `Mock failure: ${String(error)}` } }) }));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    stats: handler.stats,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function send(res: ServerResponse, response: MockResponse): void {
  if (res.headersSent || res.destroyed) return; // the client is gone: nobody to answer
  const headers = response.contentType === "text/event-stream" ? { "content-type": response.contentType, "cache-control": "no-cache" } : { "content-type": response.contentType };
  res.writeHead(response.status, headers);
  res.end(response.body);
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}
