import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Card, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { ConfigTable } from "@/components/leaderboard/config-table";
import { configKeyParam } from "@/lib/metrics/config-leaderboard";
import { getConfiguration, resolveConfigParam } from "@/lib/queries/config-leaderboard";
import { PrimaryCausesCard } from "@/components/runs/primary-causes-card";
import { NoiseCard } from "@/components/leaderboard/noise-card";

export const metadata: Metadata = { title: "Configuration" };

/** One agent configuration: its figures (partial runs included) and the runs pooled into it. */
export default async function ConfigurationPage({ params }: { params: Promise<{ key: string }> }) {
  const key = await resolveConfigParam((await params).key);
  if (!key) notFound();
  const configuration = await getConfiguration(key);
  if (!configuration) notFound();
  const { row, domains, runs, causes } = configuration;
  return (
    <>
      <PageHeader
        eyebrow={<Link href="/leaderboard" className="hover:text-ink">← Leaderboard</Link>}
        title={<span data-testid="configuration-title">{row.label}</span>}
        description={`${row.agent} agent · ${row.toolSet} tools · ${row.dataset} ${row.groundTruth}${row.protocol ? ` · ${row.protocol}` : ""}${row.provider ? ` · ${row.provider}` : ""}`}
      />
      <div className="space-y-6">
        <Card>
          <ConfigTable rows={[row]} domains={domains} sort="passAt1" direction="desc" sortHref={() => "/leaderboard"} />
        </Card>
        <NoiseCard noise={row.noise ?? null} />
        <PrimaryCausesCard wrong={causes.wrong} causes={causes.causes} />
        <p className="text-sm">
          <Link href={`/leaderboard/configurations/${configKeyParam(key)}/reliability`} className="text-accent" data-testid="reliability-link">
            Reliability profile →
          </Link>{" "}
          <span className="text-muted">safety by severity, consistency over trials, robustness to faults</span>
        </p>
        <Card data-testid="configuration-runs">
          <CardHeader title={`${runs.length} run${runs.length === 1 ? "" : "s"}`} description="Pooled into the figures above; open one for its results, or export them." />
          <ul className="divide-y divide-line text-sm">
            {runs.map(({ id, name }) => (
              <li key={id} className="flex flex-wrap items-center justify-between gap-2 px-5 py-2">
                <Link href={`/runs/${id}`} className="text-accent" data-testid="configuration-run">
                  {name}
                </Link>
                <span className="space-x-3 text-xs">
                  <a href={`/runs/${id}/export?format=csv`} className="text-accent">CSV</a>
                  <a href={`/runs/${id}/export?format=json`} className="text-accent">JSON</a>
                  <a href={`/runs/${id}/export?format=inspect`} className="text-accent">Inspect log</a>
                </span>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
