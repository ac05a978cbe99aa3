// The checker's rules for single-domain templates: each reads the task's text back with a pattern and
// recomputes the calls by the template's stated rule, through the reader (the tools, as an agent).
import type { Reader, Rec } from "./reader";
import { UnreadableError } from "./reader";
import {
  DATE, NAME, NOW, c, clock, createEvent, firstFree, isoDate, meetingNamed, meetingsWith, metricValue, minutesOf, monthRange, one, plot, send, shiftDays, sum, taskNamed, type Rule,
} from "./rule-kit";

const rule = (id: string, pattern: string, solve: Rule["solve"]): Rule => ({ id, pattern: new RegExp(`^${pattern}$`), solve });
const question = (id: string, pattern: string) => rule(id, pattern, () => []);
const SOURCES = ["direct", "referral", "search engine", "social media"];
const updateEvent = (row: Rec, field: string, new_value: string) => c("calendar.update_event", { event_id: row.event_id as string, field, new_value });
const updateCustomer = (row: Rec, field: string, new_value: string) => c("customer_relationship_manager.update_customer", { customer_id: row.customer_id as string, field, new_value });
const updateTask = (row: Rec, field: string, new_value: string) => c("project_management.update_task", { task_id: row.task_id as string, field, new_value });

/** The earliest meeting with a person from now on; a tie on the start is ambiguous. */
export function nextMeeting(read: Reader, email: string): Rec {
  const rows = meetingsWith(read, email, NOW, "2100-12-31 23:59:59");
  const first = rows[0];
  if (!first || rows[1]?.event_start === first.event_start) throw new UnreadableError(`no single next meeting with ${email}`);
  return first;
}

/** Emails with a person (as sender or recipient) sent on days [from, to], newest first, optionally one box. */
export function mailWith(read: Reader, email: string, box?: "inbox" | "outbox", from?: string, to?: string): Rec[] {
  return read.emails(email, from, to).filter((row) => row["sender/recipient"] === email && (!box || row["inbox/outbox"] === box));
}

/** The newest email with a person: the first page (newest first) when it holds one, else every page. */
export function newestWith(read: Reader, email: string, box?: "inbox" | "outbox"): Rec | undefined {
  const wanted = (row: Rec) => row["sender/recipient"] === email && (!box || row["inbox/outbox"] === box);
  return read.page("email.search_emails", { query: email }).find(wanted) ?? mailWith(read, email, box)[0];
}

/** The newest email matching the words: search_emails lists newest first, so its first row. */
export function newestAbout(read: Reader, words: string): Rec {
  const first = read.page("email.search_emails", { query: words })[0];
  if (!first) throw new UnreadableError(`no email about ${words}`);
  return first;
}

