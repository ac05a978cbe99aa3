// The checker's rules for the templates written after the paper's (templates/paper-*.ts).
import type { Reader, Rec } from "./reader";
import { UnreadableError } from "./reader";
import { DATE, NAME, NOW, TODAY, c, createEvent, firstFree, isoDate, meetingsWith, metricValue, minutesOf, one, plot, send, shiftDays, type Rule } from "./rule-kit";
import { newestAbout } from "./rules-single";

const rule = (id: string, pattern: string, solve: Rule["solve"]): Rule => ({ id, pattern: new RegExp(`^${pattern}$`), solve });
const YESTERDAY = "2023-11-29";
const NEXT_FRIDAY = "2023-12-08";
const COUNT_TOOL: Record<string, string> = { "total visits": "analytics.total_visits_count", "engaged users": "analytics.engaged_users_count" };
const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

/** "If {metric} were more/fewer than n on any day since/in …": true when a day with data crosses it. */
function crossed(read: Reader, words: string, direction: string, n: string, from: string): boolean {
  const tool = COUNT_TOOL[words];
  if (!tool) throw new Error(`unknown metric ${words}`);
  return Object.values(read.perDay(tool, from, YESTERDAY)).some((value) => (direction === "more" ? value > Number(n) : value < Number(n)));
}

function dayEvents(read: Reader, date: string): Rec[] {
  return read.events("", `${date} 00:00:00`, `${date} 23:59:59`);
}

/** The first (or last) meeting of a day by start time; a tie is ambiguous. */
function edgeMeeting(read: Reader, date: string, last: boolean): Rec {
  const rows = dayEvents(read, date);
  const [pick, next] = last ? [rows[rows.length - 1], rows[rows.length - 2]] : [rows[0], rows[1]];
  if (!pick || next?.event_start === pick.event_start) throw new UnreadableError(`no single ${last ? "last" : "first"} meeting on ${date}`);
  return pick;
}

const tasksOf = (read: Reader, email: string, filters: Record<string, string> = {}) => read.tasks({ assigned_to_email: email, ...filters }).filter((row) => row.assigned_to_email === email);
const overdue = (row: Rec) => row.list_name !== "Completed" && (row.due_date as string) < TODAY;
const updateTask = (row: Rec, field: string, new_value: string) => c("project_management.update_task", { task_id: row.task_id!, field, new_value });
const createTask = (task_name: string, assigned_to_email: string) => c("project_management.create_task", { task_name, assigned_to_email, list_name: "Backlog", due_date: NEXT_FRIDAY, board: "Front end" });
const METRIC_IF = "If (total visits|engaged users) were (more|fewer) than (\\d+) on any day since " + DATE;

