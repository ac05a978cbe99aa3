import { describe, expect, test } from "vitest";
import type { Domain } from "../datasets/types";
import { missingSnapshots, studioGroundTruthOf, upstreamGroundTruthOf } from "./ground-truth-2026";

/**
 * The snapshots Studio holds, as lib/datasets/official-files.ts V2026_TASK_SNAPSHOTS lists them (the
 * email tasks two days older); written out because the engine's tests import nothing outside it.
 */
const V2026_TASK_SNAPSHOTS: Readonly<Record<Domain, string>> = {
  analytics: "v2026-05-19",
  calendar: "v2026-05-19",
  customer_relationship_manager: "v2026-05-19",
  email: "v2026-05-17",
  multi_domain: "v2026-05-19",
  project_management: "v2026-05-19",
};

describe("ground_truth_version of 2026 results", () => {
  test("a meta without it means upstream's current ground truth (metrics.py CURRENT_GROUND_TRUTH_VERSION)", () => {
    expect(upstreamGroundTruthOf({})).toBe("v2");
    expect(upstreamGroundTruthOf({ ground_truth_version: "v2026-05-19" })).toBe("v2026-05-19");
  });

  test("upstream's current tasks and v2026's snapshot are Studio's v2026; upstream's v1 snapshot is Studio's v1", () => {
    expect(studioGroundTruthOf("v2", "email", V2026_TASK_SNAPSHOTS)).toBe("v2026");
    expect(studioGroundTruthOf("v2026-05-17", "email", V2026_TASK_SNAPSHOTS)).toBe("v2026");
    expect(studioGroundTruthOf("v2026-05-19", "email", V2026_TASK_SNAPSHOTS)).toBeNull();
    expect(studioGroundTruthOf("v1", "analytics", V2026_TASK_SNAPSHOTS)).toBe("v1");
    expect(studioGroundTruthOf("v3", "analytics", V2026_TASK_SNAPSHOTS)).toBeNull();
  });

  test("only the snapshot each domain of v2026 was read from, the current one, or v1 is held", () => {
    const file = (domain: "email" | "analytics" | "multi_domain", version?: string) => ({
      file: `${domain}/m_domains_2026-05-19_16-02-27.csv.gz`,
      domain,
      meta: version === undefined ? {} : { ground_truth_version: version },
    });
    expect(missingSnapshots([file("email"), file("email", "v2"), file("email", "v2026-05-17"), file("analytics", "v2026-05-19")], V2026_TASK_SNAPSHOTS)).toEqual([]);
    expect(missingSnapshots([file("analytics", "v1"), file("email", "v1")], V2026_TASK_SNAPSHOTS)).toEqual([]);
    expect(missingSnapshots([file("email", "v2026-05-19"), file("multi_domain", "v2026-05-17"), file("analytics", "v1.5")], V2026_TASK_SNAPSHOTS)).toEqual([
      { file: "email/m_domains_2026-05-19_16-02-27.csv.gz", domain: "email", needs: "v2026-05-19", holds: "v2026-05-17" },
      { file: "multi_domain/m_domains_2026-05-19_16-02-27.csv.gz", domain: "multi_domain", needs: "v2026-05-17", holds: "v2026-05-19" },
      { file: "analytics/m_domains_2026-05-19_16-02-27.csv.gz", domain: "analytics", needs: "v1.5", holds: "v2026-05-19" },
    ]);
  });
});
