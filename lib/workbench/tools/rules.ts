/**
 * What the tools do differently under each protocol, as data. The tool definitions read these fields;
 * no tool branches on a protocol id. Line numbers refer to the 2026 sources in olly-styles/WorkBench
 * (src/tools/*.py at the commits named in issue 8); the 2024 behaviour is the paper's (42f1b6d).
 */
export interface ToolRules {
  readonly protocol: "2024" | "2026";
  /**
   * pandas `str.contains`: a regular expression (2024) or `regex=False`, a plain substring (2026:
   * calendar.py:77-78, customer_relationship_manager.py:78-87, project_management.py:81-90, company_directory.py:30).
   */
  readonly textSearch: "regex" | "literal";
  /** project_management.search_tasks: `case=False` (2024) or case-sensitive (2026 project_management.py:81-90). */
  readonly taskSearchCase: "insensitive" | "sensitive";
  /** project_management.search_tasks: no limit (2024) or SEARCH_TASKS_RESULT_LIMIT = 200 (2026 project_management.py:16, 92). */
  readonly taskSearchLimit: number | null;
  /** What a tool returns: Python objects, shown as str() (2024), or `json.dumps(...)` strings (2026, e.g. _utils.py:38, calendar.py:89, email.py:88). */
  readonly results: "python" | "json";
  /** What an empty search returns: the 2024 messages, or "[]" (2026 json.dumps of the empty list: calendar.py:89, email.py:88). */
  readonly emptySearch: "message" | "empty-list";
  /**
   * send_email: 2024 writes `EMAILS.loc[len(EMAILS)]` with an unpadded id (overwriting a row after a
   * delete); 2026 appends with `generate_next_id` (zero-padded) and `pd.concat(ignore_index=True)` (email.py:122, 134).
   */
  readonly sendEmail: "overwrite-unpadded" | "append-padded";
  /**
   * search_emails: 2024 sorts the raw cells (TypeError once a sent email's Timestamp meets a string);
   * 2026 converts with `pd.to_datetime` first and parses the date bounds once (email.py:81-87).
   */
  readonly emailDates: "raw" | "to-datetime";
  /** calendar.search_events time_min bounds the event start (2024) or its end, start + int(duration) minutes (2026 calendar.py:80-86). */
  readonly eventTimeMin: "start" | "end";
  /** A new id in an empty table: int(NaN) raises (2024) or "00000000" (2026 _utils.py:43-44). */
  readonly emptyTableId: "error" | "zero";
  /** company_directory.find_email_address with no match: an empty numpy array (2024) or a message (2026 company_directory.py:33). */
  readonly directoryNoMatch: "empty-array" | "message";
  /** create_plot's error messages name the short values (2024) or the accepted ones (2026 analytics.py:89-92). */
  readonly plotMessages: "short-names" | "accepted-values";
  /** A call to a name that is no tool: the exception eval() raised (2024), or rejected by name (2026 actions.py:45-47). */
  readonly unknownTool: "eval-namespace" | "rejected";
}

export const TOOL_RULES_2024: ToolRules = {
  protocol: "2024",
  textSearch: "regex",
  taskSearchCase: "insensitive",
  taskSearchLimit: null,
  results: "python",
  emptySearch: "message",
  sendEmail: "overwrite-unpadded",
  emailDates: "raw",
  eventTimeMin: "start",
  emptyTableId: "error",
  directoryNoMatch: "empty-array",
  plotMessages: "short-names",
  unknownTool: "eval-namespace",
};

export const TOOL_RULES_2026: ToolRules = {
  protocol: "2026",
  textSearch: "literal",
  taskSearchCase: "sensitive",
  taskSearchLimit: 200,
  results: "json",
  emptySearch: "empty-list",
  sendEmail: "append-padded",
  emailDates: "to-datetime",
  eventTimeMin: "end",
  emptyTableId: "zero",
  directoryNoMatch: "message",
  plotMessages: "accepted-values",
  unknownTool: "rejected",
};
