/**
 * Test helper: tiny hand-made sandboxes shaped like the real tables, for exact expectations in
 * table-driven unit tests. The real data is in real-sandbox.ts.
 */
import { tableFromRecords } from "../sandbox/table";
import type { Cell, SandboxData, TableName } from "../sandbox/types";

type Records = readonly Record<string, Cell>[];
const table = (name: TableName, columns: readonly string[], records: Records) => tableFromRecords(name, columns, records);

/** A few rows per table, shaped like the real ones, for exact expectations in unit tests. */
export function fixtureSandboxData(): SandboxData {
  const event = (event_id: string, event_name: string, participant_email: string, event_start: string, duration: string) =>
    ({ event_id, event_name, participant_email, event_start, duration });
  const email = (email_id: string, sender: string, subject: string, sent_datetime: string, body: string) =>
    ({ email_id, "inbox/outbox": "inbox", "sender/recipient": sender, subject, sent_datetime, body });
  const visit = (date_of_visit: string, visitor_id: string, seconds: string, traffic_source: string, engaged: string) =>
    ({ date_of_visit, visitor_id, page_views: "3", session_duration_seconds: seconds, traffic_source, user_engaged: engaged });
  const task = (task_id: string, task_name: string, assigned_to_email: string, list_name: string, due_date: string, board: string) =>
    ({ task_id, task_name, assigned_to_email, list_name, due_date, board });
  const customer = (customer_id: string, customer_name: string, status: string, last_contact_date: string, customer_phone: Cell) => ({
    customer_id, assigned_to_email: "lena.schmidt@atlas.com", customer_name,
    customer_email: `${customer_name.toLowerCase().replace(" ", ".")}@nanolabs`, customer_phone, last_contact_date,
    product_interest: "Software", status, follow_up_by: "2023-12-10", notes: null,
  });
  return {
    tables: {
      calendar: table("calendar", ["event_id", "event_name", "participant_email", "event_start", "duration"], [
        event("00000013", "sync up", "luis.ortiz@atlas.com", "2023-08-01 09:00:00", "90"),
        event("00000275", "process review", "fatima.khan@atlas.com", "2023-11-29 11:30:00", "60"),
        event("00000002", "Sync Up (weekly)", "aisha.chen@atlas.com", "2023-11-30 10:00:00", "30"),
        event("00000100", "1:1", "luis.ortiz@atlas.com", "2023-12-01 09:00:00", "30"),
        event("00000101", "lunch", "luis.ortiz@atlas.com", "2023-12-02 12:00:00", "30"),
        event("00000102", "budget", "luis.ortiz@atlas.com", "2023-12-03 12:00:00", "30"),
        event("00000103", "hiring", "luis.ortiz@atlas.com", "2023-12-04 12:00:00", "30"),
      ]),
      email: table("email", ["email_id", "inbox/outbox", "sender/recipient", "subject", "sent_datetime", "body"], [
        email("00000373", "santiago.martinez@atlas.com", "Task Update", "2023-10-01 09:15:02", "Sam,\\n\\nDone early."),
        email("00000499", "chenwei.zhang@atlas.com", "Budget Planning", "2023-11-20 09:40:01", "Could use your advice on the budget."),
        email("00000436", "nadia.moreau@atlas.com", "Budget Review", "2023-11-29 17:00:00", "Budget numbers attached."),
      ]),
      analytics: table("analytics", ["date_of_visit", "visitor_id", "page_views", "session_duration_seconds", "traffic_source", "user_engaged"], [
        visit("2023-11-01", "0860", "4", "referral", "False"),
        visit("2023-11-01", "4426", "12", "direct", "True"),
        visit("2023-11-02", "0860", "9", "referral", "True"),
        visit("2023-11-04", "7777", "10", "search engine", "False"),
      ]),
      plots: table("plots", ["file_path"], []),
      project_tasks: table("project_tasks", ["task_id", "task_name", "assigned_to_email", "list_name", "due_date", "board"], [
        task("00000149", "Add animation to carousel", "leila.azizi@atlas.com", "Backlog", "2023-11-27", "Front end"),
        task("00000037", "Add authentication", "carlos.rodriguez@atlas.com", "Completed", "2023-11-27", "Back end"),
        task("00000299", "Design logo", "leila.azizi@atlas.com", "In Progress", "2023-12-05", "Design"),
      ]),
      crm: table("crm", ["customer_id", "assigned_to_email", "customer_name", "customer_email", "customer_phone", "last_contact_date", "product_interest", "status", "follow_up_by", "notes"], [
        customer("00000189", "Taylor Jackson", "Lost", "2023-11-30", null),
        customer("00000107", "Quinn Harris", "Proposal", "2023-11-15", "555-0100"),
        customer("00000199", "Riley Brown", "Won", "2023-10-01", null),
      ]),
    },
    directory: ["aisha.chen@atlas.com", "carlos.rodriguez@atlas.com", "luis.ortiz@atlas.com", "lena.schmidt@atlas.com"],
  };
}
