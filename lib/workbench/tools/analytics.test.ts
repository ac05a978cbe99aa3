import { describe, expect, test } from "vitest";
import { createSandbox, type SandboxHandle } from "../sandbox/sandbox";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { executeCall } from ".";

const fresh = () => createSandbox(fixtureSandboxData());
const run = (sandbox: SandboxHandle, tool: string, args: Record<string, string>) =>
  executeCall(sandbox, { tool: `analytics.${tool}`, args, raw: tool });
const observe = (tool: string, args: Record<string, string>, sandbox = fresh()) => run(sandbox, tool, args).observation;

const PLOT = { time_min: "2023-11-01", time_max: "2023-11-30", value_to_plot: "visits_direct", plot_type: "bar" };
const BAD_VALUE =
  "Value to plot must be one of 'total_visits', 'session_duration_seconds', 'user_engaged', 'direct', 'referral', 'search engine', 'social media'";

describe("analytics.create_plot", () => {
  test.each([
    [{ ...PLOT, time_min: "" }, "Start date not provided."],
    [{ ...PLOT, time_max: "" }, "End date not provided."],
    // The trap: the documented short names are rejected.
    [{ ...PLOT, value_to_plot: "direct" }, BAD_VALUE],
    [{ ...PLOT, value_to_plot: "search engine" }, BAD_VALUE],
    [{ ...PLOT, value_to_plot: "page_views" }, BAD_VALUE],
    [{ ...PLOT, plot_type: "pie" }, "Plot type must be one of 'bar', 'line', 'scatter', or 'histogram'"],
    [{ ...PLOT, time_min: "yesterday" }, "plots/yesterday_2023-11-30_visits_direct_bar.png"],
    [PLOT, "plots/2023-11-01_2023-11-30_visits_direct_bar.png"],
  ])("%j → %s", (args, expected) => {
    expect(observe("create_plot", args)).toBe(expected);
  });

  test("appends every plot, duplicates included, and nothing on validation failure", () => {
    const sandbox = fresh();
    observe("create_plot", PLOT, sandbox);
    observe("create_plot", { ...PLOT, plot_type: "pie" }, sandbox);
    observe("create_plot", PLOT, sandbox);
    expect(sandbox.state.plots.rows.map((row) => [row.label, row.values.file_path])).toEqual([
      [0, "plots/2023-11-01_2023-11-30_visits_direct_bar.png"],
      [1, "plots/2023-11-01_2023-11-30_visits_direct_bar.png"],
    ]);
  });
});

describe("analytics read-only tools", () => {
  test.each([
    ["total_visits_count", {}, "{'2023-11-01': 2, '2023-11-02': 1, '2023-11-04': 1}"],
    ["total_visits_count", { time_min: "2023-11-02", time_max: "2023-11-04" }, "{'2023-11-02': 1, '2023-11-04': 1}"],
    ["total_visits_count", { time_min: "2023-12-01" }, "{}"],
    ["engaged_users_count", { time_max: "2023-11-02" }, "{'2023-11-01': 1, '2023-11-02': 1}"],
    ["engaged_users_count", { time_min: "2023-11-04" }, "{'2023-11-04': 0}"],
    ["traffic_source_count", { traffic_source: "referral" }, "{'2023-11-01': 1, '2023-11-02': 1, '2023-11-04': 0}"],
    ["traffic_source_count", { traffic_source: "Referral" }, "{'2023-11-01': 0, '2023-11-02': 0, '2023-11-04': 0}"],
    ["traffic_source_count", { time_min: "2023-11-01", time_max: "2023-11-01" }, "{'2023-11-01': 2}"],
    ["get_average_session_duration", {}, "{'2023-11-01': 8.0, '2023-11-02': 9.0, '2023-11-04': 10.0}"],
    ["get_visitor_information_by_id", {}, "Visitor ID not provided."],
    ["get_visitor_information_by_id", { visitor_id: "860" }, "Visitor not found."],
    [
      "get_visitor_information_by_id",
      { visitor_id: "0860" },
      "[{'date_of_visit': '2023-11-01', 'visitor_id': '0860', 'page_views': '3', 'session_duration_seconds': '4', 'traffic_source': 'referral', 'user_engaged': False}, " +
        "{'date_of_visit': '2023-11-02', 'visitor_id': '0860', 'page_views': '3', 'session_duration_seconds': '9', 'traffic_source': 'referral', 'user_engaged': True}]",
    ],
  ])("%s(%j) → %s", (tool, args, expected) => {
    expect(observe(tool, args)).toBe(expected);
  });

  test("read-only tools leave the state untouched", () => {
    const sandbox = fresh();
    const before = sandbox.snapshot();
    observe("total_visits_count", {}, sandbox);
    expect(sandbox.snapshot()).toBe(before);
  });
});