const ANALYTICS: Rule[] = [
  rule("analytics.plot-range", `Make a (\\w+) chart of (.+) from ${DATE} to ${DATE}`, ([, type, words, from, to]) => [plot(isoDate(from!), isoDate(to!), metricValue(words!), type!)]),
  rule("analytics.plot-month", "Plot (.+) for the whole of (\\w+) as a (\\w+) graph", ([, words, month, type]) => [plot(...monthRange(month!), metricValue(words!), type!)]),
  rule("analytics.plot-week", `I need a (\\w+) plot of (.+) for the week starting Monday ${DATE} \\(through Sunday\\)`, ([, type, words, from]) => [plot(isoDate(from!), shiftDays(isoDate(from!), 6), metricValue(words!), type!)]),
  rule("analytics.plot-two-values", `Make two (\\w+) charts for ${DATE} to ${DATE}: first (.+), then (.+)`, ([, type, from, to, a, b]) => [plot(isoDate(from!), isoDate(to!), metricValue(a!), type!), plot(isoDate(from!), isoDate(to!), metricValue(b!), type!)]),
  rule("analytics.threshold-either", `If we had more than (\\d+) visits in total from ${DATE} to ${DATE}, plot total visits for that period as a line chart; otherwise plot engaged users for it as a bar chart`, ([, n, f, t], read) => {
    const [from, to] = [isoDate(f!), isoDate(t!)];
    return sum(read.perDay("analytics.total_visits_count", from, to)) > Number(n) ? [plot(from, to, "total_visits", "line")] : [plot(from, to, "user_engaged", "bar")];
  }),
  rule("analytics.engagement-drop", `If fewer users were engaged on ${DATE} than on ${DATE}, make a bar chart of engaged users between those dates; otherwise do nothing`, ([, later, earlier], read) => {
    const [a, b] = [isoDate(earlier!), isoDate(later!)];
    const on = (date: string) => read.perDay("analytics.engaged_users_count", date, date)[date] ?? 0;
    return on(b) < on(a) ? [plot(a < b ? a : b, a < b ? b : a, "user_engaged", "bar")] : [];
  }),
  rule("analytics.source-vs-source", `Between ${DATE} and ${DATE}, did (.+) bring more visits than (.+)\\? Plot the visits of whichever brought more as a (\\w+) chart over that range`, ([, f, t, a, b, type], read) => {
    const [from, to] = [isoDate(f!), isoDate(t!)];
    const visits = (source: string) => sum(read.perDay("analytics.traffic_source_count", from, to, { traffic_source: source }));
    const [na, nb] = [visits(a!), visits(b!)];
    if (na === nb) throw new UnreadableError("a tie");
    return [plot(from, to, metricValue(`visits from ${na > nb ? a : b}`), type!)];
  }),
  rule("analytics.returning-visitor", "If visitor (\\S+) came on more than one day, plot total visits from their first to their last visit as a line chart; otherwise do nothing", ([, visitor], read) => {
    const rows = read.call("analytics.get_visitor_information_by_id", { visitor_id: visitor! }) as { date_of_visit: string }[];
    const days = [...new Set(rows.map((row) => String(row.date_of_visit)))].sort();
    return days.length > 1 ? [plot(days[0]!, days[days.length - 1]!, "total_visits", "line")] : [];
  }),
  rule("analytics.long-sessions", `If the average session on ${DATE} lasted more than (\\d+) seconds, make a histogram of session duration for the seven days ending that day; otherwise do nothing`, ([, d, n], read) => {
    const date = isoDate(d!);
    const average = read.perDay("analytics.get_average_session_duration", date, date)[date];
    if (average === undefined) throw new UnreadableError("no visits that day");
    return average > Number(n) ? [plot(shiftDays(date, -6), date, "session_duration_seconds", "histogram")] : [];
  }),
  question("analytics.how-many-engaged", `How many engaged users did we have on ${DATE}\\?`),
  rule("analytics.busiest-day", `Find the day with the most visits between ${DATE} and ${DATE} and make a bar chart of total visits from that day to ${DATE}`, ([, f, t], read) => {
    const counts = Object.entries(read.perDay("analytics.total_visits_count", isoDate(f!), isoDate(t!)));
    const most = Math.max(...counts.map(([, n]) => n));
    const [day] = one(counts.filter(([, n]) => n === most), "the busiest day");
    return [plot(day, isoDate(t!), "total_visits", "bar")];
  }),
  rule("analytics.weakest-source", `Which traffic source brought the fewest visits from ${DATE} to ${DATE}\\? Plot that source's visits over the same dates as a scatter plot`, ([, f, t], read) => {
    const [from, to] = [isoDate(f!), isoDate(t!)];
    const totals = SOURCES.map((source) => [source, sum(read.perDay("analytics.traffic_source_count", from, to, { traffic_source: source }))] as const);
    const fewest = Math.min(...totals.map(([, n]) => n));
    const [source] = one(totals.filter(([, n]) => n === fewest), "the weakest source");
    return [plot(from, to, metricValue(`visits from ${source}`), "scatter")];
  }),
];

