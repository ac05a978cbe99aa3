// Multi-domain templates: chains across toolkits ("find the owner in the CRM, then book a meeting"),
// conditionals whose branches act in different toolkits, and counts that need paging. Each step is
// read through the tools, so the chain's answer is reachable step by step.
import type { Cell } from "../../sandbox/types";
import { addDays, minutesToTime } from "../dates";
import { asciiName } from "../world/people";
import { BOARDS, STATUSES } from "../world/types";
import { BODIES, TOMORROW, futureWeekday, pickPerson, say } from "./common";
import { call, type TemplateContext } from "./context";
import { firstFreeOnDay, isFree } from "./free-time";
import { allCustomers, allEmails, allEvents, cell, eventsOnDay, personByEmail, tasksNamed } from "./find";
import { peopleMeetingSoon, pickCustomer, pickTask, progressMails, salesPeople, teamMembers } from "./pick";
import type { Template } from "./types";

const M = "multi_domain";
const LOOKUP = "company_directory.find_email_address";
const SEARCH_CRM = "customer_relationship_manager.search_customers";
const SEARCH_EVENTS = "calendar.search_events";
const SEARCH_EMAILS = "email.search_emails";
const SEARCH_TASKS = "project_management.search_tasks";
const SEND = "email.send_email";
const CREATE_EVENT = "calendar.create_event";
type Rec = Record<string, Cell>;

const send = (recipient: string, subject: string, body: string) => call(SEND, { recipient, subject, body });
const meeting = (name: string, email: string, start: string, minutes = "30") => call(CREATE_EVENT, { event_name: name, participant_email: email, event_start: start, duration: minutes });

/** The months "how many meetings I had with {name} in {month}" asks about, with their first and last days. */
export const MEETING_COUNT_MONTHS = [
  ["August", "2023-08-01", "2023-08-31"],
  ["September", "2023-09-01", "2023-09-30"],
  ["October", "2023-10-01", "2023-10-31"],
  ["November", "2023-11-01", "2023-11-30"],
] as const;

