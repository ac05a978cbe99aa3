// Every way a 2026 tool behaves differently from its 2024 definition, one row per difference: the
// same calls run through TOOLS_2024 and TOOLS_2026, and each row names the 2026 source line it follows
// (olly-styles/WorkBench: src/tools/*.py at the commits of issue 8; email.py at f7bed57).
import { describe, expect, test } from "vitest";
import { createSandbox, type SandboxHandle } from "../sandbox/sandbox";
import type { SandboxData } from "../sandbox/types";
import { realSandboxData } from "../test-support/real-sandbox";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { TOOLS_2024, TOOLS_2026, type ToolSet } from ".";

type Step = readonly [tool: string, args: Record<string, string>];
/** What a case looks at after its steps: the last observation (or "raises <Type>") unless it says otherwise. */
type Probe = (sandbox: SandboxHandle, last: { ok: boolean; observation: string; errorType?: string }) => unknown;

const lastObservation: Probe = (_sandbox, last) => (last.ok ? last.observation : `raises ${last.errorType}`);
const emailIds: Probe = (sandbox) => sandbox.state.email.rows.map((row) => row.values.email_id);
const resultIds = (key: string): Probe => (_sandbox, last) => {
  if (!last.ok) return `raises ${last.errorType}`;
  if (!last.observation.startsWith("[")) return last.observation;
  const ids = [...last.observation.matchAll(new RegExp(`["']${key}["']: ["']([^"']+)["']`, "g"))].map((match) => match[1]);
  return ids;
};

const send: Step = ["email.send_email", { recipient: "Nadia.Moreau@atlas.com", subject: "Budget", body: "budget notes" }];

interface Case {
  readonly name: string;
  /** The 2026 source line the 2026 column follows. */
  readonly upstream: string;
  readonly steps: readonly Step[];
  readonly probe?: Probe;
  readonly data?: () => SandboxData;
  readonly v2024: unknown;
  readonly v2026: unknown;
}