const CALENDAR: Rule[] = [
  rule("calendar.cancel-next-with", `Cancel my next meeting with ${NAME}`, ([, name], read) => [c("calendar.delete_event", { event_id: nextMeeting(read, read.person(name!)).event_id! })]),
  rule("calendar.delete-last-with", `Remove my most recent past meeting with ${NAME} from the calendar`, ([, name], read) => {
    const rows = meetingsWith(read, read.person(name!), "1900-01-01 00:00:00", "2023-11-29 23:59:59");
    const last = rows[rows.length - 1];
    if (!last || rows[rows.length - 2]?.event_start === last.event_start) throw new UnreadableError("no single last meeting");
    return [c("calendar.delete_event", { event_id: last.event_id! })];
  }),
  rule("calendar.book-at", `Book a (\\d+)-minute meeting called '(.+)' with ${NAME} on ${DATE} at (\\d\\d:\\d\\d)`, ([, minutes, title, name, date, time], read) => [createEvent(title!, read.person(name!), `${isoDate(date!)} ${time}:00`, minutes!)]),
  rule("calendar.book-first-free", `Schedule a 30-minute '(.+)' with ${NAME} at the first time I'm free on ${DATE}`, ([, title, name, d], read) => {
    const date = isoDate(d!);
    return [createEvent(title!, read.person(name!), `${date} ${firstFree(read, date, 30)}`, "30")];
  }),
  rule("calendar.rename-meeting", `Rename the '(.+)' meeting on ${DATE} to '(.+)'`, ([, name, date, title], read) => [updateEvent(meetingNamed(read, name!, isoDate(date!)), "event_name", title!)]),
  rule("calendar.push-back", `Push the '(.+)' meeting on ${DATE} back by (\\d+) minutes`, ([, name, d, shift], read) => {
    const date = isoDate(d!);
    const row = meetingNamed(read, name!, date);
    const start = minutesOf(row.event_start!) + Number(shift);
    if (start + Number(row.duration) > 1080) throw new UnreadableError("would end after 18:00");
    return [updateEvent(row, "event_start", `${date} ${clock(start)}`)];
  }),
  rule("calendar.change-length", `Make the '(.+)' meeting on ${DATE} last (\\d+) minutes`, ([, name, date, minutes], read) => [updateEvent(meetingNamed(read, name!, isoDate(date!)), "duration", minutes!)]),
  rule("calendar.swap-participant", `${NAME} is taking ${NAME}'s place in the '(.+)' meeting on ${DATE}: update the invite`, ([, incoming, outgoing, name, date], read) => {
    const row = meetingNamed(read, name!, isoDate(date!));
    if (row.participant_email !== read.person(outgoing!)) throw new UnreadableError("the replaced person is not in that meeting");
    return [updateEvent(row, "participant_email", read.person(incoming!))];
  }),
  rule("calendar.clear-week-with", `Cancel all my meetings with ${NAME} in the week of ${DATE}`, ([, name, d], read) => {
    const monday = isoDate(d!);
    return meetingsWith(read, read.person(name!), `${monday} 00:00:00`, `${shiftDays(monday, 4)} 23:59:59`).map((row) => c("calendar.delete_event", { event_id: row.event_id! }));
  }),
  rule("calendar.if-busy-else-book", `If a meeting of mine starts at (\\d\\d:\\d\\d) on ${DATE}, cancel it; otherwise book '(.+)' with ${NAME} then for 30 minutes`, ([, time, d, title, name], read) => {
    const stamp = `${isoDate(d!)} ${time}:00`;
    const rows = read.events("", stamp, stamp);
    if (rows.length > 1) throw new UnreadableError("two meetings start then");
    return rows[0] ? [c("calendar.delete_event", { event_id: rows[0].event_id! })] : [createEvent(title!, read.person(name!), stamp, "30")];
  }),
  question("calendar.how-many-on-day", `How many meetings are on my calendar for ${DATE}\\?`),
  rule("calendar.daily-series", `Set up a 30-minute '(.+)' with ${NAME} at (\\d\\d:\\d\\d) every weekday from ${DATE} to ${DATE}`, ([, title, name, time, from, to], read) => {
    const email = read.person(name!);
    const calls: string[] = [];
    for (let date = isoDate(from!); date <= isoDate(to!); date = shiftDays(date, 1)) {
      const day = new Date(`${date}T00:00:00Z`).getUTCDay();
      if (day !== 0 && day !== 6) calls.push(createEvent(title!, email, `${date} ${time}:00`, "30"));
    }
    return calls;
  }),
];

