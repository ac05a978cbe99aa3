import { describe, expect, test } from "vitest";
import { createSandbox, type SandboxHandle } from "../sandbox/sandbox";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { realSandboxData } from "../test-support/real-sandbox";
import { executeCall } from ".";

const fresh = () => createSandbox(fixtureSandboxData());
const run = (sandbox: SandboxHandle, tool: string, args: Record<string, string>) =>
  executeCall(sandbox, { tool: `email.${tool}`, args, raw: tool });
const value = (tool: string, args: Record<string, string>, sandbox = fresh()) => {
  const outcome = run(sandbox, tool, args);
  if (!outcome.ok) throw new Error(outcome.observation);
  return outcome.value;
};
const ids = (result: unknown) => (result as { email_id: string }[]).map((email) => email.email_id);
const NOW = { timestamp: "2023-11-30 00:00:00" };

describe("email validation messages", () => {
  test.each([
    ["get_email_information_by_id", {}, "Email ID not provided."],
    ["get_email_information_by_id", { email_id: "00000373" }, "Field not provided."],
    ["get_email_information_by_id", { email_id: "00000373", field: "sender" }, "Field not found."],
    ["get_email_information_by_id", { email_id: "00000373", field: "sent_date" }, "Field not found."],
    ["get_email_information_by_id", { email_id: "1", field: "subject" }, "Email not found."],
    ["send_email", { recipient: "a@b.com", subject: "s" }, "Recipient, subject, or body not provided."],
    ["send_email", { recipient: "a@b.com", subject: "", body: "b" }, "Recipient, subject, or body not provided."],
    ["send_email", { recipient: "nobody", subject: "s", body: "b" }, "Invalid recipient email address."],
    ["send_email", { recipient: "a@bcom", subject: "s", body: "b" }, "Invalid recipient email address."],
    ["send_email", { recipient: "a@b.com", subject: "s", body: "b" }, "Email sent successfully."],
    ["delete_email", {}, "Email ID not provided."],
    ["delete_email", { email_id: "42" }, "Email not found."],
    ["delete_email", { email_id: "00000373" }, "Email deleted successfully."],
    ["forward_email", { email_id: "00000373" }, "Email ID or recipient not provided."],
    ["forward_email", { email_id: "1", recipient: "nobody" }, "Email not found."],
    ["forward_email", { email_id: "00000373", recipient: "nobody" }, "Invalid recipient email address."],
    ["forward_email", { email_id: "00000373", recipient: "a@b.com" }, "Email forwarded successfully."],
    ["reply_email", { email_id: "00000373" }, "Email ID or body not provided."],
    ["reply_email", { email_id: "1", body: "thanks" }, "Email not found."],
    ["reply_email", { email_id: "00000373", body: "thanks" }, "Email replied successfully."],
  ])("%s(%j) → %s", (tool, args, expected) => {
    expect(value(tool, args)).toBe(expected);
  });
});

