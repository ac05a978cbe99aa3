// Single-domain templates written after the paper's that the first set had no counterpart for
// ("since", "last N weeks", growth against a weekday; first meeting of a day, "haven't met in N days",
// cancel before/after a time; bulk reassign; bulk forward and forward to two; overdue, vacation,
// most urgent). Every read goes through ctx.read, so each answer is reachable with the tools.
import type { Cell } from "../../sandbox/types";
import { addDays, minutesToTime, timeToMinutes, weekday, WEEKDAY_NAMES } from "../dates";
import { ANALYTICS_FIRST_DAY } from "../world/analytics";
import { BOARDS, PRODUCTS, STATUSES } from "../world/types";
import { MEETING_TITLES, TOMORROW, futureWeekday, pickPerson, say } from "./common";
import { call, type TemplateContext } from "./context";
import { allCustomers, allEmails, allEvents, cell, eventsOnDay, meetingAtEdgeOfDay, personByEmail } from "./find";
import { firstFreeOnDay } from "./free-time";
import { COUNTED_METRICS, metricThreshold, perDay } from "./metric-threshold";
import { peopleMeetingSoon, progressMails, salesPeople, teamMembers } from "./pick";
import type { Template } from "./types";

type Rec = Record<string, Cell>;
const YESTERDAY = "2023-11-29";
const TODAY = "2023-11-30";
const PLOT = "analytics.create_plot";
const plot = (from: string, to: string, value: string, type: string) => call(PLOT, { time_min: from, time_max: to, value_to_plot: value, plot_type: type });
/** "If {metric} were … on any day {window}, make a line plot of them {span}; otherwise do nothing", over [from, yesterday]. */
function thresholdPlot(ctx: TemplateContext, from: string, window: string, span: string) {
  const threshold = metricThreshold(ctx, from, YESTERDAY);
  if (!threshold) return null;
  return {
    text: `${threshold.condition} on any day ${window}, make a line plot of them ${span}; otherwise do nothing`,
    calls: threshold.hit ? [plot(from, YESTERDAY, threshold.metric.value, "line")] : [],
  };
}
const deleteEvent = (row: Rec) => call("calendar.delete_event", { event_id: cell(row.event_id) });
const updateTask = (row: Rec, field: string, value: string) => call("project_management.update_task", { task_id: cell(row.task_id), field, new_value: value });
const NOW = "2023-11-30 00:00:00";