const CRM: Rule[] = [
  rule("crm.set-status", "Change (.+)'s status to (\\w+)", ([, name, status], read) => [updateCustomer(read.customer(name!), "status", status!)]),
  rule("crm.add-lead", `Add (.+) to the CRM as a (\\w+) interested in (\\w+), assigned to ${NAME}`, ([, name, status, product, owner], read) => [
    c("customer_relationship_manager.add_customer", { customer_name: name!, assigned_to_email: read.person(owner!), status: status!, product_interest: product! }),
  ]),
  rule("crm.delete", "Remove (.+) from the CRM", ([, name], read) => [c("customer_relationship_manager.delete_customer", { customer_id: read.customer(name!).customer_id! })]),
  rule("crm.reassign", `Hand (.+) over to ${NAME}`, ([, name, owner], read) => [updateCustomer(read.customer(name!), "assigned_to_email", read.person(owner!))]),
  rule("crm.follow-up-date", `Set the follow-up date for (.+) to ${DATE}`, ([, name, date], read) => [updateCustomer(read.customer(name!), "follow_up_by", isoDate(date!))]),
  rule("crm.new-phone", "(.+) has a new phone number: (\\S+)", ([, name, phone], read) => [updateCustomer(read.customer(name!), "customer_phone", phone!)]),
  rule("crm.switch-product", "(.+) is now interested in (\\w+) instead", ([, name, product], read) => [updateCustomer(read.customer(name!), "product_interest", product!)]),
  rule("crm.lose-if-stale", `If we haven't contacted (.+) since ${DATE}, mark them as Lost; otherwise leave them`, ([, name, date], read) => {
    const row = read.customer(name!);
    return row.last_contact_date! < isoDate(date!) ? [updateCustomer(row, "status", "Lost")] : [];
  }),
  rule("crm.purge-lost", `Delete every Lost customer of ${NAME}'s whose last contact was before ${DATE}`, ([, owner, date], read) => {
    const email = read.person(owner!);
    const rows = read.customers({ assigned_to_email: email, status: "Lost", last_contact_date_max: shiftDays(isoDate(date!), -1) });
    return rows.filter((row) => row.assigned_to_email === email && row.status === "Lost").map((row) => c("customer_relationship_manager.delete_customer", { customer_id: row.customer_id! }));
  }),
  question("crm.who-owns", "Who is looking after (.+)\\?"),
];

const EMAIL: Rule[] = [
  rule("email.delete-latest-with", `Delete the most recent email between me and ${NAME}`, ([, name], read) => [c("email.delete_email", { email_id: one([newestWith(read, read.person(name!))].filter(Boolean), "newest email")!.email_id! })]),
  rule("email.reply-latest-from", `Reply to the last email ${NAME} sent me with '(.+)'`, ([, name, body], read) => [c("email.reply_email", { email_id: one([newestWith(read, read.person(name!), "inbox")].filter(Boolean), "newest email")!.email_id!, body: body! })]),
  rule("email.send-new", `Send ${NAME} an email with the subject '(.+)' saying '(.+)'`, ([, name, subject, body], read) => [send(read.person(name!), subject!, body!)]),
  rule("email.forward-latest-from", `Forward the newest email I got from ${NAME} to ${NAME}`, ([, from, to], read) => [c("email.forward_email", { email_id: one([newestWith(read, read.person(from!), "inbox")].filter(Boolean), "newest email")!.email_id!, recipient: read.person(to!) })]),
  rule("email.forward-oldest-from", `Forward the very first email ${NAME} ever sent me to ${NAME}`, ([, from, to], read) => [c("email.forward_email", { email_id: one(mailWith(read, read.person(from!), "inbox").slice(-1), "oldest email").email_id!, recipient: read.person(to!) })]),
  rule("email.delete-from-on-day", `If ${NAME} emailed me on ${DATE}, delete those emails; otherwise do nothing`, ([, name, d], read) => {
    const date = isoDate(d!);
    return mailWith(read, read.person(name!), "inbox", date, date).reverse().map((row) => c("email.delete_email", { email_id: row.email_id! }));
  }),
  rule("email.count-from-month", `Tell ${NAME} by email how many emails ${NAME} sent me in (\\w+) \\(subject '(.+)', body just the number\\)`, ([, to, from, month, subject], read) => {
    const [first, last] = monthRange(month!);
    const n = mailWith(read, read.person(from!), "inbox", first, last).length;
    return [send(read.person(to!), subject!, String(n))];
  }),
  rule("email.nudge-if-silent", `If I haven't written to ${NAME} since ${DATE}, send them 'Checking in' with the body '(.+)'; otherwise do nothing`, ([, name, date, body], read) => {
    const email = read.person(name!);
    const last = newestWith(read, email, "outbox");
    return !last || last.sent_datetime!.slice(0, 10) < isoDate(date!) ? [send(email, "Checking in", body!)] : [];
  }),
  question("email.what-subject", `What was the subject of the last email ${NAME} sent me\\?`),
  rule("email.forward-about-task", `Forward the latest email about '(.+)' to ${NAME}`, ([, task, to], read) => [c("email.forward_email", { email_id: newestAbout(read, task!).email_id!, recipient: read.person(to!) })]),
];

