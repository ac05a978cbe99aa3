import { Suspense } from "react";
import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { ConfigBoard } from "@/components/leaderboard/config-board";
import { PanelSkeleton } from "@/components/runs/panel-skeleton";
import { parseConfigSearch } from "@/lib/metrics/config-search";

export const metadata: Metadata = { title: "Leaderboard" };

/**
 * The leaderboard: one row per agent configuration (which agent, at what cost, with what risk);
 * /leaderboard/runs ranks individual runs.
 */
export default async function LeaderboardPage({ searchParams }: { searchParams: Promise<Record<string, string | string[]>> }) {
  const search = parseConfigSearch(await searchParams);
  return (
    <>
      <PageHeader
        title="Leaderboard"
        description={
          <>
            Model × agent × tool set × protocol, on one dataset at a time (the official WorkBench if it has runs, else the first that has, unless another is chosen), with
            trials and repeated runs pooled. Reference agents (oracle, noop) are listed apart, never ranked. Runs that cover
            only part of the benchmark are left out unless asked for. <Link href="/leaderboard/runs" className="text-accent" data-testid="rank-runs-link">Rank individual runs →</Link>{" "}
            <Link href="/leaderboard/robustness" className="text-accent" data-testid="robustness-link">Robustness under faults →</Link>{" "}
            <Link href="/leaderboard/item-bank" className="text-accent" data-testid="item-bank-link">Item bank →</Link>{" "}
            <Link href="/paper" className="text-accent" data-testid="paper-link">Reproduce the paper →</Link>
          </>
        }
      />
      <Suspense key={JSON.stringify(search)} fallback={<PanelSkeleton rows={10} />}>
        <ConfigBoard search={search} />
      </Suspense>
    </>
  );
}
