// External agents: see lib/mcp/run-api.ts.
import { getMcpDeps } from "@/lib/mcp/deps";
import { handleTurns } from "@/lib/mcp/run-api";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return handleTurns(await getMcpDeps(), id, request);
}
