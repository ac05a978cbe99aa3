import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PageHeader } from "@/components/ui/page-header";
import { ReliabilityCard } from "@/components/leaderboard/reliability-card";
import { configKeyParam } from "@/lib/metrics/config-leaderboard";
import { getConfiguration, resolveConfigParam } from "@/lib/queries/config-leaderboard";

export const metadata: Metadata = { title: "Reliability profile" };

/**
 * A configuration's reliability profile (docs/reliability-profile.md). Its own page: reading every stored
 * answer's diff against the initial sandbox costs far more than the configuration page's figures, so that
 * page links here instead of computing it on every view.
 */
export default async function ReliabilityPage({ params }: { params: Promise<{ key: string }> }) {
  const key = await resolveConfigParam((await params).key);
  if (!key) notFound();
  const configuration = await getConfiguration(key);
  if (!configuration) notFound();
  const { row } = configuration;
  return (
    <>
      <PageHeader
        eyebrow={<Link href={`/leaderboard/configurations/${configKeyParam(key)}`} className="hover:text-ink">← Configuration</Link>}
        title={<span data-testid="reliability-title">Reliability · {row.label}</span>}
        description={`${row.agent} agent · ${row.toolSet} tools · ${row.dataset} ${row.groundTruth}: consistency over trials, robustness to paraphrase, safety by severity, predictability and robustness to faults, each from the runs stored for it.`}
      />
      <ReliabilityCard configKey={key} />
    </>
  );
}
