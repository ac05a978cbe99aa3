// Analytics templates. The visits are read-only; what is scored is the plots created. Counts come from
// the analytics tools themselves, so every condition is decided on what an agent can read.
import { PythonFloat } from "../../tools/format";
import { addDays } from "../dates";
import { ANALYTICS_FIRST_DAY, ANALYTICS_LAST_DAY } from "../world/analytics";
import { TRAFFIC_SOURCES } from "../world/types";
import { pickPerson, say } from "./common";
import { call, type TemplateContext } from "./context";
import type { Template } from "./types";

const A = "analytics";
const PLOT = "analytics.create_plot";
const PLOT_TYPES = ["bar", "line", "scatter", "histogram"] as const;

interface Metric {
  readonly words: string;
  readonly value: string;
  read(ctx: TemplateContext, from: string, to: string): Record<string, number>;
}

function perDay(value: unknown): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [date, n] of Object.entries((value ?? {}) as Record<string, unknown>)) out[date] = n instanceof PythonFloat ? n.value : Number(n);
  return out;
}

const counted = (tool: string, extra: Record<string, string> = {}) => (ctx: TemplateContext, from: string, to: string) =>
  perDay(ctx.read(tool, { time_min: from, time_max: to, ...extra }));

const SOURCE_METRICS: Metric[] = TRAFFIC_SOURCES.map((source) => ({
  words: `visits from ${source}`,
  value: `visits_${source.replace(" ", "_")}`,
  read: counted("analytics.traffic_source_count", { traffic_source: source }),
}));

const METRICS: Metric[] = [
  { words: "total visits", value: "total_visits", read: counted("analytics.total_visits_count") },
  { words: "engaged users", value: "user_engaged", read: counted("analytics.engaged_users_count") },
  { words: "average session duration", value: "session_duration_seconds", read: counted("analytics.get_average_session_duration") },
  ...SOURCE_METRICS,
];

const sum = (values: Record<string, number>) => Object.values(values).reduce((a, b) => a + b, 0);
const plot = (from: string, to: string, value: string, type: string) => call(PLOT, { time_min: from, time_max: to, value_to_plot: value, plot_type: type });

/** A range of 3-30 days inside the data (August 1 - November 29). */
function range(ctx: TemplateContext): [string, string] {
  const length = ctx.rng.int(3, 30);
  const from = addDays(ANALYTICS_FIRST_DAY, ctx.rng.int(0, 120 - length));
  const to = addDays(from, length);
  return [from, to <= ANALYTICS_LAST_DAY ? to : ANALYTICS_LAST_DAY];
}

function simplePlot(id: string, text: string, build: (ctx: TemplateContext) => { text: string; from: string; to: string; metric: Metric; type: string }): Template {
  return {
    id, domain: A, toolkits: ["analytics"], writes: ["plots"], text, tools: [PLOT],
    ambiguity: "Dates, value and chart type are all given explicitly (no 'last N days' end-date question).",
    instantiate(ctx) {
      const { text: t, from, to, metric, type } = build(ctx);
      return { text: t, calls: [plot(from, to, metric.value, type)] };
    },
  };
}