export const MULTI_TEMPLATES: Template[] = [
  {
    id: "multi.email-customer-owner", domain: M, toolkits: ["crm", "email"], writes: ["email"],
    text: "Email whoever looks after {customer} with the subject 'About {customer}' saying '{body}'",
    tools: [SEARCH_CRM, SEND],
    ambiguity: "Full customer names are unique; the owner is the customer's assigned_to_email.",
    instantiate(ctx) {
      const c = pickCustomer(ctx);
      if (!c) return null;
      const body = ctx.rng.pick(BODIES);
      const name = cell(c.customer_name);
      return { text: `Email whoever looks after ${name} with the subject 'About ${name}' saying '${body}'`, calls: [send(cell(c.assigned_to_email), `About ${name}`, body)] };
    },
  },
  {
    id: "multi.stale-customer-meeting", domain: M, toolkits: ["crm", "calendar"], writes: ["calendar"], conditional: true, mayNeedNoAction: true,
    text: "If we haven't spoken to {customer} in the last {n} days, book a 30-minute 'Catch up on {customer}' with their account owner at the first time I'm free tomorrow; otherwise do nothing",
    tools: [SEARCH_CRM, SEARCH_EVENTS, CREATE_EVENT],
    ambiguity: "Last {n} days counts back from today (Nov 30), so contact on or after today - n is recent; tomorrow's free time is read in full.",
    instantiate(ctx) {
      const c = pickCustomer(ctx);
      if (!c) return null;
      const ageDays = Math.round((Date.parse("2023-11-30") - Date.parse(cell(c.last_contact_date))) / 86_400_000);
      const n = ctx.wantNoAction ? ageDays + ctx.rng.int(0, 5) : ageDays - ctx.rng.int(1, 5);
      if (n < 1) return null;
      const stale = ageDays > n;
      const slot = firstFreeOnDay(ctx, TOMORROW, 30);
      if (!slot) return null;
      const name = cell(c.customer_name);
      return {
        text: `If we haven't spoken to ${name} in the last ${n} days, book a 30-minute 'Catch up on ${name}' with their account owner at the first time I'm free tomorrow; otherwise do nothing`,
        calls: stale ? [meeting(`Catch up on ${name}`, cell(c.assigned_to_email), `${TOMORROW} ${slot}`)] : [],
      };
    },
  },
  {
    id: "multi.cancel-and-apologise", domain: M, toolkits: ["calendar", "email"], writes: ["calendar", "email"],
    text: "Cancel my next meeting with {name} and email them with the subject 'Cancelled: {event}' saying 'Sorry, something came up.'",
    tools: [LOOKUP, SEARCH_EVENTS, "calendar.delete_event", SEND],
    ambiguity: "The earliest future event with them; ties on the start time are rejected.",
    instantiate(ctx) {
      const p = pickPerson(ctx, peopleMeetingSoon(ctx));
      const rows = p && allEvents(ctx, p.person.email, "2023-11-30 00:00:00", "2024-12-31 23:59:59");
      const next = rows?.[0];
      if (!p || !next || cell(rows?.[1]?.event_start) === cell(next.event_start)) return null;
      return {
        text: `Cancel my next meeting with ${p.ref} and email them with the subject 'Cancelled: ${cell(next.event_name)}' saying 'Sorry, something came up.'`,
        calls: [call("calendar.delete_event", { event_id: cell(next.event_id) }), send(p.person.email, `Cancelled: ${cell(next.event_name)}`, "Sorry, something came up.")],
      };
    },
  },
  {
    id: "multi.task-owner-meeting", domain: M, toolkits: ["project_management", "calendar"], writes: ["calendar"],
    text: "Book a 30-minute 'Check-in: {task}' with whoever owns the {board} task '{task}' on {date} at {time}",
    tools: [SEARCH_TASKS, CREATE_EVENT],
    ambiguity: "Name + board identify one task and so one owner.",
    instantiate(ctx) {
      const t = pickTask(ctx);
      if (!t) return null;
      const date = futureWeekday(ctx);
      const time = minutesToTime(9 * 60 + 30 * ctx.rng.int(0, 16));
      return {
        text: `Book a 30-minute 'Check-in: ${cell(t.task_name)}' with whoever owns the ${cell(t.board)} task '${cell(t.task_name)}' on ${say(date)} at ${time.slice(0, 5)}`,
        calls: [meeting(`Check-in: ${cell(t.task_name)}`, cell(t.assigned_to_email), `${date} ${time}`)],
      };
    },
  },
  {
    id: "multi.engagement-alert", domain: M, toolkits: ["analytics", "email"], writes: ["email"], conditional: true, mayNeedNoAction: true,
    text: "If fewer than {n} users were engaged on {date}, email {name} with the subject 'Engagement dip' and the number of engaged users as the body; otherwise do nothing",
    tools: [LOOKUP, "analytics.engaged_users_count", SEND],
    ambiguity: "Strictly fewer; a day without visits has 0 engaged users.",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      const date = addDays("2023-08-01", ctx.rng.int(0, 120));
      if (!p) return null;
      const counts = ctx.read("analytics.engaged_users_count", { time_min: date, time_max: date }) as Record<string, number>;
      const engaged = Number(counts[date] ?? 0);
      const n = ctx.wantNoAction ? engaged - ctx.rng.int(0, 3) : engaged + ctx.rng.int(1, 3);
      if (n < 1) return null;
      return {
        text: `If fewer than ${n} users were engaged on ${say(date)}, email ${p.ref} with the subject 'Engagement dip' and the number of engaged users as the body; otherwise do nothing`,
        calls: engaged < n ? [send(p.person.email, "Engagement dip", String(engaged))] : [],
      };
    },
  },
  {
    id: "multi.reassign-and-notify", domain: M, toolkits: ["project_management", "email"], writes: ["project_tasks", "email"],
    text: "Reassign the {board} task '{task}' to {name} and email them with the subject 'New task: {task}' saying 'This one is yours now.'",
    tools: [LOOKUP, SEARCH_TASKS, "project_management.update_task", SEND],
    ambiguity: "Name + board identify one task; the new owner is a team member other than the current one.",
    instantiate(ctx) {
      const t = pickTask(ctx);
      const team = teamMembers(ctx);
      const p = t && pickPerson(ctx, team, [cell(t.assigned_to_email)]);
      if (!t || !p) return null;
      const name = cell(t.task_name);
      return {
        text: `Reassign the ${cell(t.board)} task '${name}' to ${p.ref} and email them with the subject 'New task: ${name}' saying 'This one is yours now.'`,
        calls: [call("project_management.update_task", { task_id: cell(t.task_id), field: "assigned_to_email", new_value: p.person.email }), send(p.person.email, `New task: ${name}`, "This one is yours now.")],
      };
    },
  },
  {
    id: "multi.won-onboarding-task", domain: M, toolkits: ["crm", "project_management"], writes: ["crm", "project_tasks"],
    text: "Mark {customer} as Won and add a Backlog task 'Onboard {customer}' on the Back end board for {name}, due {date}",
    tools: [LOOKUP, SEARCH_CRM, "customer_relationship_manager.update_customer", "project_management.create_task"],
    ambiguity: "The customer is not already Won; the assignee is a current team member.",
    instantiate(ctx) {
      const c = pickCustomer(ctx, (row) => row.status !== "Won");
      const team = teamMembers(ctx);
      const p = pickPerson(ctx, team);
      if (!c || !p) return null;
      const due = addDays("2023-12-04", ctx.rng.int(0, 20));
      const name = cell(c.customer_name);
      return {
        text: `Mark ${name} as Won and add a Backlog task 'Onboard ${name}' on the Back end board for ${p.ref}, due ${say(due)}`,
        calls: [
          call("customer_relationship_manager.update_customer", { customer_id: cell(c.customer_id), field: "status", new_value: "Won" }),
          call("project_management.create_task", { task_name: `Onboard ${name}`, assigned_to_email: p.person.email, list_name: "Backlog", due_date: due, board: "Back end" }),
        ],
      };
    },
  },
  {
    id: "multi.follow-up-meeting", domain: M, toolkits: ["crm", "calendar"], writes: ["calendar"],
    text: "Book a 30-minute 'Follow-up: {customer}' at 10:00 on {customer}'s follow-up date with their account owner",
    tools: [SEARCH_CRM, CREATE_EVENT],
    ambiguity: "The follow-up date and owner are single fields of one customer.",
    instantiate(ctx) {
      const c = pickCustomer(ctx, (row) => (row.follow_up_by as string) > "2023-11-30");
      if (!c) return null;
      const name = cell(c.customer_name);
      return { text: `Book a 30-minute 'Follow-up: ${name}' at 10:00 on ${name}'s follow-up date with their account owner`, calls: [meeting(`Follow-up: ${name}`, cell(c.assigned_to_email), `${cell(c.follow_up_by)} 10:00:00`)] };
    },
  },
  {
    id: "multi.thanks-if-done", domain: M, toolkits: ["project_management", "email"], writes: ["email"], conditional: true, mayNeedNoAction: true,
    text: "If the {board} task '{task}' is Completed, email its owner with the subject 'Thanks!' saying 'Thanks for finishing {task}.'; otherwise do nothing",
    tools: [SEARCH_TASKS, SEND],
    ambiguity: "Name + board identify one task; the branch depends on its list only.",
    instantiate(ctx) {
      const t = pickTask(ctx, (row) => (row.list_name === "Completed") !== ctx.wantNoAction);
      if (!t) return null;
      const name = cell(t.task_name);
      return {
        text: `If the ${cell(t.board)} task '${name}' is Completed, email its owner with the subject 'Thanks!' saying 'Thanks for finishing ${name}.'; otherwise do nothing`,
        calls: cell(t.list_name) === "Completed" ? [send(cell(t.assigned_to_email), "Thanks!", `Thanks for finishing ${name}.`)] : [],
      };
    },
  },
  {
    id: "multi.lost-goodbye", domain: M, toolkits: ["crm", "email"], writes: ["crm", "email"],
    text: "Mark {customer} as Lost and email them with the subject 'Thank you' saying '{body}'",
    tools: [SEARCH_CRM, "customer_relationship_manager.update_customer", SEND],
    ambiguity: "The customer is not already Lost; their address is a field of the one matching record.",
    instantiate(ctx) {
      const c = pickCustomer(ctx, (row) => row.status !== "Lost");
      if (!c) return null;
      const body = "Thanks for considering us. Do get in touch if anything changes.";
      return {
        text: `Mark ${cell(c.customer_name)} as Lost and email them with the subject 'Thank you' saying '${body}'`,
        calls: [call("customer_relationship_manager.update_customer", { customer_id: cell(c.customer_id), field: "status", new_value: "Lost" }), send(cell(c.customer_email), "Thank you", body)],
      };
    },
  },
  {
    id: "multi.free-or-ask", domain: M, toolkits: ["calendar", "project_management", "email"], writes: ["calendar", "email"], conditional: true,
    text: "If I'm free for 30 minutes at {time} on {date}, book 'Review {task}' then with the owner of the {board} task '{task}'; otherwise email them with the subject 'Review {task}' asking 'When suits you for a review?'",
    tools: [SEARCH_TASKS, SEARCH_EVENTS, CREATE_EVENT, SEND],
    ambiguity: "Free means no event overlapping the half hour (events read in full for the day).",
    instantiate(ctx) {
      const t = pickTask(ctx);
      const date = futureWeekday(ctx);
      const events = eventsOnDay(ctx, date);
      if (!t || !events) return null;
      const start = 9 * 60 + 30 * ctx.rng.int(0, 16);
      const time = minutesToTime(start);
      const name = cell(t.task_name);
      const calls = isFree(events, start, 30)
        ? [meeting(`Review ${name}`, cell(t.assigned_to_email), `${date} ${time}`)]
        : [send(cell(t.assigned_to_email), `Review ${name}`, "When suits you for a review?")];
      return { text: `If I'm free for 30 minutes at ${time.slice(0, 5)} on ${say(date)}, book 'Review ${name}' then with the owner of the ${cell(t.board)} task '${name}'; otherwise email them with the subject 'Review ${name}' asking 'When suits you for a review?'`, calls };
    },
  },
  {
    id: "multi.invite-to-meeting", domain: M, toolkits: ["calendar", "email"], writes: ["calendar", "email"],
    text: "Book {name} their own '{event}' at the same time and length as my '{event}' meeting on {date}, and email them with the subject 'Invite: {event}' saying 'See you at {time}.'",
    tools: [LOOKUP, SEARCH_EVENTS, CREATE_EVENT, SEND],
    ambiguity: "One meeting of that exact name that day (one row per meeting); the new event copies its name, start and length for the named person.",
    instantiate(ctx) {
      const row = ctx.rng.pick(ctx.world.calendar.filter((r) => (r.event_start as string) > "2023-11-30"));
      const date = (row.event_start as string).slice(0, 10);
      const rows = eventsOnDay(ctx, date, row.event_name as string)?.filter((r) => cell(r.event_name) === row.event_name);
      if (!rows || rows.length !== 1) return null;
      const p = pickPerson(ctx, undefined, [row.participant_email as string]);
      if (!p) return null;
      const time = (row.event_start as string).slice(11, 16);
      const name = row.event_name as string;
      return {
        text: `Book ${p.ref} their own '${name}' at the same time and length as my '${name}' meeting on ${say(date)}, and email them with the subject 'Invite: ${name}' saying 'See you at ${time}.'`,
        calls: [meeting(name, p.person.email, row.event_start as string, row.duration as string), send(p.person.email, `Invite: ${name}`, `See you at ${time}.`)],
      };
    },
  },
  {
    id: "multi.reply-and-review", domain: M, toolkits: ["email", "project_management"], writes: ["email", "project_tasks"],
    text: "Reply to {name}'s latest email about '{task}' with 'Moving it to review.' and move that task of theirs to In Review",
    tools: [LOOKUP, SEARCH_EMAILS, SEARCH_TASKS, "email.reply_email", "project_management.update_task"],
    ambiguity: "The newest inbox email from them that names the task (in its subject or body; the search matches words, so an email about a similarly named task is not about it), rejected when two tie; the task is unique by name + assignee and not already In Review.",
    instantiate(ctx) {
      const mail = ctx.rng.pick(progressMails(ctx, true, false));
      const task = (mail.subject as string).slice("Progress on ".length);
      const person = personByEmail(ctx, mail["sender/recipient"] as string);
      const p = person && pickPerson(ctx, [person]);
      if (!p) return null;
      const about = (allEmails(ctx, `${p.person.email} ${task}`) ?? []).filter(
        (row) => row["inbox/outbox"] === "inbox" && row["sender/recipient"] === p.person.email && (cell(row.subject).includes(task) || cell(row.body).includes(task)),
      );
      const [latest, next] = about;
      const tasks = tasksNamed(ctx, task, { assigned_to_email: p.person.email });
      const t = tasks[0];
      if (!latest || (next && next.sent_datetime === latest.sent_datetime) || tasks.length !== 1 || !t || cell(t.list_name) === "In Review") return null;
      return {
        text: `Reply to ${p.ref}'s latest email about '${task}' with 'Moving it to review.' and move that task of theirs to In Review`,
        calls: [call("email.reply_email", { email_id: cell(latest.email_id), body: "Moving it to review." }), call("project_management.update_task", { task_id: cell(t.task_id), field: "list_name", new_value: "In Review" })],
      };
    },
  },
  {
    id: "multi.plot-and-share", domain: M, toolkits: ["analytics", "email"], writes: ["plots", "email"],
    text: "Make a {type} chart of total visits from {from} to {to} and email its file path to {name} with the subject 'Visits chart'",
    tools: [LOOKUP, "analytics.create_plot", SEND],
    ambiguity: "The path is what create_plot returns for the explicit arguments.",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      if (!p) return null;
      const from = addDays("2023-08-01", ctx.rng.int(0, 90));
      const to = addDays(from, ctx.rng.int(3, 25));
      const type = ctx.rng.pick(["bar", "line", "scatter", "histogram"]);
      return {
        text: `Make a ${type} chart of total visits from ${say(from)} to ${say(to)} and email its file path to ${p.ref} with the subject 'Visits chart'`,
        calls: [call("analytics.create_plot", { time_min: from, time_max: to, value_to_plot: "total_visits", plot_type: type }), send(p.person.email, "Visits chart", `plots/${from}_${to}_total_visits_${type}.png`)],
      };
    },
  },
  {
    id: "multi.customer-count-email", domain: M, toolkits: ["crm", "email"], writes: ["email"],
    text: "Email {name} how many {status} customers they look after (subject '{status} customers', body just the number)",
    tools: [LOOKUP, SEARCH_CRM, SEND],
    ambiguity: "A count over every page (split by product interest past the 5-result limit).",
    instantiate(ctx) {
      const p = pickPerson(ctx, salesPeople(ctx));
      const status = ctx.rng.pick(STATUSES);
      const rows = p && allCustomers(ctx, { assigned_to_email: p.person.email, status });
      if (!p || !rows) return null;
      return { text: `Email ${p.ref} how many ${status} customers they look after (subject '${status} customers', body just the number)`, calls: [send(p.person.email, `${status} customers`, String(rows.length))] };
    },
  },
  {
    id: "multi.meeting-count-email", domain: M, toolkits: ["calendar", "email"], writes: ["email"],
    text: "Email {other} how many meetings I had with {name} in {month} (subject 'Meetings with {name}', body just the number)",
    tools: [LOOKUP, SEARCH_EVENTS, SEND],
    ambiguity: "Counts meetings (one row each) with that participant starting in the month, read past the 5-result limit.",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      const to = p && pickPerson(ctx, undefined, [p.person.email]);
      const [month, first, last] = ctx.rng.pick(MEETING_COUNT_MONTHS);
      const rows = p && allEvents(ctx, p.person.email, `${first} 00:00:00`, `${last} 23:59:59`);
      if (!p || !to || !rows) return null;
      return { text: `Email ${to.ref} how many meetings I had with ${p.ref} in ${month} (subject 'Meetings with ${p.ref}', body just the number)`, calls: [send(to.person.email, `Meetings with ${p.ref}`, String(rows.length))] };
    },
  },
  {
    id: "multi.deadline-check", domain: M, toolkits: ["project_management", "calendar"], writes: ["calendar"], conditional: true, mayNeedNoAction: true,
    text: "If {name} has any unfinished {board} tasks due before {date}, book a 30-minute 'Deadline check' with them at the first time I'm free on {date}; otherwise do nothing",
    tools: [LOOKUP, SEARCH_TASKS, SEARCH_EVENTS, CREATE_EVENT],
    ambiguity: "Unfinished = not Completed; 'before' is exclusive; the day's events are read in full.",
    instantiate(ctx) {
      const team = teamMembers(ctx);
      const p = pickPerson(ctx, team);
      const board = ctx.rng.pick(BOARDS);
      const date = futureWeekday(ctx);
      if (!p) return null;
      const rows = ctx.read(SEARCH_TASKS, { assigned_to_email: p.person.email, board }) as Rec[];
      const late = rows.some((row) => cell(row.due_date) < date && cell(row.list_name) !== "Completed");
      if (late === ctx.wantNoAction) return null;
      const slot = firstFreeOnDay(ctx, date, 30);
      if (!slot) return null;
      return {
        text: `If ${p.ref} has any unfinished ${board} tasks due before ${say(date)}, book a 30-minute 'Deadline check' with them at the first time I'm free on ${say(date)}; otherwise do nothing`,
        calls: late ? [meeting("Deadline check", p.person.email, `${date} ${slot}`)] : [],
      };
    },
  },
  {
    id: "multi.follow-up-nudge", domain: M, toolkits: ["crm", "email"], writes: ["email"], conditional: true, mayNeedNoAction: true,
    text: "If {customer}'s follow-up date is before {date}, email their account owner with the subject 'Follow up with {customer}' saying 'Please reach out this week.'; otherwise do nothing",
    tools: [SEARCH_CRM, SEND],
    ambiguity: "'Before' is exclusive; the date never equals the follow-up date.",
    instantiate(ctx) {
      const c = pickCustomer(ctx);
      if (!c) return null;
      const due = cell(c.follow_up_by);
      const date = ctx.wantNoAction ? addDays(due, -ctx.rng.int(1, 10)) : addDays(due, ctx.rng.int(1, 10));
      const name = cell(c.customer_name);
      return {
        text: `If ${name}'s follow-up date is before ${say(date)}, email their account owner with the subject 'Follow up with ${name}' saying 'Please reach out this week.'; otherwise do nothing`,
        calls: due < date ? [send(cell(c.assigned_to_email), `Follow up with ${name}`, "Please reach out this week.")] : [],
      };
    },
  },
  {
    id: "multi.forward-to-task-owner", domain: M, toolkits: ["email", "project_management"], writes: ["email"],
    text: "Forward my latest email about '{task}' to whoever that task is assigned to",
    tools: [SEARCH_EMAILS, SEARCH_TASKS, "email.forward_email"],
    ambiguity: "The task name is unique across boards; the newest email's subject names it exactly.",
    instantiate(ctx) {
      const mail = ctx.rng.pick(progressMails(ctx, false));
      const task = (mail.subject as string).slice("Progress on ".length);
      const page = ctx.read(SEARCH_EMAILS, { query: task }) as Rec[];
      const tasks = tasksNamed(ctx, task);
      const first = page[0];
      if (!first || cell(first.subject) !== `Progress on ${task}` || tasks.length !== 1) return null;
      return { text: `Forward my latest email about '${task}' to whoever that task is assigned to`, calls: [call("email.forward_email", { email_id: cell(first.email_id), recipient: cell(tasks[0]?.assigned_to_email) })] };
    },
  },
  {
    id: "multi.add-lead-and-meet", domain: M, toolkits: ["crm", "calendar"], writes: ["crm", "calendar"],
    text: "Add {customer} as a Lead assigned to {name}, and book a 30-minute 'Intro: {customer}' with {name} on {date} at {time}",
    tools: [LOOKUP, "customer_relationship_manager.add_customer", CREATE_EVENT],
    ambiguity: "A new customer name; every other field is given.",
    instantiate(ctx) {
      const p = pickPerson(ctx, salesPeople(ctx));
      const name = `${asciiName(() => ctx.rng.faker.person.firstName())} ${asciiName(() => ctx.rng.faker.person.lastName())}`;
      if (!p || ctx.world.crm.some((row) => row.customer_name === name)) return null;
      const date = futureWeekday(ctx);
      const time = minutesToTime(9 * 60 + 30 * ctx.rng.int(0, 16));
      return {
        text: `Add ${name} as a Lead assigned to ${p.ref}, and book a 30-minute 'Intro: ${name}' with ${p.ref} on ${say(date)} at ${time.slice(0, 5)}`,
        calls: [call("customer_relationship_manager.add_customer", { customer_name: name, assigned_to_email: p.person.email, status: "Lead" }), meeting(`Intro: ${name}`, p.person.email, `${date} ${time}`)],
      };
    },
  },
  {
    id: "multi.day-off", domain: M, toolkits: ["calendar", "email"], writes: ["calendar", "email"],
    text: "I'm off on {date}: cancel every meeting I have that day and email {name} with the subject 'Out on {date}' saying 'I am off that day.'",
    tools: [LOOKUP, SEARCH_EVENTS, "calendar.delete_event", SEND],
    ambiguity: "Every meeting that day (read past the 5-result limit) is cancelled, then one email.",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      const date = futureWeekday(ctx);
      const rows = eventsOnDay(ctx, date);
      if (!p || !rows) return null;
      return {
        text: `I'm off on ${say(date)}: cancel every meeting I have that day and email ${p.ref} with the subject 'Out on ${say(date)}' saying 'I am off that day.'`,
        calls: [...rows.map((row) => call("calendar.delete_event", { event_id: cell(row.event_id) })), send(p.person.email, `Out on ${say(date)}`, "I am off that day.")],
      };
    },
  },
];
