// External agents: see lib/mcp/run-api.ts.
import { getMcpDeps } from "@/lib/mcp/deps";
import { handleClaim } from "@/lib/mcp/run-api";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return handleClaim(await getMcpDeps(), id, request);
}
