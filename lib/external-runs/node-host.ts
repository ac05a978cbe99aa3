// Serves the external-agent API and the MCP endpoint on a bare Node HTTP server, outside Next: for
// tests and the benchmark (the web server mounts the same handlers under app/). Routes:
//   POST /api/runs/<id>/(claim|finish|turns)    ·    /mcp/<sessionId>
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { McpDeps } from "./deps";
import { handleMcpRequest } from "./http-handler";
import { handleClaim, handleFinish, handleTurns } from "./run-api";

export interface NodeHost {
  readonly url: string;
  close(): Promise<void>;
}

const RUN_ROUTE = /^\/api\/runs\/([^/]+)\/(claim|finish|turns)$/;
const MCP_ROUTE = /^\/mcp\/([^/]+)$/;

export async function hostExternalApi(deps: McpDeps, port = 0): Promise<NodeHost> {
  const server = createServer((req, res) => {
    void route(deps, req, res).catch((error: unknown) => {
      console.error("[mcp host]", error);
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: "Internal error" }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

async function route(deps: McpDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const request = await toWebRequest(req);
  const path = new URL(request.url).pathname;
  const run = RUN_ROUTE.exec(path);
  const mcp = MCP_ROUTE.exec(path);
  let response: Response;
  if (run && request.method === "POST") {
    const handler = run[2] === "claim" ? handleClaim : run[2] === "finish" ? handleFinish : handleTurns;
    response = await handler(deps, run[1] ?? "", request);
  } else if (mcp) {
    response = await handleMcpRequest(deps, mcp[1] ?? "", request);
  } else {
    response = Response.json({ error: "Not found" }, { status: 404 });
  }
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
}

async function toWebRequest(req: IncomingMessage): Promise<Request> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers = new Headers();
  for (const [key, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(key, value);
  const body = chunks.length > 0 && req.method !== "GET" && req.method !== "HEAD" ? Buffer.concat(chunks) : undefined;
  return new Request(`http://${req.headers.host ?? "127.0.0.1"}${req.url ?? "/"}`, { method: req.method, headers, body });
}
