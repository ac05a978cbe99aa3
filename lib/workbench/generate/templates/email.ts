// Email templates (inbox and outbox). Emails are found through search_emails, newest first, five at
// a time; templates that need older mail page back with date bounds.
import type { Cell } from "../../sandbox/types";
import { addDays } from "../dates";
import { BODIES, SUBJECTS, pickPerson, say } from "./common";
import { call, type TemplateContext } from "./context";
import { allEmails, cell } from "./find";
import { progressMails } from "./pick";
import type { Instance, Template } from "./types";

const E = "email";
const SEARCH = "email.search_emails";
const LOOKUP = "company_directory.find_email_address";

/** The newest email with a person (optionally only inbox or outbox); pages back only when needed. */
export function latestWith(ctx: TemplateContext, email: string, box?: "inbox" | "outbox") {
  const wanted = (row: Record<string, unknown>) => !box || row["inbox/outbox"] === box;
  const page = ctx.read(SEARCH, { query: email });
  const hit = Array.isArray(page) ? (page as Record<string, unknown>[]).find(wanted) : undefined;
  if (hit) return hit as Record<string, string>;
  return allEmails(ctx, email)?.find(wanted) ?? null;
}

/** A person the task names and the newest email with them (optionally of one box), or null. */
function personAndLatest(ctx: TemplateContext, box?: "inbox" | "outbox") {
  const p = pickPerson(ctx);
  const row = p && latestWith(ctx, p.person.email, box);
  return p && row ? { p, row } : null;
}

/** A person the task names and every email with them (of one box when given), newest first, or null. */
function personAndEmails(ctx: TemplateContext, box?: "inbox" | "outbox") {
  const p = pickPerson(ctx);
  const rows = p && allEmails(ctx, p.person.email);
  return p && rows ? { p, rows: box ? rows.filter((row) => row["inbox/outbox"] === box) : rows } : null;
}

/**
 * The instantiate of a request about something found first (a person and their mail): no instance when
 * nothing fits, otherwise what `build` makes of it.
 */
function about<T>(find: (ctx: TemplateContext) => T | null, build: (found: T, ctx: TemplateContext) => Instance | null) {
  return (ctx: TemplateContext): Instance | null => {
    const found = find(ctx);
    return found ? build(found, ctx) : null;
  };
}

/** A sender the task names and another person to pass their mail to (each null when none fits). */
function senderAndOther(ctx: TemplateContext) {
  const from = pickPerson(ctx);
  return { from, to: from && pickPerson(ctx, undefined, [from.person.email]) };
}

/** A request to forward one email of a sender the task names (picked by `pick`) to another person. */
function forwardFromSender(spec: {
  readonly id: string;
  readonly text: string;
  readonly ambiguity: string;
  readonly pick: (ctx: TemplateContext, sender: string) => Record<string, Cell> | null | undefined;
  readonly say: (from: string, to: string) => string;
}): Template {
  return {
    id: spec.id, domain: E, toolkits: ["email"], writes: ["email"],
    text: spec.text,
    tools: [LOOKUP, SEARCH, "email.forward_email"],
    ambiguity: spec.ambiguity,
    instantiate(ctx) {
      const { from, to } = senderAndOther(ctx);
      const row = from && spec.pick(ctx, from.person.email);
      if (!from || !to || !row) return null;
      return { text: spec.say(from.ref, to.ref), calls: [call("email.forward_email", { email_id: cell(row.email_id), recipient: to.person.email })] };
    },
  };
}