const CASES: readonly Case[] = [
  {
    name: "send_email zero-pads the new id",
    upstream: "email.py:122 (generate_next_id, _utils.py:45)",
    steps: [send],
    probe: emailIds,
    v2024: ["00000373", "00000499", "00000436", "500"],
    v2026: ["00000373", "00000499", "00000436", "00000500"],
  },
  {
    name: "send_email after a delete appends instead of overwriting the row at loc[len(EMAILS)]",
    upstream: "email.py:134 (pd.concat ignore_index=True)",
    steps: [["email.delete_email", { email_id: "00000373" }], send],
    probe: emailIds,
    v2024: ["00000499", "500"],
    v2026: ["00000499", "00000436", "00000500"],
  },
  {
    name: "search_emails after a sent email converts the dates instead of raising TypeError",
    upstream: "email.py:81, 86-87 (pd.to_datetime, sort, astype(str))",
    steps: [send, ["email.search_emails", { query: "budget" }]],
    probe: (sandbox, last) => (last.ok ? JSON.parse(last.observation).map((e: { email_id: string; sent_datetime: string }) => `${e.email_id} ${e.sent_datetime}`) : `raises ${last.errorType}`),
    v2024: "raises TypeError",
    v2026: ["00000500 2023-11-30 00:00:00", "00000436 2023-11-29 17:00:00", "00000499 2023-11-20 09:40:01"],
  },
  {
    name: "search_emails parses a date bound even when no email matches",
    upstream: "email.py:82-83 (pd.Timestamp(date_min) outside any per-row filter)",
    steps: [["email.search_emails", { query: "no such words", date_min: "someday" }]],
    v2024: "No emails found.",
    v2026: "raises DateParseError",
  },
  {
    name: "search_emails: a NaT date bound keeps nothing (NaT.date() is NaT, every comparison false)",
    upstream: "email.py:83 (pd.Timestamp(date_min).date())",
    steps: [["email.search_emails", { query: "budget", date_min: "nan" }]],
    v2024: "No emails found.",
    v2026: "[]",
  },
  {
    name: "search_emails prints sent_datetime as a date when every match is at midnight",
    upstream: "email.py:87 (astype(str) of a dates-only datetime column)",
    steps: [send, ["email.search_emails", { query: "budget notes" }]],
    probe: (_sandbox, last) => /sent_datetime['"]: ([^,]+),/.exec(last.observation)?.[1],
    v2024: "Timestamp('2023-11-30 00:00:00')",
    v2026: '"2023-11-30"',
  },
  {
    name: "search_emails with no match returns an empty JSON list",
    upstream: "email.py:88 (json.dumps of the records)",
    steps: [["email.search_emails", { query: "no such words" }]],
    v2024: "No emails found.",
    v2026: "[]",
  },
  {
    name: "get_email_information_by_id of a sent email's time raises: a Timestamp is not JSON",
    upstream: "_utils.py:38 (json.dumps({field: value})) with email.py:123 (HARDCODED_CURRENT_TIME)",
    steps: [send, ["email.get_email_information_by_id", { email_id: "00000500", field: "sent_datetime" }]],
    v2024: "Email not found.",
    v2026: "raises TypeError",
  },
  {
    name: "get_*_information_by_id answers in JSON",
    upstream: "_utils.py:38",
    steps: [["calendar.get_event_information_by_id", { event_id: "00000013", field: "event_name" }]],
    v2024: "{'event_name': 'sync up'}",
    v2026: '{"event_name": "sync up"}',
  },
  {
    name: "search_events matches the query literally, not as a regex",
    upstream: "calendar.py:77-78 (regex=False)",
    steps: [["calendar.search_events", { query: "sync.up" }]],
    probe: resultIds("event_id"),
    v2024: ["00000013", "00000002"],
    v2026: [],
  },
  {
    name: "search_events compares time_min with the event's end",
    upstream: "calendar.py:84-85 (event_start + Timedelta(minutes=int(duration)) >= time_min)",
    steps: [["calendar.search_events", { query: "process", time_min: "2023-11-29 12:00:00" }]],
    probe: resultIds("event_id"),
    v2024: "No events found.",
    v2026: ["00000275"],
  },
  {
    name: "search_events reads int(duration), which raises on a non-integer duration",
    upstream: "calendar.py:84 (int(event[\"duration\"]))",
    steps: [
      ["calendar.update_event", { event_id: "00000275", field: "duration", new_value: "1.5" }],
      ["calendar.search_events", { query: "process", time_min: "2023-11-01 00:00:00" }],
    ],
    probe: resultIds("event_id"),
    v2024: ["00000275"],
    v2026: "raises ValueError",
  },
  {
    name: "search_events with no match returns an empty JSON list",
    upstream: "calendar.py:89",
    steps: [["calendar.search_events", { query: "no such event" }]],
    v2024: "No events found.",
    v2026: "[]",
  },
  {
    name: "search_tasks is case-sensitive",
    upstream: "project_management.py:82 (str.contains without case=False)",
    steps: [["project_management.search_tasks", { task_name: "add" }]],
    probe: resultIds("task_id"),
    v2024: ["00000149", "00000037"],
    v2026: [],
  },
  {
    name: "search_tasks matches literally",
    upstream: "project_management.py:82 (regex=False)",
    steps: [["project_management.search_tasks", { task_name: "A.d" }]],
    probe: resultIds("task_id"),
    v2024: ["00000149", "00000037"],
    v2026: [],
  },
  {
    name: "search_tasks returns at most 200 tasks",
    upstream: "project_management.py:16, 92 (SEARCH_TASKS_RESULT_LIMIT)",
    data: realSandboxData,
    steps: [["project_management.search_tasks", { board: "e" }]],
    probe: (_sandbox, last) => (last.observation.match(/task_id/g) ?? []).length,
    v2024: 300,
    v2026: 200,
  },
  {
    name: "search_customers matches literally",
    upstream: "customer_relationship_manager.py:79 (regex=False)",
    steps: [["customer_relationship_manager.search_customers", { customer_name: "r.*y" }]],
    probe: resultIds("customer_id"),
    v2024: ["00000199"],
    v2026: [],
  },
  {
    name: "search_customers answers in JSON (NaN cells as NaN)",
    upstream: "customer_relationship_manager.py:97",
    steps: [["customer_relationship_manager.search_customers", { customer_name: "Taylor" }]],
    probe: (_sandbox, last) => last.observation.includes('"customer_phone": NaN'),
    v2024: false,
    v2026: true,
  },
  {
    name: "find_email_address matches literally",
    upstream: "company_directory.py:30 (regex=False)",
    steps: [["company_directory.find_email_address", { name: "l.*z" }]],
    v2024: "['carlos.rodriguez@atlas.com' 'luis.ortiz@atlas.com']",
    v2026: "No employee found with that name.",
  },
  {
    name: "find_email_address answers a JSON list",
    upstream: "company_directory.py:33",
    steps: [["company_directory.find_email_address", { name: "Luis" }]],
    v2024: "['luis.ortiz@atlas.com']",
    v2026: '["luis.ortiz@atlas.com"]',
  },
  {
    name: "get_visitor_information_by_id answers in JSON (user_engaged as a JSON bool)",
    upstream: "analytics.py:49",
    steps: [["analytics.get_visitor_information_by_id", { visitor_id: "4426" }]],
    probe: (_sandbox, last) => last.observation.includes('"user_engaged": true'),
    v2024: false,
    v2026: true,
  },
  {
    name: "create_plot names the accepted values when value_to_plot is wrong",
    upstream: "analytics.py:89-90",
    steps: [["analytics.create_plot", { time_min: "2023-11-01", time_max: "2023-11-29", value_to_plot: "direct", plot_type: "bar" }]],
    v2024: "Value to plot must be one of 'total_visits', 'session_duration_seconds', 'user_engaged', 'direct', 'referral', 'search engine', 'social media'",
    v2026: "Value to plot must be one of 'total_visits', 'session_duration_seconds', 'user_engaged', 'visits_direct', 'visits_referral', 'visits_search_engine', 'visits_social_media'",
  },
  {
    name: "create_plot's plot-type message has no 'or'",
    upstream: "analytics.py:91-92",
    steps: [["analytics.create_plot", { time_min: "2023-11-01", time_max: "2023-11-29", value_to_plot: "total_visits", plot_type: "pie" }]],
    v2024: "Plot type must be one of 'bar', 'line', 'scatter', or 'histogram'",
    v2026: "Plot type must be one of 'bar', 'line', 'scatter', 'histogram'",
  },
];

function runCase(tools: ToolSet, testCase: Case): unknown {
  const sandbox = createSandbox((testCase.data ?? fixtureSandboxData)());
  let last: { ok: boolean; observation: string; errorType?: string } = { ok: true, observation: "" };
  for (const [tool, args] of testCase.steps) {
    const outcome = tools.execute(sandbox, { tool, args, raw: tool });
    last = outcome.ok ? { ok: true, observation: outcome.observation } : { ok: false, observation: outcome.observation, errorType: outcome.errorType };
  }
  return (testCase.probe ?? lastObservation)(sandbox, last);
}

describe.each(CASES.map((testCase) => [`${testCase.name} (${testCase.upstream})`, testCase] as const))("%s", (_name, testCase) => {
  test("2024", () => expect(runCase(TOOLS_2024, testCase)).toEqual(testCase.v2024));
  test("2026", () => expect(runCase(TOOLS_2026, testCase)).toEqual(testCase.v2026));
});

test("an emptied table's first id: 2024 raises, 2026 starts at 00000000 (_utils.py:43-44)", () => {
  const steps: Step[] = ["00000189", "00000107", "00000199"].map((id) => ["customer_relationship_manager.delete_customer", { customer_id: id }]);
  const add: Step = ["customer_relationship_manager.add_customer", { customer_name: "x", assigned_to_email: "a@b.c", status: "Lead" }];
  const outcome = (tools: ToolSet) => {
    const sandbox = createSandbox(fixtureSandboxData());
    for (const [tool, args] of [...steps, add]) {
      const result = tools.execute(sandbox, { tool, args, raw: tool });
      if (tool.endsWith("add_customer")) return result.ok ? result.observation : `raises ${result.errorType}`;
    }
    return undefined;
  };
  expect(outcome(TOOLS_2024)).toBe("raises ValueError");
  expect(outcome(TOOLS_2026)).toBe("00000000");
});

test("2026 tools share the 2024 definitions: same names, parameters and side effects, in the same order", () => {
  expect(TOOLS_2026.all.map((tool) => [tool.name, tool.parameters, tool.hasSideEffects])).toEqual(
    TOOLS_2024.all.map((tool) => [tool.name, tool.parameters, tool.hasSideEffects]),
  );
});

test("a name that is no tool is rejected under 2026 (actions.py:45-47) and fails as eval() did under 2024", () => {
  const sandbox = createSandbox(fixtureSandboxData());
  const call = { tool: "email.filter_spam", args: {}, raw: "" };
  expect(TOOLS_2026.execute(sandbox, call)).toMatchObject({ ok: false, errorType: "RejectedTool" });
  expect(TOOLS_2024.execute(sandbox, call)).toMatchObject({ ok: false, errorType: "AttributeError" });
});
