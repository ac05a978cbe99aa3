"use client";
// The launch form's scoring choice (ground truth, protocol, scoring revision) and the workbench-2026
// harness flags. The protocol follows the ground truth (v1 → 2024, v2026 → 2026) until the user picks
// another; the revision list is the chosen protocol's, its latest selected. The server checks the
// combination again (lib/runs/launch.ts) and answers a bad one beside the revision field.
import { useState } from "react";
import { GROUND_TRUTH_VERSIONS } from "@/lib/workbench/datasets/types";
import { HARNESS_2026_DEFAULTS } from "@/lib/settings/launch-options";
import { FormField, inputClasses } from "./form-field";

/** What the form needs of a protocol (lib/workbench/protocols PROTOCOLS, passed from the server page). */
export interface ProtocolOption {
  readonly id: string;
  readonly label: string;
  readonly defaultGroundTruth: string;
  /** Oldest first; the last is the default. */
  readonly revisions: readonly { readonly id: string; readonly label: string }[];
}

type Errors = (name: string) => readonly string[] | undefined;

function protocolFor(protocols: readonly ProtocolOption[], groundTruth: string): string {
  return protocols.find((protocol) => protocol.defaultGroundTruth === groundTruth)?.id ?? protocols[0]?.id ?? "";
}

export function ScoringFields({ protocols, values, errors }: { protocols: readonly ProtocolOption[]; values: Record<string, string>; errors: Errors }) {
  const [groundTruth, setGroundTruth] = useState(values.groundTruth ?? "v1");
  const [protocolId, setProtocolId] = useState(values.protocol ?? protocolFor(protocols, groundTruth));
  const protocol = protocols.find((candidate) => candidate.id === protocolId);
  const revisions = protocol?.revisions ?? [];
  const submittedRevision = values.protocol === protocolId ? values.scoringRevision : undefined;
  const revision = submittedRevision ?? revisions.at(-1)?.id ?? "";
  return (
    <>
      <FormField name="groundTruth" label="Ground truth" errors={errors("groundTruth")}>
        <select
          id="groundTruth"
          name="groundTruth"
          className={inputClasses}
          value={groundTruth}
          onChange={(event) => {
            setGroundTruth(event.target.value);
            setProtocolId(protocolFor(protocols, event.target.value));
          }}
        >
          {GROUND_TRUTH_VERSIONS.map((version) => (
            <option key={version} value={version}>
              {version}
            </option>
          ))}
        </select>
      </FormField>
      <FormField name="protocol" label="Protocol" errors={errors("protocol")} hint="Tools, call parsing and scoring (default: the ground truth's own)">
        <select id="protocol" name="protocol" className={inputClasses} value={protocolId} onChange={(event) => setProtocolId(event.target.value)} aria-invalid={errors("protocol") ? true : undefined}>
          {protocols.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </FormField>
      {/* Remounted per protocol so the default is that protocol's latest revision. */}
      <FormField name="scoringRevision" label="Scoring revision" errors={errors("scoringRevision")} hint="Default: the latest">
        <select key={protocolId} id="scoringRevision" name="scoringRevision" className={inputClasses} defaultValue={revision} aria-invalid={errors("scoringRevision") ? true : undefined}>
          {revisions.map((option) => (
            <option key={option.id} value={option.id}>
              {option.label}
            </option>
          ))}
        </select>
      </FormField>
    </>
  );
}

/** upstream inference.py's flags; both on as in the published 2026 runs. Shown (and sent) for workbench-2026 only. */
export function Harness2026Fields({ values, errors }: { values: Record<string, string>; errors: Errors }) {
  return (
    <>
      <FormField name="structuredOutputs" label="Structured outputs" errors={errors("harness2026")} hint="on: native tool calls; off: the ReAct text loop">
        <select id="structuredOutputs" name="structuredOutputs" className={inputClasses} defaultValue={values.structuredOutputs ?? String(HARNESS_2026_DEFAULTS.structuredOutputs)}>
          <option value="true">on</option>
          <option value="false">off</option>
        </select>
      </FormField>
      <FormField name="actWithoutConfirmation" label="Act without confirmation" hint="on: the prompt says not to ask before acting">
        <select id="actWithoutConfirmation" name="actWithoutConfirmation" className={inputClasses} defaultValue={values.actWithoutConfirmation ?? String(HARNESS_2026_DEFAULTS.actWithoutConfirmation)}>
          <option value="true">on</option>
          <option value="false">off</option>
        </select>
      </FormField>
    </>
  );
}
