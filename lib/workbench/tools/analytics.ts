/**
 * The analytics toolkit (6 tools). Visits (`analytics`) are read-only; the scored analytics state is
 * the `plots` table that create_plot appends to.
 */
import type { Tool } from "./types";
import type { Row, Table } from "../sandbox/types";
import { defineTool, type ToolArgs } from "./define-tool";
import { cellOf, rowRecord, rowsWhere, setRowAtLabel } from "../sandbox/table";
import { tableOf } from "./tool-helpers";
import { PythonFloat } from "./format";

const TIME_MIN: readonly [string, string] = ["time_min", 'Start date of the range (inclusive). Format: "YYYY-MM-DD".'];
const TIME_MAX: readonly [string, string] = ["time_max", 'End date of the range (inclusive). Format: "YYYY-MM-DD".'];

/** The original loads user_engaged as a bool column; every other column stays a string. */
function visitRecord(table: Table, row: Row): Record<string, unknown> {
  const record: Record<string, unknown> = rowRecord(table, row);
  record.user_engaged = cellOf(row, "user_engaged") === "True";
  return record;
}

/** Visits grouped by date_of_visit, sorted (groupby sorts its keys); memoised per immutable table. */
const groupsByTable = new WeakMap<Table, readonly (readonly [string, Row[]])[]>();
function visitGroups(table: Table): readonly (readonly [string, Row[]])[] {
  let groups = groupsByTable.get(table);
  if (groups === undefined) {
    const byDate = new Map<string, Row[]>();
    for (const row of table.rows) {
      const date = cellOf(row, "date_of_visit");
      if (typeof date !== "string") continue;
      const rows = byDate.get(date);
      if (rows) rows.push(row);
      else byDate.set(date, [row]);
    }
    groups = [...byDate.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    groupsByTable.set(table, groups);
  }
  return groups;
}

/** Dates between the bounds, compared as strings (inclusive); only dates that have visits appear. */
function visitsByDate({ time_min, time_max }: ToolArgs, table: Table): (readonly [string, Row[]])[] {
  return visitGroups(table).filter(([date]) => !(time_min && !(date >= time_min)) && !(time_max && !(date <= time_max)));
}

function perDate(args: ToolArgs, table: Table, value: (rows: Row[]) => unknown): Record<string, unknown> {
  return Object.fromEntries(visitsByDate(args, table).map(([date, rows]) => [date, value(rows)]));
}

const countWhere = (rows: Row[], test: (row: Row) => boolean) => rows.filter(test).length;

const getVisitorInformationById = defineTool({
  name: "analytics.get_visitor_information_by_id",
  domain: "analytics",
  description: "Returns every recorded visit (a list of records) of a website visitor by visitor ID.",
  parameters: [["visitor_id", 'ID of the visitor, e.g. "0860".']],
  hasSideEffects: false,
  run(sandbox, { visitor_id }) {
    if (!visitor_id) return "Visitor ID not provided.";
    const table = tableOf(sandbox, "analytics");
    const visits = rowsWhere(table, "visitor_id", visitor_id).map((row) => visitRecord(table, row));
    return visits.length ? visits : "Visitor not found.";
  },
});

/*
 * The trap of the 2024 original, kept on purpose: the docstring offers "direct", "referral", "search
 * engine" and "social media", but only visits_direct, visits_referral, visits_search_engine and
 * visits_social_media are accepted, and the error message repeats the short names. 2026 documents and
 * names the accepted values (analytics.py:69, 89-92).
 */
const PLOT_VALUES = [
  "total_visits", "session_duration_seconds", "user_engaged",
  "visits_direct", "visits_referral", "visits_search_engine", "visits_social_media",
];
const PLOT_TYPES = ["bar", "line", "scatter", "histogram"];

const createPlot = defineTool({
  name: "analytics.create_plot",
  domain: "analytics",
  description:
    "Plots analytics data for a date range and saves it; returns the file path " +
    "plots/{time_min}_{time_max}_{value_to_plot}_{plot_type}.png.",
  parameters: [
    TIME_MIN,
    TIME_MAX,
    ["value_to_plot", 'Value to plot: "total_visits", "session_duration_seconds", "user_engaged", "direct", "referral", "search engine" or "social media" (2026: "visits_direct", "visits_referral", "visits_search_engine", "visits_social_media").'],
    ["plot_type", 'Type of plot: "bar", "line", "scatter" or "histogram".'],
  ],
  hasSideEffects: true,
  run(sandbox, { time_min, time_max, value_to_plot, plot_type }, rules) {
    if (!time_min) return "Start date not provided.";
    if (!time_max) return "End date not provided.";
    const accepted = rules.plotMessages === "accepted-values";
    if (value_to_plot === undefined || !PLOT_VALUES.includes(value_to_plot)) {
      return accepted
        ? `Value to plot must be one of ${PLOT_VALUES.map((value) => `'${value}'`).join(", ")}`
        : "Value to plot must be one of 'total_visits', 'session_duration_seconds', 'user_engaged', 'direct', 'referral', 'search engine', 'social media'";
    }
    if (plot_type === undefined || !PLOT_TYPES.includes(plot_type)) {
      return accepted
        ? `Plot type must be one of ${PLOT_TYPES.map((type) => `'${type}'`).join(", ")}`
        : "Plot type must be one of 'bar', 'line', 'scatter', or 'histogram'";
    }
    const file_path = `plots/${time_min}_${time_max}_${value_to_plot}_${plot_type}.png`;
    const plots = tableOf(sandbox, "plots");
    sandbox.replaceTable(setRowAtLabel(plots, plots.rows.length, { file_path }));
    return file_path;
  },
});

const totalVisitsCount = defineTool({
  name: "analytics.total_visits_count",
  domain: "analytics",
  description: "Returns the number of visits per day ({date: count}) for the days in the range that have visits.",
  parameters: [TIME_MIN, TIME_MAX],
  hasSideEffects: false,
  run: (sandbox, args) => perDate(args, tableOf(sandbox, "analytics"), (rows) => rows.length),
});

const engagedUsersCount = defineTool({
  name: "analytics.engaged_users_count",
  domain: "analytics",
  description: "Returns the number of engaged visits per day ({date: count}) within the range.",
  parameters: [TIME_MIN, TIME_MAX],
  hasSideEffects: false,
  run: (sandbox, args) =>
    perDate(args, tableOf(sandbox, "analytics"), (rows) => countWhere(rows, (row) => cellOf(row, "user_engaged") === "True")),
});

const trafficSourceCount = defineTool({
  name: "analytics.traffic_source_count",
  domain: "analytics",
  description: "Returns the number of visits per day ({date: count}) from one traffic source within the range.",
  parameters: [
    TIME_MIN,
    TIME_MAX,
    ["traffic_source", 'Traffic source: "direct", "referral", "search engine" or "social media". Empty counts all visits.'],
  ],
  hasSideEffects: false,
  run(sandbox, args) {
    const source = args.traffic_source;
    return perDate(args, tableOf(sandbox, "analytics"), (rows) =>
      source ? countWhere(rows, (row) => cellOf(row, "traffic_source") === source) : rows.length,
    );
  },
});

const getAverageSessionDuration = defineTool({
  name: "analytics.get_average_session_duration",
  domain: "analytics",
  description: "Returns the average session duration in seconds per day ({date: seconds}) within the range.",
  parameters: [TIME_MIN, TIME_MAX],
  hasSideEffects: false,
  run: (sandbox, args) => perDate(args, tableOf(sandbox, "analytics"), averageDuration),
});

/** `astype(float).mean()`: NaN cells are skipped. */
function averageDuration(rows: Row[]): PythonFloat {
  const values = rows
    .map((row) => cellOf(row, "session_duration_seconds"))
    .filter((cell): cell is string => typeof cell === "string")
    .map(Number);
  const sum = values.reduce((total, value) => total + value, 0);
  return new PythonFloat(values.length ? sum / values.length : Number.NaN);
}

export const ANALYTICS_TOOLS: readonly Tool[] = [
  engagedUsersCount,
  getVisitorInformationById,
  trafficSourceCount,
  totalVisitsCount,
  createPlot,
  getAverageSessionDuration,
];
