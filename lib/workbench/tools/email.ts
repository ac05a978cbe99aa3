/** The email toolkit (6 tools) over the `email` table. */
import type { Sandbox, Tool } from "./types";
import type { Cell, Row, Table } from "../sandbox/types";
import { defineTool, type ToolArgs } from "./define-tool";
import { cellOf, concatRow, rowRecord, rowsWhere, setRowAtLabel } from "../sandbox/table";
import { CURRENT_TIME, deleteById, informationById, nextId, pyStr, tableOf } from "./tool-helpers";
import { parseTimestampCached as parseTimestamp, timestampDate } from "./pandas-timestamp";
import { PythonError } from "./python-error";
import { firstWithinOnePass } from "./first-within";
import type { ToolRules } from "./rules";

const EMAIL_ID_DOC = '8-digit ID of the email, e.g. "00000373".';

const getEmailInformationById = defineTool({
  name: "email.get_email_information_by_id",
  domain: "email",
  description: "Looks up one field of an email by its ID and returns it as {field: value}.",
  parameters: [
    ["email_id", EMAIL_ID_DOC],
    // The original docstring lists "sender" and "sent_date", which are not columns ("Field not found.").
    ["field", 'Field to return: "email_id", "inbox/outbox", "sender/recipient", "subject", "sent_datetime" or "body".'],
  ],
  hasSideEffects: false,
  run: (sandbox, { email_id, field }) =>
    informationById(tableOf(sandbox, "email"), "email_id", email_id, field, {
      noId: "Email ID not provided.",
      notFound: "Email not found.",
    }),
});

const searchEmails = defineTool({
  name: "email.search_emails",
  domain: "email",
  description:
    "Searches emails: every word of the query must appear (case-insensitive) in the subject, body or " +
    "sender/recipient. Optional sent-date bounds. Returns at most 5 emails, newest first.",
  parameters: [
    ["query", "Words to look for in subject, body and sender/recipient. Default: empty (every email)."],
    ["date_min", 'Earliest sent date (inclusive). Format: "YYYY-MM-DD".'],
    ["date_max", 'Latest sent date (inclusive). Format: "YYYY-MM-DD".'],
  ],
  hasSideEffects: false,
  run: (sandbox, args, rules) => searchEmailsRun(tableOf(sandbox, "email"), args, rules),
});

function searchEmailsRun(table: Table, { query = "", date_min, date_max }: ToolArgs, rules: ToolRules): unknown {
  const matching = rowsMatching(table, query.toLowerCase().split(/\s+/).filter(Boolean));
  const boundDate = (text: string) => timestampDate(parseTimestamp(text));
  let rows: readonly Row[];
  if (rules.emailDates === "to-datetime") {
    // 2026 (email.py:81-87): pd.to_datetime first (no str/Timestamp clash), each bound parsed once
    // even when nothing matched, then a sort on the datetimes and the datetimes printed as strings.
    const min = date_min ? boundDate(date_min) : undefined;
    const max = date_max ? boundDate(date_max) : undefined;
    // Without bounds the matches are kept as they are, so their sort is remembered with them.
    rows = min === undefined && max === undefined ? matching
      : matching.filter((row) => (min === undefined || compareDates(sentDate(row), min) >= 0) && (max === undefined || compareDates(sentDate(row), max) <= 0));
    rows = sortedOnce(rows, sortNewestFirstAsDates);
  } else {
    rows = sortedOnce(matching, sortNewestFirst);
    // Bounds are parsed per email, so a bad bound only raises when an email is left to filter.
    const afterMin = (row: Row) => compareDates(sentDate(row), boundDate(date_min as string)) >= 0;
    const beforeMax = (row: Row) => compareDates(sentDate(row), boundDate(date_max as string)) <= 0;
    // 2024 returns at most 5 emails and nothing else reads the list: the first 5 within the bounds are enough.
    if (date_min || date_max) rows = firstWithinOnePass(rows, date_min ? afterMin : undefined, date_max ? beforeMax : undefined, 5);
  }
  if (!rows.length && rules.emptySearch === "message") return "No emails found.";
  const records = rows.slice(0, 5).map((row) => rowRecord(table, row));
  if (rules.emailDates === "raw") return records;
  // `astype(str)` of a datetime column prints dates only when every value is midnight.
  const datesOnly = rows.every((row) => pyStr(cellOf(row, "sent_datetime")).endsWith(" 00:00:00"));
  const asText = (cell: Cell) => (datesOnly ? pyStr(cell).slice(0, 10) : pyStr(cell));
  return records.map((record) => ({ ...record, sent_datetime: asText(record.sent_datetime ?? null) }));
}

