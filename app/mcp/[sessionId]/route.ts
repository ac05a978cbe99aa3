// MCP (Streamable HTTP) for one external agent's task session: /mcp/<sessionId>, Bearer <session token>.
import { getMcpDeps } from "@/lib/external-runs/deps";
import { handleMcpRequest } from "@/lib/external-runs/http-handler";

export const dynamic = "force-dynamic";

async function handle(request: Request, { params }: { params: Promise<{ sessionId: string }> }): Promise<Response> {
  const { sessionId } = await params;
  return handleMcpRequest(await getMcpDeps(), sessionId, request);
}

export { handle as POST, handle as GET, handle as DELETE };
