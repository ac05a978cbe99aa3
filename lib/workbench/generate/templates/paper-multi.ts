// Multi-domain templates after the paper's that the first set lacked: picks that need a count over
// another toolkit (fewest overdue, most completed), email → meeting, the attendee of a day's first
// meeting, and analytics-triggered actions in other toolkits.
import type { Cell } from "../../sandbox/types";
import { addDays, minutesToTime } from "../dates";
import { ANALYTICS_FIRST_DAY } from "../world/analytics";
import { asciiName } from "../world/people";
import { TOMORROW, futureWeekday, pickPerson, say } from "./common";
import { call, type TemplateContext } from "./context";
import { allCustomers, allEvents, cell, meetingAtEdgeOfDay } from "./find";
import { firstFreeOnDay } from "./free-time";
import { metricThreshold } from "./metric-threshold";
import { perWorld, progressMails, salesPeople, teamMembers } from "./pick";
import type { Template } from "./types";

type Rec = Record<string, Cell>;
const M = "multi_domain";
const TODAY = "2023-11-30";
const YESTERDAY = "2023-11-29";
const NEXT_FRIDAY = "2023-12-08";

/** Tasks of a person that are overdue: not Completed and due before today. */
function overdueCount(ctx: TemplateContext, email: string): number {
  const rows = ctx.read("project_management.search_tasks", { assigned_to_email: email }) as Rec[];
  return rows.filter((row) => cell(row.assigned_to_email) === email && cell(row.list_name) !== "Completed" && cell(row.due_date) < TODAY).length;
}

/** A metric's day counts since a date, and a threshold they cross (or never reach, for the no-action branch). */
function metricCondition(ctx: TemplateContext) {
  const from = addDays(ANALYTICS_FIRST_DAY, ctx.rng.int(60, 115));
  const threshold = metricThreshold(ctx, from, YESTERDAY);
  return threshold && { hit: threshold.hit, words: `${threshold.condition} on any day since ${say(from)}`, metric: threshold.metric.words };
}

/**
 * The most Lead customers a "… all of X's Lead customers" task may act on: the chain-length knob's bulk
 * cap, raised to the fewest any salesperson has when every one of them has more (else some workplaces
 * could not make the template at all). The answer is still read through the tools.
 */
function leadsCap(ctx: TemplateContext): number {
  const fewest = perWorld(ctx, "fewest-leads", () => {
    const leads = new Map<string, number>();
    for (const row of ctx.world.crm) if (row.status === "Lead") leads.set(row.assigned_to_email as string, (leads.get(row.assigned_to_email as string) ?? 0) + 1);
    return Math.min(...salesPeople(ctx).map((person) => leads.get(person.email) ?? Infinity));
  });
  return Math.max(ctx.params.chainLength + 3, Number.isFinite(fewest) ? fewest : 0);
}