/**
 * `sort(rows)`, remembered per (immutable, shared) array of matches: a replayed search mostly sorts
 * the matches another replay already sorted. A sort that raised is not remembered.
 */
function sortedOnce(rows: readonly Row[], sort: (rows: readonly Row[]) => Row[]): readonly Row[] {
  let bySort = sortedMatches.get(rows);
  if (!bySort) sortedMatches.set(rows, (bySort = new Map()));
  let sorted = bySort.get(sort);
  if (!sorted) bySort.set(sort, (sorted = sort(rows)));
  return sorted;
}

const sortedMatches = new WeakMap<readonly Row[], Map<(rows: readonly Row[]) => Row[], readonly Row[]>>();

/** 2026: `sort_values("sent_datetime", ascending=False)` on datetimes (NaT last); ties keep table order. */
function sortNewestFirstAsDates(rows: readonly Row[]): Row[] {
  const keyOf = (row: Row) => pyStr(cellOf(row, "sent_datetime"));
  return rows
    .map((row, index) => ({ row, index, key: keyOf(row) }))
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : a.index - b.index))
    .map(({ row }) => row);
}

/**
 * The rows holding every word, in table order. A table version is an immutable value searched by many
 * replays (most searches run on the initial table), so its search texts and each word list's matches
 * are kept with it; the returned array is shared and never mutated by the callers.
 */
function rowsMatching(table: Table, words: readonly string[]): readonly Row[] {
  let searched = searchedTables.get(table.rows);
  if (!searched) searchedTables.set(table.rows, (searched = { texts: table.rows.map(searchText), matches: new Map() }));
  const key = words.join(" ");
  let rows = searched.matches.get(key);
  if (!rows) {
    const { texts } = searched;
    rows = table.rows.filter((_, index) => words.every((word) => (texts[index] as string).includes(word)));
    if (searched.matches.size >= MATCHES_KEPT_PER_TABLE) searched.matches.clear();
    searched.matches.set(key, rows);
  }
  return rows;
}

const searchedTables = new WeakMap<readonly Row[], { readonly texts: readonly string[]; readonly matches: Map<string, readonly Row[]> }>();
const MATCHES_KEPT_PER_TABLE = 256;

/** Rows are immutable and shared between sandboxes, so their lower-cased search text is memoised. */
const searchTexts = new WeakMap<Row, string>();
function searchText(row: Row): string {
  let text = searchTexts.get(row);
  if (text === undefined) {
    text = `${pyStr(cellOf(row, "subject"))} ${pyStr(cellOf(row, "body"))} ${pyStr(cellOf(row, "sender/recipient"))}`.toLowerCase();
    searchTexts.set(row, text);
  }
  return text;
}

const sentDates = new WeakMap<Row, string | null>();
/** `pd.Timestamp(sent_datetime).date()`, memoised per immutable row (a parse error is not cached). */
function sentDate(row: Row): string | null {
  let date = sentDates.get(row);
  if (date === undefined) {
    date = timestampDate(parseTimestamp(pyStr(cellOf(row, "sent_datetime"))));
    sentDates.set(row, date);
  }
  return date;
}

