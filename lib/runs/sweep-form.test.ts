import { describe, expect, test } from "vitest";
import { parseSweepForm } from "./sweep-form";
import { sweepRequestSchema } from "./sweep";

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
}

describe("parseSweepForm", () => {
  test("agents one per line, fault rates deduplicated and sorted, shared settings with their defaults", () => {
    const parsed = parseSweepForm(form({ agents: "oracle\n tools@mock/oracle \n", faultRates: "0.2, 0 0.1,0.1", limit: "12" }));
    expect(parsed).toMatchObject({
      ok: true,
      sweep: { variants: [{ agent: "oracle" }, { agent: "tools", endpoint: "mock", model: "oracle" }], faultRates: [0, 0.1, 0.2] },
      base: { dataset: "workbench", limit: 12, trials: 1, faultSeed: 1, sample: "stratified" },
    });
  });

  test("rate 0 joins the grid unless the clean run is unticked; fault shares are read from their three fields", () => {
    const withClean = parseSweepForm(form({ agents: "oracle", faultRates: "0.2", cleanShown: "1", clean: "1", faultShareTransient: "2", faultShareMalformed: "0" }));
    expect(withClean).toMatchObject({ ok: true, sweep: { faultRates: [0, 0.2] }, base: { faultShares: { transient: 2, ambiguous: 1, malformed: 0 } } });
    // The checkbox unticked sends nothing for "clean": only the faulted rates, and launchSweep is told so.
    const without = parseSweepForm(form({ agents: "oracle", faultRates: "0.2", cleanShown: "1" }));
    expect(without).toMatchObject({ ok: true, sweep: { faultRates: [0.2], clean: false } });
    expect(sweepRequestSchema.parse(without.ok ? without.sweep : {}).faultRates).toEqual([0.2]);
    // Shares leaving writes without a kind are refused beside the shares.
    const refused = parseSweepForm(form({ agents: "oracle", faultRates: "0.2", faultShareTransient: "0", faultShareAmbiguous: "0" }));
    expect(refused.ok ? {} : refused.fieldErrors).toMatchObject({ faultShares: [expect.stringMatching(/^Writes need a fault kind/)] });
  });

  test("phrasings: the ticked boxes, in PHRASINGS order; none ticked is refused beside them; a form without them runs the tasks as written", () => {
    const data = form({ agents: "oracle", faultRates: "0", phrasingsShown: "1" });
    data.append("phrasings", "alt-2");
    data.append("phrasings", "original");
    expect(parseSweepForm(data)).toMatchObject({ ok: true, sweep: { phrasings: ["original", "alt-2"] } });
    const none = parseSweepForm(form({ agents: "oracle", faultRates: "0", phrasingsShown: "1" }));
    expect(none.ok ? {} : none.fieldErrors).toEqual({ phrasings: ["At least one phrasing"] });
    expect(parseSweepForm(form({ agents: "oracle", faultRates: "0" }))).toMatchObject({ ok: true, sweep: { phrasings: ["original"] } });
    const odd = form({ agents: "oracle", faultRates: "0", phrasingsShown: "1" });
    odd.append("phrasings", "alt-7");
    expect(parseSweepForm(odd).ok).toBe(false);
  });

  test("every invalid field is reported at once", () => {
    const parsed = parseSweepForm(form({ agents: "wizard\ntools@mock", faultRates: "0.1, 0.9, x", limit: "0", trials: "99" }));
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.fieldErrors).sort()).toEqual(["agents", "faultRates", "limit", "trials"]);
    expect(parsed.fieldErrors.agents?.join(" ")).toMatch(/"wizard": not an agent.*tools@mock/);
  });

  test("no agent, no fault rate: both fields say so", () => {
    const parsed = parseSweepForm(form({}));
    expect(parsed.ok ? {} : parsed.fieldErrors).toMatchObject({ agents: ["At least one agent"], faultRates: ["At least one fault rate"] });
  });
});
