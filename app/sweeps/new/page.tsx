import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { SweepForm } from "@/components/runs/sweep-form";
import { listLaunchDatasets } from "@/lib/queries/datasets";

export const metadata: Metadata = { title: "New sweep" };

export default async function NewSweepPage() {
  return (
    <>
      <PageHeader
        title="New sweep"
        description="A grid of runs in one launch: agents × injected fault rates, to draw how accuracy falls as the tools fail (docs/robustness.md)."
      />
      <SweepForm datasets={await listLaunchDatasets()} />
    </>
  );
}
