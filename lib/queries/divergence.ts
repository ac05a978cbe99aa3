// The first divergent step of a stored result: the sandbox of its ground-truth version (cached per
// version and content hash, a few hundred rows), the task's ground-truth calls and the agent's tool
// steps, handed to the engine's firstDivergence.
import { injectedFault } from "@/lib/traces/build-trace";
import { faultStoppedCall } from "@/lib/workbench/tools/faults";
import "server-only";
import { prisma } from "@/lib/db";
import { rowsToSandbox } from "@/lib/datasets/sandbox-rows";
import { firstDivergence, type AgentCall, type Divergence } from "@/lib/workbench/analysis/first-divergence";
import type { SandboxData } from "@/lib/workbench/sandbox/types";
import { getProtocol, isProtocolId } from "@/lib/workbench/protocols";

const sandboxes = new Map<string, Promise<SandboxData>>();

async function sandboxFor(versionId: string): Promise<SandboxData | null> {
  const version = await prisma.groundTruthVersion.findUnique({ where: { id: versionId }, select: { contentHash: true, sandboxColumns: true } });
  if (!version) return null;
  const cacheKey = `${versionId}:${version.contentHash}`;
  let sandbox = sandboxes.get(cacheKey);
  if (!sandbox) {
    sandbox = prisma.sandboxRow
      .findMany({ where: { versionId }, select: { table: true, position: true, data: true } })
      .then((rows) => rowsToSandbox(rows, version.sandboxColumns));
    sandbox.catch(() => sandboxes.delete(cacheKey));
    sandboxes.set(cacheKey, sandbox);
  }
  return sandbox;
}

interface DivergenceSource {
  readonly runId: string;
  readonly calls: readonly string[];
  readonly task: { readonly versionId: string; readonly groundTruth: readonly string[] };
  readonly steps: readonly { readonly index: number; readonly kind: string; readonly call: string | null; readonly fault?: unknown }[];
}

/**
 * The agent's calls with their steps; results without stored steps fall back to their call list. A call
 * an injected transient fault stopped never ran (the scorer does not replay it either), so it is left out.
 */
export function agentCallsOf(result: DivergenceSource): { calls: AgentCall[]; lastStep: number | null } {
  const toolSteps = result.steps.filter((step) => step.kind === "tool" && step.call && !faultStoppedCall(injectedFault(step.fault)));
  const lastStep = result.steps.at(-1)?.index ?? null;
  if (toolSteps.length === 0 && result.calls.length > 0) return { calls: result.calls.map((call) => ({ step: null, call })), lastStep };
  return { calls: toolSteps.map((step) => ({ step: step.index, call: step.call ?? "" })), lastStep };
}

/**
 * null when the sandbox of the task's version is gone (nothing to replay on). Both sides replay under
 * the run's protocol: its tools and its call-string parser (2024 or 2026).
 */
export async function divergenceOf(result: DivergenceSource): Promise<Divergence | null> {
  const [data, run] = await Promise.all([
    sandboxFor(result.task.versionId),
    prisma.run.findUnique({ where: { id: result.runId }, select: { protocol: true } }),
  ]);
  if (!data) return null;
  const protocol = getProtocol(isProtocolId(run?.protocol) ? run.protocol : "2024");
  return firstDivergence(
    { data, groundTruth: result.task.groundTruth, ...agentCallsOf(result) },
    (sandbox, call) => protocol.tools.execute(sandbox, call),
    (raw) => protocol.parseCall(raw),
  );
}