/** NaT dates compare false in every direction. */
function compareDates(a: string | null, b: string | null): number {
  if (a === null || b === null) return Number.NaN;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * `sort_values("sent_datetime", ascending=False)`: a string sort; ties keep table order. A string and
 * the Timestamp that send_email writes cannot be compared in Python, so a mix raises TypeError.
 */
function sortNewestFirst(rows: readonly Row[]): Row[] {
  const kinds = new Set(rows.map((row) => kindOf(cellOf(row, "sent_datetime"))));
  if (kinds.has("str") && kinds.has("Timestamp")) {
    throw new PythonError("TypeError", "'<' not supported between instances of 'str' and 'Timestamp'");
  }
  return rows
    .map((row, index) => ({ row, index, key: pyStr(cellOf(row, "sent_datetime")) }))
    .sort((a, b) => (a.key < b.key ? 1 : a.key > b.key ? -1 : a.index - b.index))
    .map(({ row }) => row);
}

function kindOf(cell: Cell): "str" | "Timestamp" | "nan" {
  return cell === null ? "nan" : typeof cell === "string" ? "str" : "Timestamp";
}

/**
 * send_email, also used by forward and reply. 2024: id = max + 1 WITHOUT zero padding ("500" sorts
 * above "00000499", so the next is 501), written with `EMAILS.loc[len(EMAILS)] = row`, which
 * overwrites the row labelled len(EMAILS) when emails were deleted earlier. 2026 (email.py:122, 134):
 * generate_next_id (zero-padded) and an append with pd.concat(ignore_index=True).
 */
function sendEmail(sandbox: Sandbox, rules: ToolRules, recipient?: string, subject?: string, body?: string): string {
  if (!recipient || !subject || !body) return "Recipient, subject, or body not provided.";
  if (!recipient.includes("@") || !recipient.includes(".")) return "Invalid recipient email address.";
  const table = tableOf(sandbox, "email");
  const append = rules.sendEmail === "append-padded";
  const record = {
    email_id: nextId(table, "email_id", append, rules.emptyTableId),
    "inbox/outbox": "outbox",
    "sender/recipient": recipient.toLowerCase(),
    subject,
    sent_datetime: CURRENT_TIME,
    body,
  };
  sandbox.replaceTable(append ? concatRow(table, record, true) : setRowAtLabel(table, table.rows.length, record));
  return "Email sent successfully.";
}

const sendEmailTool = defineTool({
  name: "email.send_email",
  domain: "email",
  description: "Sends an email from the user's outbox.",
  parameters: [
    ["recipient", "Email address of the recipient."],
    ["subject", "Subject line."],
    ["body", "Body text."],
  ],
  hasSideEffects: true,
  run: (sandbox, { recipient, subject, body }, rules) => sendEmail(sandbox, rules, recipient, subject, body),
});

const deleteEmail = defineTool({
  name: "email.delete_email",
  domain: "email",
  description: "Deletes an email by its ID.",
  parameters: [["email_id", EMAIL_ID_DOC]],
  hasSideEffects: true,
  run: (sandbox, { email_id }) => deleteById(sandbox, "email", "email_id", email_id, "Email"),
});

function emailById(sandbox: Sandbox, emailId: string): Row | undefined {
  return rowsWhere(tableOf(sandbox, "email"), "email_id", emailId)[0];
}

const forwardEmail = defineTool({
  name: "email.forward_email",
  domain: "email",
  description: 'Forwards an email to a recipient, with subject "FW: <original subject>" and the original body.',
  parameters: [
    ["email_id", EMAIL_ID_DOC],
    ["recipient", "Email address of the recipient."],
  ],
  hasSideEffects: true,
  run(sandbox, { email_id, recipient }, rules) {
    if (!email_id || !recipient) return "Email ID or recipient not provided.";
    const original = emailById(sandbox, email_id);
    if (!original) return "Email not found.";
    if (!recipient.includes("@") || !recipient.includes(".")) return "Invalid recipient email address.";
    const subject = `FW: ${pyStr(cellOf(original, "subject"))}`;
    const result = sendEmail(sandbox, rules, recipient.toLowerCase(), subject, pyStr(cellOf(original, "body")));
    return result === "Email sent successfully." ? "Email forwarded successfully." : result;
  },
});

const replyEmail = defineTool({
  name: "email.reply_email",
  domain: "email",
  description: "Replies to an email: sends the body to its sender/recipient with the same subject.",
  parameters: [
    ["email_id", EMAIL_ID_DOC],
    ["body", "Body text of the reply."],
  ],
  hasSideEffects: true,
  run(sandbox, { email_id, body }, rules) {
    if (!email_id || !body) return "Email ID or body not provided.";
    const original = emailById(sandbox, email_id);
    if (!original) return "Email not found.";
    const recipient = pyStr(cellOf(original, "sender/recipient"));
    const result = sendEmail(sandbox, rules, recipient, pyStr(cellOf(original, "subject")), body);
    return result === "Email sent successfully." ? "Email replied successfully." : result;
  },
});

export const EMAIL_TOOLS: readonly Tool[] = [
  getEmailInformationById,
  searchEmails,
  sendEmailTool,
  deleteEmail,
  forwardEmail,
  replyEmail,
];