export const PAPER_MULTI_TEMPLATES: Template[] = [
  {
    id: "multi.lead-to-fewest-overdue", domain: M, toolkits: ["crm", "project_management"], writes: ["crm"],
    text: "Add {customer} as a new Lead in the CRM and assign them to whichever of {a}, {b} and {c} has the fewest overdue tasks",
    tools: ["company_directory.find_email_address", "project_management.search_tasks", "customer_relationship_manager.add_customer"],
    ambiguity: "Overdue = not Completed and due before today; a tie for fewest is rejected.",
    instantiate(ctx) {
      const team = teamMembers(ctx);
      const a = pickPerson(ctx, team);
      const b = a && pickPerson(ctx, team, [a.person.email]);
      const c = a && b && pickPerson(ctx, team, [a.person.email, b.person.email]);
      const name = `${asciiName(() => ctx.rng.faker.person.firstName())} ${asciiName(() => ctx.rng.faker.person.lastName())}`;
      if (!a || !b || !c || ctx.world.crm.some((row) => row.customer_name === name)) return null;
      const counts = [a, b, c].map((p) => [p, overdueCount(ctx, p.person.email)] as const).sort((x, y) => x[1] - y[1]);
      if (counts[0]![1] === counts[1]![1]) return null;
      return {
        text: `Add ${name} as a new Lead in the CRM and assign them to whichever of ${a.ref}, ${b.ref} and ${c.ref} has the fewest overdue tasks`,
        calls: [call("customer_relationship_manager.add_customer", { customer_name: name, assigned_to_email: counts[0]![0].person.email, status: "Lead" })],
      };
    },
  },
  {
    id: "multi.metric-task-most-completed", domain: M, toolkits: ["analytics", "project_management"], writes: ["project_tasks"], conditional: true, mayNeedNoAction: true,
    text: "If {metric} were {more|fewer} than {n} on any day since {date}, make a Backlog task called 'Improve {metric}' on the Front end board due next Friday for whichever of {a}, {b} and {c} has the most Completed Front end tasks; otherwise do nothing",
    tools: ["analytics.total_visits_count", "analytics.engaged_users_count", "company_directory.find_email_address", "project_management.search_tasks", "project_management.create_task"],
    ambiguity: "Next Friday is December 8; Completed Front end tasks are counted per person (no search limit); a tie for most is rejected.",
    instantiate(ctx) {
      const condition = metricCondition(ctx);
      const team = teamMembers(ctx);
      const a = pickPerson(ctx, team);
      const b = a && pickPerson(ctx, team, [a.person.email]);
      const c = a && b && pickPerson(ctx, team, [a.person.email, b.person.email]);
      if (!condition || !a || !b || !c) return null;
      const completed = (email: string) => (ctx.read("project_management.search_tasks", { assigned_to_email: email, list_name: "Completed", board: "Front end" }) as Rec[])
        .filter((row) => cell(row.assigned_to_email) === email && cell(row.list_name) === "Completed" && cell(row.board) === "Front end").length;
      const ranked = [a, b, c].map((p) => [p, completed(p.person.email)] as const).sort((x, y) => y[1] - x[1]);
      if (ranked[0]![1] === ranked[1]![1]) return null;
      return {
        text: `${condition.words}, make a Backlog task called 'Improve ${condition.metric}' on the Front end board due next Friday for whichever of ${a.ref}, ${b.ref} and ${c.ref} has the most Completed Front end tasks; otherwise do nothing`,
        calls: condition.hit ? [call("project_management.create_task", { task_name: `Improve ${condition.metric}`, assigned_to_email: ranked[0]![0].person.email, list_name: "Backlog", due_date: NEXT_FRIDAY, board: "Front end" })] : [],
      };
    },
  },
  {
    id: "multi.metric-meeting", domain: M, toolkits: ["analytics", "calendar"], writes: ["calendar"], conditional: true, mayNeedNoAction: true,
    text: "If {metric} were {more|fewer} than {n} on any day since {date}, schedule a 30-minute meeting called 'Discuss {metric}' with {name} at the first time I'm free tomorrow; otherwise do nothing",
    tools: ["analytics.total_visits_count", "analytics.engaged_users_count", "company_directory.find_email_address", "calendar.search_events", "calendar.create_event"],
    ambiguity: "Per-day counts, strictly more/fewer; tomorrow's free time is read in full.",
    instantiate(ctx) {
      const condition = metricCondition(ctx);
      const p = pickPerson(ctx);
      const slot = firstFreeOnDay(ctx, TOMORROW, 30);
      if (!condition || !p || !slot) return null;
      return {
        text: `${condition.words}, schedule a 30-minute meeting called 'Discuss ${condition.metric}' with ${p.ref} at the first time I'm free tomorrow; otherwise do nothing`,
        calls: condition.hit ? [call("calendar.create_event", { event_name: `Discuss ${condition.metric}`, participant_email: p.person.email, event_start: `${TOMORROW} ${slot}`, duration: "30" })] : [],
      };
    },
  },
  {
    id: "multi.metric-task-else-email", domain: M, toolkits: ["analytics", "project_management", "email"], writes: ["project_tasks", "email"], conditional: true,
    text: "If {metric} were {more|fewer} than {n} on any day since {date}, make a Backlog task 'Improve {metric}' for {name} on the Front end board due next Friday; otherwise email them with the subject 'Recent {metric}' saying 'I noticed {metric} has been stable, nice work!'",
    tools: ["analytics.total_visits_count", "analytics.engaged_users_count", "company_directory.find_email_address", "project_management.create_task", "email.send_email"],
    ambiguity: "Next Friday is December 8; both branches act.",
    instantiate(ctx) {
      const condition = metricCondition(ctx);
      const p = pickPerson(ctx, teamMembers(ctx));
      if (!condition || !p) return null;
      const m = condition.metric;
      return {
        text: `${condition.words}, make a Backlog task 'Improve ${m}' for ${p.ref} on the Front end board due next Friday; otherwise email them with the subject 'Recent ${m}' saying 'I noticed ${m} has been stable, nice work!'`,
        calls: condition.hit
          ? [call("project_management.create_task", { task_name: `Improve ${m}`, assigned_to_email: p.person.email, list_name: "Backlog", due_date: NEXT_FRIDAY, board: "Front end" })]
          : [call("email.send_email", { recipient: p.person.email, subject: `Recent ${m}`, body: `I noticed ${m} has been stable, nice work!` })],
      };
    },
  },
  {
    id: "multi.email-to-meeting", domain: M, toolkits: ["email", "calendar"], writes: ["calendar"],
    text: "Find the email from {date} about '{task}' and book a 30-minute meeting called '{task}' with its sender on {day} at {time}",
    tools: ["email.search_emails", "calendar.create_event"],
    ambiguity: "Exactly one inbox email that day matches the task's words.",
    instantiate(ctx) {
      const mail = ctx.rng.pick(progressMails(ctx, true, false));
      const task = (mail.subject as string).slice("Progress on ".length);
      const date = (mail.sent_datetime as string).slice(0, 10);
      const rows = (ctx.read("email.search_emails", { query: task, date_min: date, date_max: date }) as Rec[]).filter((row) => cell(row["inbox/outbox"]) === "inbox");
      if (rows.length !== 1) return null;
      const day = futureWeekday(ctx);
      const time = minutesToTime(9 * 60 + 30 * ctx.rng.int(0, 16));
      return {
        text: `Find the email from ${say(date)} about '${task}' and book a 30-minute meeting called '${task}' with its sender on ${say(day)} at ${time.slice(0, 5)}`,
        calls: [call("calendar.create_event", { event_name: task, participant_email: cell(rows[0]!["sender/recipient"]), event_start: `${day} ${time}`, duration: "30" })],
      };
    },
  },
  {
    id: "multi.email-first-event-attendee", domain: M, toolkits: ["calendar", "email"], writes: ["email"],
    text: "Email the attendee of my first meeting on {date}: title it with the meeting's name and say 'Remember to attend this event.'",
    tools: ["calendar.search_events", "email.send_email"],
    ambiguity: "The earliest start that day (one row per meeting, so one attendee); a tie is rejected.",
    instantiate(ctx) {
      const date = futureWeekday(ctx);
      const first = meetingAtEdgeOfDay(ctx, date, "first");
      if (!first) return null;
      return {
        text: `Email the attendee of my first meeting on ${say(date)}: title it with the meeting's name and say 'Remember to attend this event.'`,
        calls: [call("email.send_email", { recipient: cell(first.participant_email), subject: cell(first.event_name), body: "Remember to attend this event." })],
      };
    },
  },
  {
    id: "multi.no-meetings-ahead-email", domain: M, toolkits: ["calendar", "email"], writes: ["email"], conditional: true, mayNeedNoAction: true,
    text: "If I don't have any meetings with {name} in the next {n} days, send them an email titled 'Catch up soon?' saying 'We have not caught up in a while - can you send some availability over next week?'; otherwise do nothing",
    tools: ["company_directory.find_email_address", "calendar.search_events", "email.send_email"],
    ambiguity: "The next N days are today through today + N − 1 (a meeting starting in them counts).",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      const n = ctx.rng.int(3, 21);
      const rows = p && allEvents(ctx, p.person.email, `${TODAY} 00:00:00`, `${addDays(TODAY, n - 1)} 23:59:59`);
      if (!p || !rows || (rows.length === 0) === ctx.wantNoAction) return null;
      return {
        text: `If I don't have any meetings with ${p.ref} in the next ${n} days, send them an email titled 'Catch up soon?' saying 'We have not caught up in a while - can you send some availability over next week?'; otherwise do nothing`,
        calls: rows.length === 0 ? [call("email.send_email", { recipient: p.person.email, subject: "Catch up soon?", body: "We have not caught up in a while - can you send some availability over next week?" })] : [],
      };
    },
  },
  {
    id: "multi.metric-drop-leads", domain: M, toolkits: ["analytics", "crm", "email"], writes: ["crm", "email"], conditional: true,
    text: "If {metric} were {more|fewer} than {n} on any day since {date}, delete {name}'s Lead customers in the CRM and email them with the subject 'Reprioritising' saying '{metric} looks good, so we no longer need you finding new leads.'; otherwise email them that subject saying 'We need you to improve {metric} - TBD.'",
    tools: ["analytics.total_visits_count", "analytics.engaged_users_count", "company_directory.find_email_address", "customer_relationship_manager.search_customers", "customer_relationship_manager.delete_customer", "email.send_email"],
    ambiguity: "Leads = status Lead exactly, every page read; both branches email.",
    instantiate(ctx) {
      const condition = metricCondition(ctx);
      const p = pickPerson(ctx, salesPeople(ctx));
      const leads = p && allCustomers(ctx, { assigned_to_email: p.person.email, status: "Lead" });
      if (!condition || !p || !leads || leads.length === 0 || leads.length > leadsCap(ctx)) return null;
      const m = condition.metric;
      const body = condition.hit ? `${m} looks good, so we no longer need you finding new leads.` : `We need you to improve ${m} - TBD.`;
      return {
        text: `${condition.words}, delete ${p.ref}'s Lead customers in the CRM and email them with the subject 'Reprioritising' saying '${m} looks good, so we no longer need you finding new leads.'; otherwise email them that subject saying 'We need you to improve ${m} - TBD.'`,
        calls: [...(condition.hit ? leads.map((row) => call("customer_relationship_manager.delete_customer", { customer_id: cell(row.customer_id) })) : []), call("email.send_email", { recipient: p.person.email, subject: "Reprioritising", body })],
      };
    },
  },
  {
    id: "multi.metric-plan-else-leads", domain: M, toolkits: ["analytics", "project_management", "calendar", "crm", "email"], writes: ["project_tasks", "calendar", "crm", "email"], conditional: true,
    text: "If {metric} were {more|fewer} than {n} on any day since {date}, make a Backlog task 'Improve {metric}' for {name} on the Front end board due next Friday and book a 30-minute 'Discuss {metric}' with them at the first time I'm free tomorrow; otherwise email them with the subject 'New leads for you' saying '{metric} looks good, so there are new leads for you' and give them all of {other}'s Lead customers",
    tools: ["analytics.total_visits_count", "analytics.engaged_users_count", "company_directory.find_email_address", "project_management.create_task", "calendar.search_events", "calendar.create_event", "customer_relationship_manager.search_customers", "customer_relationship_manager.update_customer", "email.send_email"],
    ambiguity: "Next Friday is December 8; tomorrow's free time is read in full; Leads = status Lead exactly, every page read.",
    instantiate(ctx) {
      const condition = metricCondition(ctx);
      const p = pickPerson(ctx, teamMembers(ctx));
      const other = pickPerson(ctx, salesPeople(ctx));
      const leads = other && allCustomers(ctx, { assigned_to_email: other.person.email, status: "Lead" });
      const slot = firstFreeOnDay(ctx, TOMORROW, 30);
      if (!condition || !p || !other || !leads || !slot || leads.length === 0 || leads.length > leadsCap(ctx)) return null;
      const m = condition.metric;
      const calls = condition.hit
        ? [
            call("project_management.create_task", { task_name: `Improve ${m}`, assigned_to_email: p.person.email, list_name: "Backlog", due_date: NEXT_FRIDAY, board: "Front end" }),
            call("calendar.create_event", { event_name: `Discuss ${m}`, participant_email: p.person.email, event_start: `${TOMORROW} ${slot}`, duration: "30" }),
          ]
        : [
            call("email.send_email", { recipient: p.person.email, subject: "New leads for you", body: `${m} looks good, so there are new leads for you` }),
            ...leads.map((row) => call("customer_relationship_manager.update_customer", { customer_id: cell(row.customer_id), field: "assigned_to_email", new_value: p.person.email })),
          ];
      return {
        text: `${condition.words}, make a Backlog task 'Improve ${m}' for ${p.ref} on the Front end board due next Friday and book a 30-minute 'Discuss ${m}' with them at the first time I'm free tomorrow; otherwise email them with the subject 'New leads for you' saying '${m} looks good, so there are new leads for you' and give them all of ${other.ref}'s Lead customers`,
        calls,
      };
    },
  },
];
