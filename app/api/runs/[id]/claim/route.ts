// External agents: see lib/external-runs/run-api.ts.
import { getMcpDeps } from "@/lib/external-runs/deps";
import { handleClaim } from "@/lib/external-runs/run-api";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const { id } = await params;
  return handleClaim(await getMcpDeps(), id, request);
}