export const ANALYTICS_TEMPLATES: Template[] = [
  simplePlot("analytics.plot-range", "Make a {type} chart of {metric} from {from} to {to}", (ctx) => {
    const [from, to] = range(ctx);
    const metric = ctx.rng.pick(METRICS);
    const type = ctx.rng.pick(PLOT_TYPES);
    return { text: `Make a ${type} chart of ${metric.words} from ${say(from)} to ${say(to)}`, from, to, metric, type };
  }),
  simplePlot("analytics.plot-month", "Plot {metric} for the whole of {month} as a {type} graph", (ctx) => {
    const [month, from, to] = ctx.rng.pick([["August", "2023-08-01", "2023-08-31"], ["September", "2023-09-01", "2023-09-30"], ["October", "2023-10-01", "2023-10-31"]] as const);
    const metric = ctx.rng.pick(METRICS);
    const type = ctx.rng.pick(PLOT_TYPES);
    return { text: `Plot ${metric.words} for the whole of ${month} as a ${type} graph`, from, to, metric, type };
  }),
  simplePlot("analytics.plot-week", "I need a {type} plot of {metric} for the week starting Monday {from}", (ctx) => {
    const from = addDays("2023-08-07", 7 * ctx.rng.int(0, 14));
    const metric = ctx.rng.pick(METRICS);
    const type = ctx.rng.pick(PLOT_TYPES);
    return { text: `I need a ${type} plot of ${metric.words} for the week starting Monday ${say(from)} (through Sunday)`, from, to: addDays(from, 6), metric, type };
  }),
  {
    id: "analytics.plot-two-values", domain: A, toolkits: ["analytics"], writes: ["plots"],
    text: "Make two {type} charts for {from} to {to}: first {metric1}, then {metric2}",
    tools: [PLOT],
    ambiguity: "Two explicit plots in the stated order (the plots table is ordered).",
    instantiate(ctx) {
      const [from, to] = range(ctx);
      const [m1, m2] = ctx.rng.shuffle(METRICS) as [Metric, Metric];
      const type = ctx.rng.pick(PLOT_TYPES);
      return { text: `Make two ${type} charts for ${say(from)} to ${say(to)}: first ${m1.words}, then ${m2.words}`, calls: [plot(from, to, m1.value, type), plot(from, to, m2.value, type)] };
    },
  },
  {
    id: "analytics.threshold-either", domain: A, toolkits: ["analytics"], writes: ["plots"], conditional: true,
    text: "If we had more than {n} visits in total from {from} to {to}, plot total visits for that period as a line chart; otherwise plot engaged users for it as a bar chart",
    tools: ["analytics.total_visits_count", PLOT],
    ambiguity: "The threshold is never equal to the total (strictly more than).",
    instantiate(ctx) {
      const [from, to] = range(ctx);
      const total = sum(METRICS[0]!.read(ctx, from, to));
      const n = Math.max(0, total + ctx.rng.pick([-7, -3, -1, 2, 5, 9]));
      if (n === total) return null;
      const calls = total > n ? [plot(from, to, "total_visits", "line")] : [plot(from, to, "user_engaged", "bar")];
      return { text: `If we had more than ${n} visits in total from ${say(from)} to ${say(to)}, plot total visits for that period as a line chart; otherwise plot engaged users for it as a bar chart`, calls };
    },
  },
  {
    id: "analytics.engagement-drop", domain: A, toolkits: ["analytics"], writes: ["plots"], conditional: true, mayNeedNoAction: true,
    text: "If fewer users were engaged on {to} than on {from}, make a bar chart of engaged users between those dates; otherwise do nothing",
    tools: ["analytics.engaged_users_count", PLOT],
    ambiguity: "Both days have visits; equal counts take the 'otherwise' branch as written (not fewer).",
    instantiate(ctx) {
      const [from, to] = range(ctx);
      const counts = METRICS[1]!.read(ctx, from, to);
      if (!(from in counts) || !(to in counts)) return null;
      const drop = (counts[to] as number) < (counts[from] as number);
      if (drop === ctx.wantNoAction) return null;
      return { text: `If fewer users were engaged on ${say(to)} than on ${say(from)}, make a bar chart of engaged users between those dates; otherwise do nothing`, calls: drop ? [plot(from, to, "user_engaged", "bar")] : [] };
    },
  },
  {
    id: "analytics.source-vs-source", domain: A, toolkits: ["analytics"], writes: ["plots"], conditional: true,
    text: "Between {from} and {to}, did {s1} bring more visits than {s2}? Plot the visits of whichever brought more as a {type} chart over that range",
    tools: ["analytics.traffic_source_count", PLOT],
    ambiguity: "Ties are rejected.",
    instantiate(ctx) {
      const [from, to] = range(ctx);
      const [a, b] = ctx.rng.shuffle(SOURCE_METRICS) as [Metric, Metric];
      const na = sum(a.read(ctx, from, to));
      const nb = sum(b.read(ctx, from, to));
      if (na === nb) return null;
      const type = ctx.rng.pick(PLOT_TYPES);
      const s = (m: Metric) => m.words.replace("visits from ", "");
      return { text: `Between ${say(from)} and ${say(to)}, did ${s(a)} bring more visits than ${s(b)}? Plot the visits of whichever brought more as a ${type} chart over that range`, calls: [plot(from, to, (na > nb ? a : b).value, type)] };
    },
  },
  {
    id: "analytics.returning-visitor", domain: A, toolkits: ["analytics"], writes: ["plots"], conditional: true, mayNeedNoAction: true,
    text: "If visitor {visitor} came on more than one day, plot total visits from their first to their last visit as a line chart; otherwise do nothing",
    tools: ["analytics.get_visitor_information_by_id", PLOT],
    ambiguity: "Days come from the visitor's own records; one day only means no action.",
    instantiate(ctx) {
      const visitor = ctx.rng.pick(ctx.world.analytics).visitor_id as string;
      const visits = ctx.read("analytics.get_visitor_information_by_id", { visitor_id: visitor });
      const days = [...new Set((visits as { date_of_visit: string }[]).map((v) => v.date_of_visit))].sort();
      const first = days[0] as string;
      const last = days[days.length - 1] as string;
      return { text: `If visitor ${visitor} came on more than one day, plot total visits from their first to their last visit as a line chart; otherwise do nothing`, calls: days.length > 1 ? [plot(first, last, "total_visits", "line")] : [] };
    },
  },
  {
    id: "analytics.long-sessions", domain: A, toolkits: ["analytics"], writes: ["plots"], conditional: true, mayNeedNoAction: true,
    text: "If the average session on {date} lasted more than {n} seconds, make a histogram of session duration for the seven days ending that day; otherwise do nothing",
    tools: ["analytics.get_average_session_duration", PLOT],
    ambiguity: "One day's average (no mean-of-means question); the threshold is a whole number never equal to it.",
    instantiate(ctx) {
      const date = addDays(ANALYTICS_FIRST_DAY, ctx.rng.int(7, 120));
      const avg = METRICS[2]!.read(ctx, date, date)[date];
      if (avg === undefined) return null;
      const n = Math.round(avg) + ctx.rng.pick([-6, -2, 3, 8]);
      // A short average (a day with few visits at small scales) must not ask about "-5 seconds".
      if (n < 0 || n === avg) return null;
      return { text: `If the average session on ${say(date)} lasted more than ${n} seconds, make a histogram of session duration for the seven days ending that day; otherwise do nothing`, calls: avg > n ? [plot(addDays(date, -6), date, "session_duration_seconds", "histogram")] : [] };
    },
  },
  {
    id: "analytics.how-many-engaged", domain: A, toolkits: ["analytics"], writes: [], mayNeedNoAction: true,
    text: "How many engaged users did we have on {date}?",
    tools: ["analytics.engaged_users_count"],
    ambiguity: "A question: the correct outcome is an unchanged sandbox.",
    instantiate(ctx) {
      const date = addDays(ANALYTICS_FIRST_DAY, ctx.rng.int(0, 120));
      METRICS[1]!.read(ctx, date, date);
      return { text: `How many engaged users did we have on ${say(date)}?`, calls: [] };
    },
  },
  {
    id: "analytics.busiest-day", domain: A, toolkits: ["analytics"], writes: ["plots"],
    text: "Find the day with the most visits between {from} and {to} and make a bar chart of total visits from that day to {to}",
    tools: ["analytics.total_visits_count", PLOT],
    ambiguity: "Rejected when two days tie for the most visits.",
    instantiate(ctx) {
      const [from, to] = range(ctx);
      const counts = Object.entries(METRICS[0]!.read(ctx, from, to)).sort((a, b) => b[1] - a[1]);
      const top = counts[0];
      if (!top || counts[1]?.[1] === top[1]) return null;
      return { text: `Find the day with the most visits between ${say(from)} and ${say(to)} and make a bar chart of total visits from that day to ${say(to)}`, calls: [plot(top[0], to, "total_visits", "bar")] };
    },
  },
  {
    id: "analytics.weakest-source", domain: A, toolkits: ["analytics"], writes: ["plots"],
    text: "Which traffic source brought the fewest visits from {from} to {to}? Plot that source's visits over the same dates as a scatter plot",
    tools: ["analytics.traffic_source_count", PLOT],
    ambiguity: "Rejected when two sources tie for fewest.",
    instantiate(ctx) {
      const [from, to] = range(ctx);
      const totals = SOURCE_METRICS.map((m) => [m, sum(m.read(ctx, from, to))] as const).sort((a, b) => a[1] - b[1]);
      if (totals[0]?.[1] === totals[1]?.[1]) return null;
      return { text: `Which traffic source brought the fewest visits from ${say(from)} to ${say(to)}? Plot that source's visits over the same dates as a scatter plot`, calls: [plot(from, to, totals[0]![0].value, "scatter")] };
    },
  },
  {
    id: "analytics.report-by-email", domain: "multi_domain", toolkits: ["analytics", "email"], writes: ["email"],
    text: "Email {name} the number of visits we had on {date}, with the subject 'Visits on {date}' and just the number as the body",
    tools: ["company_directory.find_email_address", "analytics.total_visits_count", "email.send_email"],
    ambiguity: "One day's count from the tool (0 when the day has no visits).",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      const date = addDays(ANALYTICS_FIRST_DAY, ctx.rng.int(0, 120));
      if (!p) return null;
      const n = METRICS[0]!.read(ctx, date, date)[date] ?? 0;
      return { text: `Email ${p.ref} the number of visits we had on ${say(date)}, with the subject 'Visits on ${say(date)}' and just the number as the body`, calls: [call("email.send_email", { recipient: p.person.email, subject: `Visits on ${say(date)}`, body: String(n) })] };
    },
  },
];