export const PAPER_SINGLE_TEMPLATES: Template[] = [
  {
    id: "analytics.plot-since", domain: "analytics", toolkits: ["analytics"], writes: ["plots"],
    text: "Can you make a {type} chart of {metric} since {date}, through yesterday?",
    tools: [PLOT],
    ambiguity: "'Since' starts on the date; 'through yesterday' ends on Nov 29, the last day with data.",
    instantiate(ctx) {
      const from = addDays(ANALYTICS_FIRST_DAY, ctx.rng.int(40, 115));
      const metric = ctx.rng.pick(COUNTED_METRICS);
      const type = ctx.rng.pick(["bar", "line", "scatter", "histogram"]);
      return { text: `Can you make a ${type} chart of ${metric.words} since ${say(from)}, through yesterday?`, calls: [plot(from, YESTERDAY, metric.value, type)] };
    },
  },
  {
    id: "analytics.threshold-since", domain: "analytics", toolkits: ["analytics"], writes: ["plots"], conditional: true, mayNeedNoAction: true,
    text: "If {metric} were {more|fewer} than {n} on any day since {date}, make a line plot of them from then through yesterday; otherwise do nothing",
    tools: ["analytics.total_visits_count", "analytics.engaged_users_count", PLOT],
    ambiguity: "Per-day counts over the days with data, strictly more/fewer; the threshold never equals a day's count.",
    instantiate(ctx) {
      const from = addDays(ANALYTICS_FIRST_DAY, ctx.rng.int(60, 115));
      return thresholdPlot(ctx, from, `since ${say(from)}`, "from then through yesterday");
    },
  },
  {
    id: "analytics.threshold-last-weeks", domain: "analytics", toolkits: ["analytics"], writes: ["plots"], conditional: true, mayNeedNoAction: true,
    text: "If {metric} were {more|fewer} than {n} on any day in the last {weeks} weeks, make a line plot of them over those weeks; otherwise do nothing",
    tools: ["analytics.total_visits_count", "analytics.engaged_users_count", PLOT],
    ambiguity: "The last N weeks are the 7N days before today: from Nov 30 minus 7N days through yesterday (Nov 29).",
    instantiate(ctx) {
      const weeks = ctx.rng.int(1, 4);
      return thresholdPlot(ctx, addDays(TODAY, -7 * weeks), `in the last ${weeks} weeks`, "over those weeks");
    },
  },
  {
    id: "analytics.growth-vs-weekday", domain: "analytics", toolkits: ["analytics"], writes: ["plots"], conditional: true, mayNeedNoAction: true,
    text: "If {metric} yesterday were more than {p}% higher than last {weekday}, make a line plot of them from that {weekday} through yesterday; otherwise do nothing",
    tools: ["analytics.total_visits_count", "analytics.engaged_users_count", PLOT],
    ambiguity: "Growth = (yesterday − that day) / that day; 'last {weekday}' is the latest such day before yesterday; the percentage never equals the growth.",
    instantiate(ctx) {
      const back = ctx.rng.int(1, 7);
      const then = addDays(YESTERDAY, -back);
      const day = WEEKDAY_NAMES[weekday(then)] as string;
      const metric = ctx.rng.pick(COUNTED_METRICS);
      const counts = perDay(ctx, metric.tool, then, YESTERDAY);
      const [a, b] = [counts[then], counts[YESTERDAY]];
      if (!a || b === undefined) return null;
      const growth = (100 * (b - a)) / a;
      const p = ctx.wantNoAction ? Math.max(1, Math.ceil(growth) + ctx.rng.int(1, 10)) : Math.floor(growth) - ctx.rng.int(1, 10);
      if (p < 1 || p === growth) return null;
      return {
        text: `If ${metric.words} yesterday were more than ${p}% higher than last ${day}, make a line plot of them from that ${day} through yesterday; otherwise do nothing`,
        calls: growth > p ? [plot(then, YESTERDAY, metric.value, "line")] : [],
      };
    },
  },
  {
    id: "calendar.cancel-first-on-day", domain: "calendar", toolkits: ["calendar"], writes: ["calendar"],
    text: "Cancel my first meeting on {date}",
    tools: ["calendar.search_events", "calendar.delete_event"],
    ambiguity: "The earliest start that day; two meetings starting then are rejected.",
    instantiate(ctx) {
      const date = futureWeekday(ctx);
      const first = meetingAtEdgeOfDay(ctx, date, "first");
      return first && { text: `Cancel my first meeting on ${say(date)}`, calls: [deleteEvent(first)] };
    },
  },
  {
    id: "calendar.rename-last-on-day", domain: "calendar", toolkits: ["calendar"], writes: ["calendar"],
    text: "Change the name of the last meeting on {date} to '{title}'",
    tools: ["calendar.search_events", "calendar.update_event"],
    ambiguity: "The latest start that day; two meetings starting then are rejected.",
    instantiate(ctx) {
      const date = futureWeekday(ctx);
      const last = meetingAtEdgeOfDay(ctx, date, "last");
      const title = ctx.rng.pick(MEETING_TITLES);
      if (!last || cell(last.event_name) === title) return null;
      return { text: `Change the name of the last meeting on ${say(date)} to '${title}'`, calls: [call("calendar.update_event", { event_id: cell(last.event_id), field: "event_name", new_value: title })] };
    },
  },
  {
    id: "calendar.catch-up-if-not-met", domain: "calendar", toolkits: ["calendar"], writes: ["calendar"], conditional: true, mayNeedNoAction: true,
    text: "If I haven't met with {name} in the last {n} days, schedule a 30-minute meeting called 'Catch-up' with them at the first time I'm free tomorrow; otherwise do nothing",
    tools: ["company_directory.find_email_address", "calendar.search_events", "calendar.create_event"],
    ambiguity: "Met = a meeting with them starting on or after today minus N days (00:00) and before now; tomorrow's free time is read in full.",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      const past = p && allEvents(ctx, p.person.email, "1900-01-01 00:00:00", "2023-11-29 23:59:59");
      const last = past?.[past.length - 1];
      if (!p || !past || !last) return null;
      const age = Math.round((Date.parse(TODAY) - Date.parse(cell(last.event_start).slice(0, 10))) / 86_400_000);
      const n = ctx.wantNoAction ? age + ctx.rng.int(0, 10) : age - ctx.rng.int(1, 10);
      const slot = firstFreeOnDay(ctx, TOMORROW, 30);
      if (n < 1 || !slot) return null;
      return {
        text: `If I haven't met with ${p.ref} in the last ${n} days, schedule a 30-minute meeting called 'Catch-up' with them at the first time I'm free tomorrow; otherwise do nothing`,
        calls: age > n ? [call("calendar.create_event", { event_name: "Catch-up", participant_email: p.person.email, event_start: `${TOMORROW} ${slot}`, duration: "30" })] : [],
      };
    },
  },
  {
    id: "calendar.cancel-before-after", domain: "calendar", toolkits: ["calendar"], writes: ["calendar"],
    text: "Cancel my meetings on {date} that start {before|after} {time}",
    tools: ["calendar.search_events", "calendar.delete_event"],
    ambiguity: "By start time, strictly before/after; no meeting starts at that exact time.",
    instantiate(ctx) {
      const date = futureWeekday(ctx);
      const rows = eventsOnDay(ctx, date);
      const minutes = 9 * 60 + 30 + 60 * ctx.rng.int(0, 7);
      const before = ctx.rng.chance(0.5);
      if (!rows || rows.some((row) => timeToMinutes(cell(row.event_start)) === minutes)) return null;
      const hits = rows.filter((row) => (before ? timeToMinutes(cell(row.event_start)) < minutes : timeToMinutes(cell(row.event_start)) > minutes));
      if (hits.length === 0 || hits.length > ctx.params.chainLength + 2) return null;
      return { text: `Cancel my meetings on ${say(date)} that start ${before ? "before" : "after"} ${minutesToTime(minutes).slice(0, 5)}`, calls: hits.map(deleteEvent) };
    },
  },
  {
    id: "calendar.cancel-future-with", domain: "calendar", toolkits: ["calendar"], writes: ["calendar"],
    text: "Cancel all my future meetings with {name}",
    tools: ["company_directory.find_email_address", "calendar.search_events", "calendar.delete_event"],
    ambiguity: "Every meeting with them starting from now on, read past the 5-result limit.",
    instantiate(ctx) {
      const p = pickPerson(ctx, peopleMeetingSoon(ctx));
      const rows = p && allEvents(ctx, p.person.email, NOW, "2100-12-31 23:59:59");
      // At 1× only about fifteen colleagues have meetings ahead: a looser cap keeps ten distinct tasks.
      if (!p || !rows || rows.length === 0 || rows.length > ctx.params.chainLength + 4) return null;
      return { text: `Cancel all my future meetings with ${p.ref}`, calls: rows.map(deleteEvent) };
    },
  },
  {
    id: "crm.bulk-reassign", domain: "customer_relationship_manager", toolkits: ["crm"], writes: ["crm"],
    text: "Reassign all of {name}'s {status} customers interested in {product} to {other}",
    tools: ["company_directory.find_email_address", "customer_relationship_manager.search_customers", "customer_relationship_manager.update_customer"],
    ambiguity: "Exact status and product; every page is read (split by contact date past the limit).",
    instantiate(ctx) {
      const from = pickPerson(ctx, salesPeople(ctx));
      const to = from && pickPerson(ctx, salesPeople(ctx), [from.person.email]);
      const status = ctx.rng.pick(STATUSES);
      const product = ctx.rng.pick(PRODUCTS);
      const rows = from && to && allCustomers(ctx, { assigned_to_email: from.person.email, status, product_interest: product });
      if (!from || !to || !rows || rows.length === 0 || rows.length > ctx.params.chainLength + 2) return null;
      return {
        text: `Reassign all of ${from.ref}'s ${status} customers interested in ${product} to ${to.ref}`,
        calls: rows.map((row) => call("customer_relationship_manager.update_customer", { customer_id: cell(row.customer_id), field: "assigned_to_email", new_value: to.person.email })),
      };
    },
  },
  {
    id: "email.forward-to-two", domain: "email", toolkits: ["email"], writes: ["email"],
    text: "Forward the latest email about '{task}' to {name} and {other}",
    tools: ["company_directory.find_email_address", "email.search_emails", "email.forward_email"],
    ambiguity: "The newest email matching the task's words; forwarded to the two people in the order named.",
    instantiate(ctx) {
      const pool = progressMails(ctx, false);
      if (pool.length === 0) return null;
      const task = (ctx.rng.pick(pool).subject as string).slice("Progress on ".length);
      const first = (ctx.read("email.search_emails", { query: task }) as Rec[])[0];
      const a = pickPerson(ctx);
      const b = a && pickPerson(ctx, undefined, [a.person.email]);
      if (!first || !a || !b || cell(first.subject) !== `Progress on ${task}`) return null;
      return {
        text: `Forward the latest email about '${task}' to ${a.ref} and ${b.ref}`,
        calls: [a, b].map((p) => call("email.forward_email", { email_id: cell(first.email_id), recipient: p.person.email })),
      };
    },
  },
  {
    id: "email.forward-all-about", domain: "email", toolkits: ["email"], writes: ["email"],
    text: "Forward every email {name} sent me about '{task}' to {other}, oldest first",
    tools: ["company_directory.find_email_address", "email.search_emails", "email.forward_email"],
    ambiguity: "Inbox emails from them matching the task's words, every page read; oldest first fixes the new ids' order.",
    instantiate(ctx) {
      const mail = ctx.rng.pick(progressMails(ctx, true, false));
      const task = (mail.subject as string).slice("Progress on ".length);
      const from = personByEmail(ctx, mail["sender/recipient"] as string);
      const p = from && pickPerson(ctx, [from]);
      const to = p && pickPerson(ctx, undefined, [p.person.email]);
      const rows = p && allEmails(ctx, `${p.person.email} ${task}`);
      const hits = rows?.filter((row) => row["inbox/outbox"] === "inbox" && cell(row["sender/recipient"]) === p?.person.email).reverse();
      if (!p || !to || !hits || hits.length === 0 || hits.length > ctx.params.chainLength + 1) return null;
      return { text: `Forward every email ${p.ref} sent me about '${task}' to ${to.ref}, oldest first`, calls: hits.map((row) => call("email.forward_email", { email_id: cell(row.email_id), recipient: to.person.email })) };
    },
  },
  {
    id: "project.overdue-backlog-to-progress", domain: "project_management", toolkits: ["project_management"], writes: ["project_tasks"],
    text: "Move all of {name}'s overdue tasks in the Backlog to In Progress",
    tools: ["company_directory.find_email_address", "project_management.search_tasks", "project_management.update_task"],
    ambiguity: "Overdue = due before today (Nov 30); only Backlog tasks move.",
    instantiate(ctx) {
      const p = pickPerson(ctx, teamMembers(ctx));
      const rows = p && (ctx.read("project_management.search_tasks", { assigned_to_email: p.person.email, list_name: "Backlog" }) as Rec[]);
      const hits = rows?.filter((row) => cell(row.due_date) < TODAY && cell(row.assigned_to_email) === p?.person.email && cell(row.list_name) === "Backlog");
      if (!p || !hits || hits.length === 0 || hits.length > ctx.params.chainLength + 2) return null;
      return { text: `Move all of ${p.ref}'s overdue tasks in the Backlog to In Progress`, calls: hits.map((row) => updateTask(row, "list_name", "In Progress")) };
    },
  },
  {
    id: "project.vacation-to-backlog", domain: "project_management", toolkits: ["project_management"], writes: ["project_tasks"],
    text: "{name} is on vacation now, so move all their unfinished {board} tasks to the Backlog",
    tools: ["company_directory.find_email_address", "project_management.search_tasks", "project_management.update_task"],
    ambiguity: "Unfinished = In Progress or In Review (Completed stays, Backlog already is); one board.",
    instantiate(ctx) {
      const p = pickPerson(ctx, teamMembers(ctx));
      const board = ctx.rng.pick(BOARDS);
      const rows = p && (ctx.read("project_management.search_tasks", { assigned_to_email: p.person.email, board }) as Rec[]);
      const hits = rows?.filter((row) => cell(row.assigned_to_email) === p?.person.email && cell(row.board) === board && ["In Progress", "In Review"].includes(cell(row.list_name)));
      if (!p || !hits || hits.length === 0 || hits.length > ctx.params.chainLength + 2) return null;
      return { text: `${p.ref} is on vacation now, so move all their unfinished ${board} tasks to the Backlog`, calls: hits.map((row) => updateTask(row, "list_name", "Backlog")) };
    },
  },
  {
    id: "project.most-urgent-to", domain: "project_management", toolkits: ["project_management"], writes: ["project_tasks"],
    text: "Take {name}'s most urgent unfinished task and reassign it to {other}",
    tools: ["company_directory.find_email_address", "project_management.search_tasks", "project_management.update_task"],
    ambiguity: "Most urgent = the earliest due date among tasks not Completed; a tie is rejected.",
    instantiate(ctx) {
      const p = pickPerson(ctx, teamMembers(ctx));
      const to = p && pickPerson(ctx, teamMembers(ctx), [p.person.email]);
      const rows = p && (ctx.read("project_management.search_tasks", { assigned_to_email: p.person.email }) as Rec[]);
      const open = rows?.filter((row) => cell(row.assigned_to_email) === p?.person.email && cell(row.list_name) !== "Completed").sort((x, y) => (cell(x.due_date) < cell(y.due_date) ? -1 : cell(x.due_date) > cell(y.due_date) ? 1 : 0));
      const first = open?.[0];
      if (!p || !to || !open || !first || cell(open[1]?.due_date) === cell(first.due_date)) return null;
      return { text: `Take ${p.ref}'s most urgent unfinished task and reassign it to ${to.ref}`, calls: [updateTask(first, "assigned_to_email", to.person.email)] };
    },
  },
];