export const PAPER_RULES: readonly Rule[] = [
  rule("analytics.plot-since", `Can you make a (\\w+) chart of (.+) since ${DATE}, through yesterday\\?`, ([, type, words, from]) => [plot(isoDate(from!), YESTERDAY, metricValue(words!), type!)]),
  rule("analytics.threshold-since", `${METRIC_IF}, make a line plot of them from then through yesterday; otherwise do nothing`, ([, words, direction, n, from], read) =>
    crossed(read, words!, direction!, n!, isoDate(from!)) ? [plot(isoDate(from!), YESTERDAY, metricValue(words!), "line")] : []),
  rule("analytics.threshold-last-weeks", "If (total visits|engaged users) were (more|fewer) than (\\d+) on any day in the last (\\d+) weeks, make a line plot of them over those weeks; otherwise do nothing", ([, words, direction, n, weeks], read) => {
    const from = shiftDays(TODAY, -7 * Number(weeks));
    return crossed(read, words!, direction!, n!, from) ? [plot(from, YESTERDAY, metricValue(words!), "line")] : [];
  }),
  rule("analytics.growth-vs-weekday", "If (total visits|engaged users) yesterday were more than (\\d+)% higher than last (\\w+), make a line plot of them from that \\w+ through yesterday; otherwise do nothing", ([, words, p, day], read) => {
    let then = shiftDays(YESTERDAY, -1);
    while (WEEKDAYS[new Date(`${then}T00:00:00Z`).getUTCDay()] !== day) then = shiftDays(then, -1);
    const counts = read.perDay(COUNT_TOOL[words!]!, then, YESTERDAY);
    const [a, b] = [counts[then] ?? 0, counts[YESTERDAY] ?? 0];
    if (a === 0) throw new UnreadableError("no visits on that day");
    return (100 * (b - a)) / a > Number(p) ? [plot(then, YESTERDAY, metricValue(words!), "line")] : [];
  }),
  rule("calendar.cancel-first-on-day", `Cancel my first meeting on ${DATE}`, ([, date], read) => [c("calendar.delete_event", { event_id: edgeMeeting(read, isoDate(date!), false).event_id! })]),
  rule("calendar.rename-last-on-day", `Change the name of the last meeting on ${DATE} to '(.+)'`, ([, date, title], read) => [c("calendar.update_event", { event_id: edgeMeeting(read, isoDate(date!), true).event_id!, field: "event_name", new_value: title! })]),
  rule("calendar.catch-up-if-not-met", `If I haven't met with ${NAME} in the last (\\d+) days, schedule a 30-minute meeting called 'Catch-up' with them at the first time I'm free tomorrow; otherwise do nothing`, ([, name, n], read) => {
    const email = read.person(name!);
    const met = meetingsWith(read, email, `${shiftDays(TODAY, -Number(n))} 00:00:00`, "2023-11-29 23:59:59").length > 0;
    const tomorrow = shiftDays(TODAY, 1);
    return met ? [] : [createEvent("Catch-up", email, `${tomorrow} ${firstFree(read, tomorrow, 30)}`, "30")];
  }),
  rule("calendar.cancel-before-after", `Cancel my meetings on ${DATE} that start (before|after) (\\d\\d):(\\d\\d)`, ([, date, side, hh, mm], read) => {
    const minutes = Number(hh) * 60 + Number(mm);
    return dayEvents(read, isoDate(date!))
      .filter((row) => (side === "before" ? minutesOf(row.event_start!) < minutes : minutesOf(row.event_start!) > minutes))
      .map((row) => c("calendar.delete_event", { event_id: row.event_id! }));
  }),
  rule("calendar.cancel-future-with", `Cancel all my future meetings with ${NAME}`, ([, name], read) => meetingsWith(read, read.person(name!), NOW, "2100-12-31 23:59:59").map((row) => c("calendar.delete_event", { event_id: row.event_id! }))),
  rule("crm.bulk-reassign", `Reassign all of ${NAME}'s (\\w+) customers interested in (\\w+) to ${NAME}`, ([, from, status, product, to], read) => {
    const email = read.person(from!);
    const target = read.person(to!);
    return read.customers({ assigned_to_email: email, status: status!, product_interest: product! })
      .filter((row) => row.assigned_to_email === email && row.status === status && row.product_interest === product)
      .map((row) => c("customer_relationship_manager.update_customer", { customer_id: row.customer_id!, field: "assigned_to_email", new_value: target }));
  }),
  rule("email.forward-to-two", `Forward the latest email about '(.+)' to ${NAME} and ${NAME}`, ([, task, a, b], read) => {
    const id = newestAbout(read, task!).email_id!;
    return [a!, b!].map((name) => c("email.forward_email", { email_id: id, recipient: read.person(name) }));
  }),
  rule("email.forward-all-about", `Forward every email ${NAME} sent me about '(.+)' to ${NAME}, oldest first`, ([, from, task, to], read) => {
    const email = read.person(from!);
    const target = read.person(to!);
    return read.emails(`${email} ${task}`).filter((row) => row["sender/recipient"] === email && row["inbox/outbox"] === "inbox").reverse().map((row) => c("email.forward_email", { email_id: row.email_id!, recipient: target }));
  }),
  rule("project.overdue-backlog-to-progress", `Move all of ${NAME}'s overdue tasks in the Backlog to In Progress`, ([, name], read) =>
    tasksOf(read, read.person(name!), { list_name: "Backlog" }).filter((row) => row.list_name === "Backlog" && overdue(row)).map((row) => updateTask(row, "list_name", "In Progress"))),
  rule("project.vacation-to-backlog", `${NAME} is on vacation now, so move all their unfinished (.+) tasks to the Backlog`, ([, name, board], read) =>
    tasksOf(read, read.person(name!), { board: board! }).filter((row) => row.board === board && row.list_name !== "Completed" && row.list_name !== "Backlog").map((row) => updateTask(row, "list_name", "Backlog"))),
  rule("project.most-urgent-to", `Take ${NAME}'s most urgent unfinished task and reassign it to ${NAME}`, ([, from, to], read) => {
    const open = tasksOf(read, read.person(from!)).filter((row) => row.list_name !== "Completed");
    const earliest = open.map((row) => row.due_date!).sort()[0];
    return [updateTask(one(open.filter((row) => row.due_date === earliest), "the most urgent task"), "assigned_to_email", read.person(to!))];
  }),
  rule("multi.lead-to-fewest-overdue", `Add (.+) as a new Lead in the CRM and assign them to whichever of ${NAME}, ${NAME} and ${NAME} has the fewest overdue tasks`, ([, customer, ...names], read) => {
    const counts = names.map((name) => [read.person(name!), tasksOf(read, read.person(name!)).filter(overdue).length] as const);
    const fewest = Math.min(...counts.map(([, n]) => n));
    const [email] = one(counts.filter(([, n]) => n === fewest), "the person with the fewest overdue tasks");
    return [c("customer_relationship_manager.add_customer", { customer_name: customer!, assigned_to_email: email, status: "Lead" })];
  }),
  rule("multi.metric-task-most-completed", `${METRIC_IF}, make a Backlog task called 'Improve (.+)' on the Front end board due next Friday for whichever of ${NAME}, ${NAME} and ${NAME} has the most Completed Front end tasks; otherwise do nothing`, ([, words, direction, n, from, , ...names], read) => {
    if (!crossed(read, words!, direction!, n!, isoDate(from!))) return [];
    const counts = names.map((name) => [read.person(name!), tasksOf(read, read.person(name!), { list_name: "Completed", board: "Front end" }).filter((row) => row.list_name === "Completed" && row.board === "Front end").length] as const);
    const most = Math.max(...counts.map(([, k]) => k));
    const [email] = one(counts.filter(([, k]) => k === most), "the person with the most completed tasks");
    return [createTask(`Improve ${words}`, email)];
  }),
  rule("multi.metric-meeting", `${METRIC_IF}, schedule a 30-minute meeting called 'Discuss (.+)' with ${NAME} at the first time I'm free tomorrow; otherwise do nothing`, ([, words, direction, n, from, , name], read) => {
    if (!crossed(read, words!, direction!, n!, isoDate(from!))) return [];
    const tomorrow = shiftDays(TODAY, 1);
    return [createEvent(`Discuss ${words}`, read.person(name!), `${tomorrow} ${firstFree(read, tomorrow, 30)}`, "30")];
  }),
  rule("multi.metric-task-else-email", `${METRIC_IF}, make a Backlog task 'Improve (.+)' for ${NAME} on the Front end board due next Friday; otherwise email them with the subject 'Recent (.+)' saying 'I noticed (.+) has been stable, nice work!'`, ([, words, direction, n, from, , name], read) => {
    const email = read.person(name!);
    return crossed(read, words!, direction!, n!, isoDate(from!)) ? [createTask(`Improve ${words}`, email)] : [send(email, `Recent ${words}`, `I noticed ${words} has been stable, nice work!`)];
  }),
  rule("multi.email-to-meeting", `Find the email from ${DATE} about '(.+)' and book a 30-minute meeting called '(.+)' with its sender on ${DATE} at (\\d\\d:\\d\\d)`, ([, date, task, title, day, time], read) => {
    const on = isoDate(date!);
    const mail = one(read.emails(task!, on, on).filter((row) => row["inbox/outbox"] === "inbox"), `the email about '${task}' on ${on}`);
    return [createEvent(title!, mail["sender/recipient"]!, `${isoDate(day!)} ${time}:00`, "30")];
  }),
  rule("multi.email-first-event-attendee", `Email the attendee of my first meeting on ${DATE}: title it with the meeting's name and say 'Remember to attend this event.'`, ([, date], read) => {
    const first = edgeMeeting(read, isoDate(date!), false);
    return [send(first.participant_email!, first.event_name!, "Remember to attend this event.")];
  }),
  rule("multi.no-meetings-ahead-email", `If I don't have any meetings with ${NAME} in the next (\\d+) days, send them an email titled 'Catch up soon\\?' saying '(.+)'; otherwise do nothing`, ([, name, n, body], read) => {
    const email = read.person(name!);
    return meetingsWith(read, email, `${TODAY} 00:00:00`, `${shiftDays(TODAY, Number(n) - 1)} 23:59:59`).length === 0 ? [send(email, "Catch up soon?", body!)] : [];
  }),
  rule("multi.metric-drop-leads", `${METRIC_IF}, delete ${NAME}'s Lead customers in the CRM and email them with the subject 'Reprioritising' saying '(.+)'; otherwise email them that subject saying '(.+)'`, ([, words, direction, n, from, name, yes, no], read) => {
    const email = read.person(name!);
    if (!crossed(read, words!, direction!, n!, isoDate(from!))) return [send(email, "Reprioritising", no!)];
    return [...leadsOf(read, email).map((row) => c("customer_relationship_manager.delete_customer", { customer_id: row.customer_id! })), send(email, "Reprioritising", yes!)];
  }),
  rule("multi.metric-plan-else-leads", `${METRIC_IF}, make a Backlog task 'Improve (.+)' for ${NAME} on the Front end board due next Friday and book a 30-minute 'Discuss (.+)' with them at the first time I'm free tomorrow; otherwise email them with the subject 'New leads for you' saying '(.+)' and give them all of ${NAME}'s Lead customers`, ([, words, direction, n, from, , name, , body, other], read) => {
    const email = read.person(name!);
    if (crossed(read, words!, direction!, n!, isoDate(from!))) {
      const tomorrow = shiftDays(TODAY, 1);
      return [createTask(`Improve ${words}`, email), createEvent(`Discuss ${words}`, email, `${tomorrow} ${firstFree(read, tomorrow, 30)}`, "30")];
    }
    return [send(email, "New leads for you", body!), ...leadsOf(read, read.person(other!)).map((row) => c("customer_relationship_manager.update_customer", { customer_id: row.customer_id!, field: "assigned_to_email", new_value: email }))];
  }),
];

function leadsOf(read: Reader, email: string): Rec[] {
  return read.customers({ assigned_to_email: email, status: "Lead" }).filter((row) => row.assigned_to_email === email && row.status === "Lead");
}
