// The scripted model without a server: a fetch that the AI SDK's OpenAI-compatible client is given in
// place of the network's, answered by the same handler as the HTTP mock (handler.ts). The built-in
// `mock` endpoint uses it (lib/providers/models.ts), so a run on it needs no other process and no port.
// Nothing here opens a socket: a request this fetch is handed never leaves the process.
import { createMockHandler, type MockHandlerOptions, type MockStats } from "./handler";

type Fetch = typeof globalThis.fetch;

export interface InProcessMock {
  readonly fetch: Fetch;
  readonly stats: MockStats;
}

export function createInProcessMock(options: MockHandlerOptions = {}): InProcessMock {
  const handler = createMockHandler(options);
  const fetch: Fetch = async (input, init) => {
    const request = new Request(input, init);
    request.signal.throwIfAborted();
    const response = await handler.handle({
      method: request.method,
      path: new URL(request.url).pathname,
      authorization: request.headers.get("authorization") ?? undefined,
      body: () => request.text(),
      signal: request.signal,
    });
    // A client that gave up while the mock waited sees the abort, as it would from the network.
    request.signal.throwIfAborted();
    return new Response(response.body, { status: response.status, headers: { "content-type": response.contentType } });
  };
  return { fetch, stats: handler.stats };
}
