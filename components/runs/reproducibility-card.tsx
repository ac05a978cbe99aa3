import { Card, CardHeader } from "@/components/ui/card";
import type { RunDetail } from "@/lib/queries/runs";
import { formatDate } from "@/lib/metrics/format";
import { MODEL_AGENTS } from "@/lib/settings/launch-options";

function paramText(value: unknown): string {
  if (value === null || value === undefined) return "–";
  if (Array.isArray(value)) return value.length === 0 ? "all" : value.join(", ");
  return typeof value === "object" ? JSON.stringify(value) : String(value);
}

function budgetText(run: RunDetail): string {
  const parts = [run.budgetUsd !== null ? `$${run.budgetUsd}` : null, run.budgetTokens !== null ? `${run.budgetTokens} tokens` : null];
  return parts.filter(Boolean).join(" / ") || "none";
}

/** Everything needed to rerun this run the same way. */
export function ReproducibilityCard({ run }: { run: RunDetail }) {
  const params = typeof run.params === "object" && run.params !== null && !Array.isArray(run.params) ? run.params : {};
  const dataset = `${run.dataset.name} (${run.dataset.slug}${run.dataset.kind === "generated" ? `, generated, seed ${run.dataset.seed ?? "?"}` : ""})`;
  const groundTruth = run.version
    ? `${run.groundTruth} r${run.version.revision}${run.version.supersededAt ? " (superseded by a later import)" : ""}`
    : `${run.groundTruth} (revision not recorded)`;
  const entries: [string, string][] = [
    ["Dataset", dataset],
    ["Ground truth", groundTruth],
    ["Ground-truth files", run.version ? run.version.contentHash.slice(0, 12) : "–"],
    ["Protocol", run.protocol],
    ["Scoring revision", run.scoringRevision ?? "unrevised"],
    ["Agent", run.agent],
    ["Endpoint", run.endpoint ?? "–"],
    ["Provider", run.provider ?? "–"],
    ["Model", run.model ?? "–"],
    ["Base URL", run.baseUrl ?? "–"],
    ["Tool set", run.toolSet],
    ["Budget", budgetText(run)],
    ["Trials", String(run.trials)],
    ["Concurrency", String(run.concurrency)],
    ...Object.entries(params)
      // Columns (older runs also kept them here); the confidence turn has its own line below.
      .filter(([key]) => !["trials", "concurrency", "askConfidence"].includes(key))
      .map(([key, value]): [string, unknown] => (key === "priceUnknown" ? ["price", "unknown: only the token budget applies"] : [key, value]))
      .map(([key, value]): [string, string] => [key, paramText(value)]),
    // Stored only when on (params.askConfidence); a run of a model agent without it was not asked.
    ...(params.askConfidence === true || MODEL_AGENTS.includes(run.agent)
      ? [["Confidence turn", params.askConfidence === true ? "on: asked after each final answer" : "off"] as [string, string]]
      : []),
    ["Prompt hash", run.promptHash ? run.promptHash.slice(0, 12) : "–"],
    ["App revision", run.appRevision ? run.appRevision.slice(0, 12) : "–"],
    ["Import file", run.importFile ?? "–"],
    ["Created", formatDate(run.createdAt)],
  ];
  return (
    <Card data-testid="reproducibility">
      <CardHeader title="Reproducibility" description="Parameters this run was launched with." />
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 px-5 py-4 text-sm sm:grid-cols-3 lg:grid-cols-4">
        {entries.map(([key, value]) => (
          <div key={key} className="min-w-0">
            <dt className="text-xs text-muted">{key}</dt>
            <dd className="truncate font-mono text-xs text-ink" title={value} data-testid={`repro-${key.toLowerCase().replace(/[^a-z]+/g, "-")}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}
