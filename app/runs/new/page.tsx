import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { LaunchForm } from "@/components/runs/launch-form";

export const metadata: Metadata = { title: "New run" };

export default function NewRunPage() {
  return (
    <>
      <PageHeader
        title="New run"
        description="Launch an agent over the WorkBench tasks. The run is queued at once and workers execute it; you land on its page and watch it progress."
      />
      <LaunchForm />
    </>
  );
}
