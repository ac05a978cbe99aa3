import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { ButtonLink } from "@/components/ui/button";
import { LaunchForm } from "@/components/runs/launch-form";
import { ReliabilityPresetForm } from "@/components/runs/reliability-preset-form";
import { currentUser, signInConfigured } from "@/lib/auth";
import { listLaunchDatasets } from "@/lib/queries/datasets";
import { loadEndpoints, summarizeEndpoints } from "@/lib/providers";
import { PROTOCOL_IDS, PROTOCOLS } from "@/lib/workbench/protocols";

export const metadata: Metadata = { title: "New run" };

/** `?preset=reliability`: the reliability preset (four runs measuring the whole profile) instead of one run. */
export default async function NewRunPage({ searchParams }: { searchParams: Promise<{ preset?: string | string[] }> }) {
  const preset = (await searchParams).preset === "reliability";
  // Names, kinds and whether a key is set: never the key itself.
  const endpoints = summarizeEndpoints(loadEndpoints());
  // Plain data for the client: the protocols' names, ground truths and revisions (not their code).
  const protocols = PROTOCOL_IDS.map((id) => {
    const { label, defaultGroundTruth, revisions } = PROTOCOLS[id];
    return { id, label, defaultGroundTruth, revisions: revisions.map((revision) => ({ id: revision.id, label: revision.label })) };
  });
  const datasets = await listLaunchDatasets();
  // Said at the top of the form, before anything is submitted (the server refuses the launch anyway).
  const signInRequired = signInConfigured() && !(await currentUser());
  return (
    <>
      <PageHeader
        title="New run"
        description="Launch an agent over the WorkBench tasks. The run is queued at once and workers execute it; you land on its page and watch it progress."
        actions={
          <>
            {preset ? (
              <ButtonLink href="/runs/new" variant="secondary" size="sm" data-testid="single-run-link">
                One run…
              </ButtonLink>
            ) : (
              <ButtonLink href="/runs/new?preset=reliability" variant="secondary" size="sm" data-testid="reliability-preset-link">
                Reliability preset…
              </ButtonLink>
            )}
            <ButtonLink href="/sweeps/new" variant="secondary" size="sm" data-testid="new-sweep-link">
              Launch a sweep…
            </ButtonLink>
          </>
        }
      />
      {preset ? (
        <ReliabilityPresetForm endpoints={endpoints} datasets={datasets} />
      ) : (
        <LaunchForm endpoints={endpoints} datasets={datasets} protocols={protocols} signInRequired={signInRequired} />
      )}
    </>
  );
}