const PROJECT: Rule[] = [
  rule("project.move-to-list", "Move '(.+)' on the (.+) board to (.+)", ([, name, board, list], read) => [updateTask(taskNamed(read, name!, { board: board! }), "list_name", list!)]),
  rule("project.reassign", `Give the (.+) task '(.+)' to ${NAME}`, ([, board, name, owner], read) => [updateTask(taskNamed(read, name!, { board: board! }), "assigned_to_email", read.person(owner!))]),
  rule("project.create", `Add a task '(.+)' for ${NAME} to the (.+) list of the (.+) board, due ${DATE}`, ([, name, owner, list, board, due], read) => [
    c("project_management.create_task", { task_name: name!, assigned_to_email: read.person(owner!), list_name: list!, due_date: isoDate(due!), board: board! }),
  ]),
  rule("project.delete", `Delete ${NAME}'s task '(.+)'`, ([, owner, name], read) => [c("project_management.delete_task", { task_id: taskNamed(read, name!, { assigned_to_email: read.person(owner!) }).task_id! })]),
  rule("project.extend-deadline", "Push the deadline of '(.+)' on the (.+) board back by (\\d+) days", ([, name, board, n], read) => {
    const row = taskNamed(read, name!, { board: board! });
    return [updateTask(row, "due_date", shiftDays(row.due_date!, Number(n)))];
  }),
  rule("project.finish-reviews", `Move all of ${NAME}'s In Review tasks on the (.+) board to Completed`, ([, owner, board], read) => {
    const email = read.person(owner!);
    return read.tasks({ assigned_to_email: email, list_name: "In Review", board: board! }).filter((row) => row.assigned_to_email === email && row.board === board).map((row) => updateTask(row, "list_name", "Completed"));
  }),
  rule("project.start-if-backlog", "If '(.+)' on the (.+) board is still in the Backlog, move it to In Progress; otherwise leave it alone", ([, name, board], read) => {
    const row = taskNamed(read, name!, { board: board! });
    return row.list_name === "Backlog" ? [updateTask(row, "list_name", "In Progress")] : [];
  }),
  question("project.how-many-in-progress", `How many tasks does ${NAME} have in progress\\?`),
  rule("project.handover", `${NAME} is off next week: hand their In Progress tasks on the (.+) board to ${NAME}`, ([, from, board, to], read) => {
    const email = read.person(from!);
    return read.tasks({ assigned_to_email: email, list_name: "In Progress", board: board! }).filter((row) => row.assigned_to_email === email && row.board === board).map((row) => updateTask(row, "assigned_to_email", read.person(to!)));
  }),
];

export const SINGLE_RULES: readonly Rule[] = [...ANALYTICS, ...CALENDAR, ...CRM, ...EMAIL, ...PROJECT];
