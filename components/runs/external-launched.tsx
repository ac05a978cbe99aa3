// Shown once after launching an external run: the agent token (only its hash is stored, so it cannot
// be shown again) and the commands that run the reference agent against the run.
import Link from "next/link";
import { Card, CardBody, CardHeader } from "@/components/ui/card";

export function ExternalLaunched({ runId, agentToken }: { runId: string; agentToken: string }) {
  const studio = typeof window === "undefined" ? "http://localhost:3000" : window.location.origin;
  const commands = [
    "npx tsx scripts/mock-provider.ts --port 4010 --behaviour oracle   # or any OpenAI-compatible model",
    `npx tsx examples/external-agent/agent.ts --studio ${studio} --run ${runId} --token ${agentToken}`,
  ].join("\n");
  return (
    <Card data-testid="external-launched">
      <CardHeader title="External run launched" description="Copy the agent token now: it is shown only once." />
      <CardBody className="space-y-3 text-sm">
        <p>
          Agent token: <code className="break-all rounded bg-canvas px-1" data-testid="agent-token">{agentToken}</code>
        </p>
        <p>Run id: <code data-testid="external-run-id">{runId}</code></p>
        <pre className="overflow-x-auto rounded bg-canvas p-3 text-xs">{commands}</pre>
        <p>
          Agents claim tasks with <code>POST /api/runs/{runId}/claim</code> (Bearer agent token) and reach each task&apos;s sandbox over MCP.{" "}
          <Link href={`/runs/${runId}`} className="text-accent underline" data-testid="external-run-link">
            Watch the run
          </Link>
        </p>
      </CardBody>
    </Card>
  );
}
