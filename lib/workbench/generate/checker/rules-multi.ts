// The checker's rules for multi-domain templates (and the chain of single-domain requests).
import { UnreadableError } from "./reader";
import {
  DATE, NAME, TODAY, c, createEvent, firstFree, freeAt, isoDate, meetingNamed, meetingsWith, monthRange, one, plot, send, shiftDays, taskNamed, type Rule,
} from "./rule-kit";
import { newestAbout, nextMeeting } from "./rules-single";

const rule = (id: string, pattern: string, solve: Rule["solve"]): Rule => ({ id, pattern: new RegExp(`^${pattern}$`), solve });

export const MULTI_RULES: readonly Rule[] = [
  rule("analytics.report-by-email", `Email ${NAME} the number of visits we had on ${DATE}, with the subject 'Visits on (.+)' and just the number as the body`, ([, name, d, subject], read) => {
    const date = isoDate(d!);
    return [send(read.person(name!), `Visits on ${subject}`, String(read.perDay("analytics.total_visits_count", date, date)[date] ?? 0))];
  }),
  rule("multi.email-customer-owner", "Email whoever looks after (.+) with the subject 'About (.+)' saying '(.+)'", ([, name, subject, body], read) => [send(read.customer(name!).assigned_to_email!, `About ${subject}`, body!)]),
  rule("multi.stale-customer-meeting", "If we haven't spoken to (.+) in the last (\\d+) days, book a 30-minute 'Catch up on (.+)' with their account owner at the first time I'm free tomorrow; otherwise do nothing", ([, name, n], read) => {
    const customer = read.customer(name!);
    if (customer.last_contact_date! >= shiftDays(TODAY, -Number(n))) return [];
    const tomorrow = shiftDays(TODAY, 1);
    return [createEvent(`Catch up on ${name}`, customer.assigned_to_email!, `${tomorrow} ${firstFree(read, tomorrow, 30)}`, "30")];
  }),
  rule("multi.cancel-and-apologise", `Cancel my next meeting with ${NAME} and email them with the subject 'Cancelled: (.+)' saying 'Sorry, something came up.'`, ([, name, title], read) => {
    const email = read.person(name!);
    const next = nextMeeting(read, email);
    if (next.event_name !== title) throw new UnreadableError(`the next meeting is '${next.event_name}', not '${title}'`);
    return [c("calendar.delete_event", { event_id: next.event_id! }), send(email, `Cancelled: ${title}`, "Sorry, something came up.")];
  }),
  rule("multi.task-owner-meeting", `Book a 30-minute 'Check-in: (.+)' with whoever owns the (.+) task '(.+)' on ${DATE} at (\\d\\d:\\d\\d)`, ([, title, board, name, date, time], read) => [
    createEvent(`Check-in: ${title}`, taskNamed(read, name!, { board: board! }).assigned_to_email!, `${isoDate(date!)} ${time}:00`, "30"),
  ]),
  rule("multi.engagement-alert", `If fewer than (\\d+) users were engaged on ${DATE}, email ${NAME} with the subject 'Engagement dip' and the number of engaged users as the body; otherwise do nothing`, ([, n, d, name], read) => {
    const date = isoDate(d!);
    const engaged = read.perDay("analytics.engaged_users_count", date, date)[date] ?? 0;
    return engaged < Number(n) ? [send(read.person(name!), "Engagement dip", String(engaged))] : [];
  }),
  rule("multi.reassign-and-notify", `Reassign the (.+) task '(.+)' to ${NAME} and email them with the subject 'New task: (.+)' saying 'This one is yours now.'`, ([, board, name, owner], read) => {
    const email = read.person(owner!);
    return [c("project_management.update_task", { task_id: taskNamed(read, name!, { board: board! }).task_id!, field: "assigned_to_email", new_value: email }), send(email, `New task: ${name}`, "This one is yours now.")];
  }),
  rule("multi.won-onboarding-task", `Mark (.+) as Won and add a Backlog task 'Onboard (.+)' on the Back end board for ${NAME}, due ${DATE}`, ([, name, , owner, due], read) => [
    c("customer_relationship_manager.update_customer", { customer_id: read.customer(name!).customer_id!, field: "status", new_value: "Won" }),
    c("project_management.create_task", { task_name: `Onboard ${name}`, assigned_to_email: read.person(owner!), list_name: "Backlog", due_date: isoDate(due!), board: "Back end" }),
  ]),
  rule("multi.follow-up-meeting", "Book a 30-minute 'Follow-up: (.+)' at 10:00 on (.+)'s follow-up date with their account owner", ([, title, name], read) => {
    const customer = read.customer(name!);
    return [createEvent(`Follow-up: ${title}`, customer.assigned_to_email!, `${customer.follow_up_by} 10:00:00`, "30")];
  }),
  rule("multi.thanks-if-done", "If the (.+) task '(.+)' is Completed, email its owner with the subject 'Thanks!' saying 'Thanks for finishing (.+)\\.'; otherwise do nothing", ([, board, name], read) => {
    const task = taskNamed(read, name!, { board: board! });
    return task.list_name === "Completed" ? [send(task.assigned_to_email!, "Thanks!", `Thanks for finishing ${name}.`)] : [];
  }),
  rule("multi.lost-goodbye", "Mark (.+) as Lost and email them with the subject 'Thank you' saying '(.+)'", ([, name, body], read) => {
    const customer = read.customer(name!);
    return [c("customer_relationship_manager.update_customer", { customer_id: customer.customer_id!, field: "status", new_value: "Lost" }), send(customer.customer_email!, "Thank you", body!)];
  }),
  rule("multi.free-or-ask", `If I'm free for 30 minutes at (\\d\\d:\\d\\d) on ${DATE}, book 'Review (.+)' then with the owner of the (.+) task '(.+)'; otherwise email them with the subject 'Review (.+)' asking 'When suits you for a review\\?'`, ([, time, d, , board, name], read) => {
    const date = isoDate(d!);
    const owner = taskNamed(read, name!, { board: board! }).assigned_to_email!;
    const events = read.events("", `${date} 00:00:00`, `${date} 23:59:59`);
    const start = Number(time!.slice(0, 2)) * 60 + Number(time!.slice(3, 5));
    return freeAt(events, start, 30) ? [createEvent(`Review ${name}`, owner, `${date} ${time}:00`, "30")] : [send(owner, `Review ${name}`, "When suits you for a review?")];
  }),
  rule("multi.invite-to-meeting", `Book ${NAME} their own '(.+)' at the same time and length as my '(.+)' meeting on ${DATE}, and email them with the subject 'Invite: (.+)' saying 'See you at (\\d\\d:\\d\\d)\\.'`, ([, name, , title, date], read) => {
    const email = read.person(name!);
    const mine = meetingNamed(read, title!, isoDate(date!));
    return [createEvent(title!, email, mine.event_start!, mine.duration!), send(email, `Invite: ${title}`, `See you at ${mine.event_start!.slice(11, 16)}.`)];
  }),
  rule("multi.reply-and-review", `Reply to ${NAME}'s latest email about '(.+)' with 'Moving it to review.' and move that task of theirs to In Review`, ([, name, task], read) => {
    const email = read.person(name!);
    // "About" the task: its name in the subject or body (the search matches single words, so it also
    // finds emails about tasks that share words with this one).
    const about = read.emails(`${email} ${task}`).filter((row) => row["sender/recipient"] === email && row["inbox/outbox"] === "inbox" && (row.subject!.includes(task!) || row.body!.includes(task!)));
    const latest = one(about.slice(0, 1), "latest email");
    return [c("email.reply_email", { email_id: latest.email_id!, body: "Moving it to review." }), c("project_management.update_task", { task_id: taskNamed(read, task!, { assigned_to_email: email }).task_id!, field: "list_name", new_value: "In Review" })];
  }),
  rule("multi.plot-and-share", `Make a (\\w+) chart of total visits from ${DATE} to ${DATE} and email its file path to ${NAME} with the subject 'Visits chart'`, ([, type, f, t, name], read) => {
    const [from, to] = [isoDate(f!), isoDate(t!)];
    // create_plot's documented return value: plots/<time_min>_<time_max>_<value>_<type>.png
    return [plot(from, to, "total_visits", type!), send(read.person(name!), "Visits chart", `plots/${from}_${to}_total_visits_${type}.png`)];
  }),
  rule("multi.customer-count-email", `Email ${NAME} how many (\\w+) customers they look after \\(subject '(.+)', body just the number\\)`, ([, name, status, subject], read) => {
    const email = read.person(name!);
    const rows = read.customers({ assigned_to_email: email, status: status! }).filter((row) => row.assigned_to_email === email && row.status === status);
    return [send(email, subject!, String(rows.length))];
  }),
  rule("multi.meeting-count-email", `Email ${NAME} how many meetings I had with ${NAME} in (\\w+) \\(subject '(.+)', body just the number\\)`, ([, to, name, month, subject], read) => {
    const [first, last] = monthRange(month!);
    return [send(read.person(to!), subject!, String(meetingsWith(read, read.person(name!), `${first} 00:00:00`, `${last} 23:59:59`).length))];
  }),
  rule("multi.deadline-check", `If ${NAME} has any unfinished (.+) tasks due before ${DATE}, book a 30-minute 'Deadline check' with them at the first time I'm free on ${DATE}; otherwise do nothing`, ([, name, board, d], read) => {
    const date = isoDate(d!);
    const email = read.person(name!);
    const late = read.tasks({ assigned_to_email: email, board: board! }).some((row) => row.assigned_to_email === email && row.board === board && row.due_date! < date && row.list_name !== "Completed");
    return late ? [createEvent("Deadline check", email, `${date} ${firstFree(read, date, 30)}`, "30")] : [];
  }),
  rule("multi.follow-up-nudge", `If (.+)'s follow-up date is before ${DATE}, email their account owner with the subject 'Follow up with (.+)' saying 'Please reach out this week.'; otherwise do nothing`, ([, name, d], read) => {
    const customer = read.customer(name!);
    return customer.follow_up_by! < isoDate(d!) ? [send(customer.assigned_to_email!, `Follow up with ${name}`, "Please reach out this week.")] : [];
  }),
  rule("multi.forward-to-task-owner", "Forward my latest email about '(.+)' to whoever that task is assigned to", ([, task], read) => [
    c("email.forward_email", { email_id: newestAbout(read, task!).email_id!, recipient: taskNamed(read, task!, {}).assigned_to_email! }),
  ]),
  rule("multi.add-lead-and-meet", `Add (.+) as a Lead assigned to ${NAME}, and book a 30-minute 'Intro: (.+)' with ${NAME} on ${DATE} at (\\d\\d:\\d\\d)`, ([, name, owner, , , date, time], read) => {
    const email = read.person(owner!);
    return [c("customer_relationship_manager.add_customer", { customer_name: name!, assigned_to_email: email, status: "Lead" }), createEvent(`Intro: ${name}`, email, `${isoDate(date!)} ${time}:00`, "30")];
  }),
  rule("multi.day-off", `I'm off on ${DATE}: cancel every meeting I have that day and email ${NAME} with the subject 'Out on (.+)' saying 'I am off that day.'`, ([, d, name, subject], read) => {
    const date = isoDate(d!);
    const rows = read.events("", `${date} 00:00:00`, `${date} 23:59:59`);
    return [...rows.map((row) => c("calendar.delete_event", { event_id: row.event_id! })), send(read.person(name!), `Out on ${subject}`, "I am off that day.")];
  }),
];