describe("email.search_emails", () => {
  test.each([
    ["every word must appear, newest first", { query: "budget" }, ["00000436", "00000499"]],
    ["words may be spread over subject, body and sender", { query: "REVIEW nadia attached" }, ["00000436"]],
    ["empty query matches all, newest first", { query: "" }, ["00000436", "00000499", "00000373"]],
    ["date bounds compare the date part, inclusive", { date_min: "2023-11-20", date_max: "2023-11-29" }, ["00000436", "00000499"]],
    ["a date-time bound is cut to its date", { date_max: "2023-11-20 00:00:00" }, ["00000499", "00000373"]],
    ["words are plain text, not regexes", { query: "sam,\\n\\ndone" }, ["00000373"]],
  ])("%s", (_name, args, expected) => {
    expect(ids(value("search_emails", args))).toEqual(expected);
  });

  test("no match is a message", () => {
    expect(value("search_emails", { query: "zebra" })).toBe("No emails found.");
  });

  test("at most 5 results on the real data", () => {
    const result = value("search_emails", { query: "" }, createSandbox(realSandboxData())) as unknown[];
    expect(result).toHaveLength(5);
  });

  test("mixing a sent email (Timestamp) with stored ones (str) raises the original TypeError", () => {
    const sandbox = fresh();
    value("send_email", { recipient: "a@b.com", subject: "Budget", body: "x" }, sandbox);
    expect(run(sandbox, "search_emails", { query: "budget" })).toMatchObject({
      ok: false,
      errorType: "TypeError",
      message: "'<' not supported between instances of 'str' and 'Timestamp'",
    });
    // Only the sent email matches: nothing to compare, no error.
    expect(ids(value("search_emails", { query: "a@b.com" }, sandbox))).toEqual(["500"]);
  });

  test("an unparseable date raises only when emails remain to filter", () => {
    expect(run(fresh(), "search_emails", { query: "budget", date_min: "someday" })).toMatchObject({ ok: false, errorType: "DateParseError" });
    expect(value("search_emails", { query: "zebra", date_min: "someday" })).toBe("No emails found.");
  });
});

describe("email writes", () => {
  test("send_email: unpadded ids 500, 501; lowercased recipient; Timestamp now", () => {
    const sandbox = createSandbox(realSandboxData());
    value("send_email", { recipient: "Luis.Ortiz@Atlas.com", subject: "Hi", body: "Hello" }, sandbox);
    value("send_email", { recipient: "a@b.com", subject: "Again", body: "Hello" }, sandbox);
    const rows = sandbox.state.email.rows.slice(-2);
    expect(rows.map((row) => [row.label, row.values.email_id])).toEqual([[500, "500"], [501, "501"]]);
    expect(rows[0]?.values).toEqual({
      email_id: "500", "inbox/outbox": "outbox", "sender/recipient": "luis.ortiz@atlas.com",
      subject: "Hi", sent_datetime: NOW, body: "Hello",
    });
  });

  test("delete then send overwrites the row labelled len(EMAILS) (email 00000436 on the real data)", () => {
    const sandbox = createSandbox(realSandboxData());
    const last = sandbox.state.email.rows.at(-1)!;
    expect([last.label, last.values.email_id]).toEqual([499, "00000436"]);
    value("delete_email", { email_id: "00000373" }, sandbox);
    value("send_email", { recipient: "a@b.com", subject: "s", body: "b" }, sandbox);
    const email = sandbox.state.email;
    expect(email.rows).toHaveLength(499);
    expect(email.rows.some((row) => row.values.email_id === "00000436")).toBe(false);
    expect(email.rows.at(-1)).toMatchObject({ label: 499, values: { email_id: "500" } });
  });

  test("send then delete keeps the last stored email (order matters)", () => {
    const sandbox = createSandbox(realSandboxData());
    value("send_email", { recipient: "a@b.com", subject: "s", body: "b" }, sandbox);
    value("delete_email", { email_id: "00000373" }, sandbox);
    expect(sandbox.state.email.rows.some((row) => row.values.email_id === "00000436")).toBe(true);
  });

  test("forward sends FW: subject with the original body; reply goes to the sender with the same subject", () => {
    const sandbox = fresh();
    value("forward_email", { email_id: "00000499", recipient: "Kofi@Atlas.com" }, sandbox);
    value("reply_email", { email_id: "00000499", body: "Sure." }, sandbox);
    const [forward, reply] = sandbox.state.email.rows.slice(-2).map((row) => row.values);
    expect(forward).toMatchObject({ email_id: "500", "sender/recipient": "kofi@atlas.com", subject: "FW: Budget Planning", body: "Could use your advice on the budget." });
    expect(reply).toMatchObject({ email_id: "501", "sender/recipient": "chenwei.zhang@atlas.com", subject: "Budget Planning", body: "Sure." });
  });
});