export const EMAIL_TEMPLATES: Template[] = [
  {
    id: "email.delete-latest-with", domain: E, toolkits: ["email"], writes: ["email"],
    text: "Delete the most recent email between me and {name}",
    tools: [LOOKUP, SEARCH, "email.delete_email"],
    ambiguity: "Send times are unique, so the newest email involving the person is one row.",
    instantiate: about(personAndLatest, ({ p, row }) => ({ text: `Delete the most recent email between me and ${p.ref}`, calls: [call("email.delete_email", { email_id: cell(row.email_id) })] })),
  },
  {
    id: "email.reply-latest-from", domain: E, toolkits: ["email"], writes: ["email"],
    text: "Reply to the last email {name} sent me with '{body}'",
    tools: [LOOKUP, SEARCH, "email.reply_email"],
    ambiguity: "Only inbox rows count as sent by them; unique send times give one newest.",
    instantiate: about((ctx) => personAndLatest(ctx, "inbox"), ({ p, row }, ctx) => {
      const body = ctx.rng.pick(BODIES);
      return { text: `Reply to the last email ${p.ref} sent me with '${body}'`, calls: [call("email.reply_email", { email_id: cell(row.email_id), body })] };
    }),
  },
  {
    id: "email.send-new", domain: E, toolkits: ["email"], writes: ["email"],
    text: "Send {name} an email with the subject '{subject}' saying '{body}'",
    tools: [LOOKUP, "email.send_email"],
    ambiguity: "The recipient is named so the directory returns exactly one address.",
    instantiate(ctx) {
      const p = pickPerson(ctx);
      if (!p) return null;
      const subject = ctx.rng.pick(SUBJECTS);
      const body = ctx.rng.pick(BODIES);
      return {
        text: `Send ${p.ref} an email with the subject '${subject}' saying '${body}'`,
        calls: [call("email.send_email", { recipient: p.person.email, subject, body })],
      };
    },
  },
  forwardFromSender({
    id: "email.forward-latest-from",
    text: "Forward the newest email I got from {name} to {other}",
    ambiguity: "Newest inbox row from the sender (unique times); recipient resolved to one address.",
    pick: (ctx, sender) => latestWith(ctx, sender, "inbox"),
    say: (from, to) => `Forward the newest email I got from ${from} to ${to}`,
  }),
  forwardFromSender({
    id: "email.forward-oldest-from",
    text: "Forward the very first email {name} ever sent me to {other}",
    ambiguity: "Needs paging past the 5 newest results; rejected when a day holds more than 5 matches.",
    pick: (ctx, sender) => {
      const inbox = allEmails(ctx, sender)?.filter((row) => row["inbox/outbox"] === "inbox") ?? [];
      return inbox.length > 5 ? inbox[inbox.length - 1] : null;
    },
    say: (from, to) => `Forward the very first email ${from} ever sent me to ${to}`,
  }),
  {
    id: "email.delete-from-on-day", domain: E, toolkits: ["email"], writes: ["email"], conditional: true, mayNeedNoAction: true,
    text: "If {name} emailed me on {date}, delete those emails; otherwise do nothing",
    tools: [LOOKUP, SEARCH, "email.delete_email"],
    ambiguity: "All inbox rows from the sender that day are deleted, oldest first; a day with none needs no action.",
    instantiate: about((ctx) => personAndEmails(ctx, "inbox"), ({ p, rows: inbox }, ctx) => {
      const days = [...new Set(inbox.map((row) => cell(row.sent_datetime).slice(0, 10)))];
      const date = ctx.wantNoAction || days.length === 0 ? addDays("2023-10-01", ctx.rng.int(0, 59)) : ctx.rng.pick(days);
      const hits = inbox.filter((row) => cell(row.sent_datetime).startsWith(date)).reverse();
      return { text: `If ${p.ref} emailed me on ${say(date)}, delete those emails; otherwise do nothing`, calls: hits.map((row) => call("email.delete_email", { email_id: cell(row.email_id) })) };
    }),
  },
  {
    id: "email.count-from-month", domain: E, toolkits: ["email"], writes: ["email"],
    text: "Tell {other} by email how many emails {name} sent me in {month} (subject '{name} emails', body just the number)",
    tools: [LOOKUP, SEARCH, "email.send_email"],
    ambiguity: "A count over every page of results; rejected when paging cannot list a day completely.",
    instantiate(ctx) {
      const { from, to } = senderAndOther(ctx);
      const [month, first, last] = ctx.rng.pick([["October", "2023-10-01", "2023-10-31"], ["November", "2023-11-01", "2023-11-30"]] as const);
      const rows = from && allEmails(ctx, from.person.email, first);
      if (!from || !to || !rows) return null;
      const n = rows.filter((row) => row["inbox/outbox"] === "inbox" && cell(row.sent_datetime).slice(0, 10) <= last).length;
      const subject = `${from.ref} emails`;
      return {
        text: `Tell ${to.ref} by email how many emails ${from.ref} sent me in ${month} (subject '${subject}', body just the number)`,
        calls: [call("email.send_email", { recipient: to.person.email, subject, body: String(n) })],
      };
    },
  },
  {
    id: "email.nudge-if-silent", domain: E, toolkits: ["email"], writes: ["email"], conditional: true, mayNeedNoAction: true,
    text: "If I haven't written to {name} since {date}, send them 'Checking in' with the body '{body}'; otherwise do nothing",
    tools: [LOOKUP, SEARCH, "email.send_email"],
    ambiguity: "Decided by the newest outbox row to the person (inclusive of the date).",
    instantiate: about(personAndEmails, ({ p, rows }, ctx) => {
      const lastSent = rows.find((row) => row["inbox/outbox"] === "outbox");
      const lastDay = lastSent ? cell(lastSent.sent_datetime).slice(0, 10) : null;
      const date = lastDay && ctx.wantNoAction ? addDays(lastDay, -ctx.rng.int(0, 5)) : addDays(lastDay ?? "2023-10-01", ctx.rng.int(1, 10));
      const silent = !lastDay || lastDay < date;
      const body = ctx.rng.pick(BODIES);
      return {
        text: `If I haven't written to ${p.ref} since ${say(date)}, send them 'Checking in' with the body '${body}'; otherwise do nothing`,
        calls: silent ? [call("email.send_email", { recipient: p.person.email, subject: "Checking in", body })] : [],
      };
    }),
  },
  {
    id: "email.what-subject", domain: E, toolkits: ["email"], writes: [], mayNeedNoAction: true,
    text: "What was the subject of the last email {name} sent me?",
    tools: [LOOKUP, SEARCH, "email.get_email_information_by_id"],
    ambiguity: "A question: the correct outcome is an unchanged sandbox.",
    instantiate: about((ctx) => personAndLatest(ctx, "inbox"), ({ p, row }, ctx) => {
      ctx.read("email.get_email_information_by_id", { email_id: cell(row.email_id), field: "subject" });
      return { text: `What was the subject of the last email ${p.ref} sent me?`, calls: [] };
    }),
  },
  {
    id: "email.forward-about-task", domain: E, toolkits: ["email"], writes: ["email"],
    text: "Forward the latest email about '{task}' to {other}",
    tools: [LOOKUP, SEARCH, "email.forward_email"],
    ambiguity: "Searches by the task name's words; rejected unless the newest hit's subject names exactly that task.",
    instantiate(ctx) {
      const withTask = progressMails(ctx, false);
      if (withTask.length === 0) return null;
      const task = (ctx.rng.pick(withTask).subject as string).slice("Progress on ".length);
      const page = ctx.read(SEARCH, { query: task });
      const first = Array.isArray(page) ? (page[0] as Record<string, string> | undefined) : undefined;
      const to = pickPerson(ctx);
      if (!first || !to || cell(first.subject) !== `Progress on ${task}`) return null;
      return { text: `Forward the latest email about '${task}' to ${to.ref}`, calls: [call("email.forward_email", { email_id: cell(first.email_id), recipient: to.person.email })] };
    },
  },
];
