import { describe, expect, test } from "vitest";
import { defaultRevision, getProtocol, PROTOCOLS, resolveScoringConfig, ScoringConfigError } from ".";

describe("resolveScoringConfig", () => {
  test.each([
    [{}, { protocol: "2024", groundTruth: "v1", revision: "2024" }],
    [{ groundTruth: "v2026" }, { protocol: "2026", groundTruth: "v2026", revision: "2026-07" }],
    [{ groundTruth: "v1", protocol: "2026" }, { protocol: "2026", groundTruth: "v1", revision: "2026-07" }],
    [{ protocol: "2026", revision: "2026-06" }, { protocol: "2026", groundTruth: "v2026", revision: "2026-06" }],
    [{ protocol: "2024", groundTruth: "v2026" }, { protocol: "2024", groundTruth: "v2026", revision: "2024" }],
  ])("%o → %o", (input, expected) => {
    expect(resolveScoringConfig(input)).toEqual(expected);
  });

  test.each([
    [{ protocol: "2025" }, /protocol must be one of 2024, 2026 \(got 2025\)/],
    [{ groundTruth: "v3" }, /ground truth must be one of v1, v2026 \(got v3\)/],
    [{ protocol: "2024", revision: "2026-07" }, /protocol 2024 has revisions 2024 \(got 2026-07\)/],
    [{ groundTruth: "v2026", revision: "2026-08" }, /protocol 2026 has revisions 2026-06, 2026-07 \(got 2026-08\)/],
  ])("rejects %o with a clear message", (input, message) => {
    expect(() => resolveScoringConfig(input)).toThrow(ScoringConfigError);
    expect(() => resolveScoringConfig(input)).toThrow(message);
  });
});

test("the latest revision is the default", () => {
  expect(defaultRevision("2024")).toBe("2024");
  expect(defaultRevision("2026")).toBe("2026-07");
});

test("protocols differ only as data: rules, dialect and tool rules", () => {
  const [p2024, p2026] = [getProtocol("2024"), getProtocol("2026")];
  expect(p2024.tools.rules.protocol).toBe("2024");
  expect(p2026.tools.rules.protocol).toBe("2026");
  expect(p2024.scoringRules("2024")).toMatchObject({ stateComparison: "ordered", failedCallFailsState: false });
  expect(p2026.scoringRules("2026-06")).toMatchObject({ stateComparison: "unordered", failedCallFailsState: true, callTextRewrites: [] });
  expect(p2026.scoringRules("2026-07").callTextRewrites).toEqual([
    { callPrefix: "analytics.create_plot", find: 'time_max="2023-11-30"', replaceWith: 'time_max="2023-11-29"' },
  ]);
  expect(() => p2026.scoringRules("2024")).toThrow(/no scoring revision 2024/);
  expect(Object.keys(PROTOCOLS)).toEqual(["2024", "2026"]);
});

test("a live agent runs a protocol's tools by name, with that protocol's observations", async () => {
  const { createSandbox } = await import("../sandbox/sandbox");
  const { fixtureSandboxData } = await import("../test-support/fixture-sandbox");
  const call = { tool: "calendar.get_event_information_by_id", args: { event_id: "00000013", field: "duration" }, raw: "" };
  const observe = (id: "2024" | "2026") => {
    const outcome = getProtocol(id).tools.execute(createSandbox(fixtureSandboxData()), call);
    return outcome.observation;
  };
  expect(observe("2024")).toBe("{'duration': '90'}");
  expect(observe("2026")).toBe('{"duration": "90"}');
});

test("2026 records call strings with escaped values, which parse back (actions.py:18-24); 2024's break on a quote", () => {
  const args = { recipient: "a@b.co", subject: 'Say "hi"', body: "line 1\nline 2 \\ end" };
  const written = getProtocol("2026").formatCall("email.send_email", args);
  expect(written).toBe('email.send_email.func(recipient="a@b.co", subject="Say \\"hi\\"", body="line 1\\nline 2 \\\\ end")');
  const parsed = getProtocol("2026").parseCall(written);
  expect(parsed.ok && parsed.call.args).toEqual(args);
  expect(getProtocol("2024").formatCall("email.send_email", args)).toBe(`email.send_email.func(recipient="a@b.co", subject="Say "hi"", body="line 1\nline 2 \\ end")`);
  expect(getProtocol("2024").parseCall(getProtocol("2024").formatCall("email.send_email", args)).ok).toBe(false);
});
