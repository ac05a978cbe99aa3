import { describe, expect, test } from "vitest";
import { createSandbox } from "../sandbox/sandbox";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { realSandboxData } from "../test-support/real-sandbox";
import { executeCall } from ".";

const fresh = () => createSandbox(fixtureSandboxData());
const run = (sandbox: ReturnType<typeof fresh>, tool: string, args: Record<string, string>) =>
  executeCall(sandbox, { tool: `calendar.${tool}`, args, raw: tool });
const value = (tool: string, args: Record<string, string>, sandbox = fresh()) => {
  const outcome = run(sandbox, tool, args);
  if (!outcome.ok) throw new Error(outcome.observation);
  return outcome.value;
};
const ids = (result: unknown) => (result as { event_id: string }[]).map((event) => event.event_id);

describe("calendar validation messages", () => {
  test.each([
    ["get_event_information_by_id", {}, "Event ID not provided."],
    ["get_event_information_by_id", { event_id: "", field: "x" }, "Event ID not provided."],
    ["get_event_information_by_id", { event_id: "00000013" }, "Field not provided."],
    ["get_event_information_by_id", { event_id: "00000013", field: "sender" }, "Field not found."],
    ["get_event_information_by_id", { event_id: "99", field: "event_name" }, "Event not found."],
    ["create_event", {}, "Event name not provided."],
    ["create_event", { event_name: "x" }, "Participant email not provided."],
    ["create_event", { event_name: "x", participant_email: "a@b.c" }, "Event start not provided."],
    ["create_event", { event_name: "x", participant_email: "a@b.c", event_start: "2023-12-01" }, "Event duration not provided."],
    ["delete_event", {}, "Event ID not provided."],
    ["delete_event", { event_id: "00000999" }, "Event not found."],
    ["delete_event", { event_id: "00000013" }, "Event deleted successfully."],
    ["update_event", { event_id: "00000013", field: "duration" }, "Event ID, field, or new value not provided."],
    ["update_event", { event_id: "00000999", field: "duration", new_value: "30" }, "Event not found."],
    ["update_event", { event_id: "00000013", field: "duration", new_value: "30" }, "Event updated successfully."],
  ])("%s(%j) → %s", (tool, args, expected) => {
    expect(value(tool, args)).toBe(expected);
  });

  test("get_event_information_by_id returns {field: value}", () => {
    expect(value("get_event_information_by_id", { event_id: "00000013", field: "event_start" })).toEqual({
      event_start: "2023-08-01 09:00:00",
    });
  });
});

describe("calendar.search_events", () => {
  test.each([
    ["case-insensitive substring of name", { query: "SYNC" }, ["00000013", "00000002"]],
    ["or of the participant email", { query: "fatima" }, ["00000275"]],
    ["query is a regex", { query: "^sync|review$" }, ["00000013", "00000275", "00000002"]],
    ["escaped regex characters", { query: "\\(weekly\\)" }, ["00000002"]],
    ["time_min is inclusive on the start", { query: "", time_min: "2023-11-30 10:00:00" }, ["00000002", "00000100", "00000101", "00000102", "00000103"]],
    ["time_max is inclusive on the start", { time_max: "2023-11-29 11:30:00" }, ["00000013", "00000275"]],
    ["date-only bounds parse as midnight", { time_min: "2023-11-30", time_max: "2023-12-01" }, ["00000002"]],
    ["ISO T separator", { time_min: "2023-12-01T09:00:00" }, ["00000100", "00000101", "00000102", "00000103"]],
    ["first 5 in table order", { query: "" }, ["00000013", "00000275", "00000002", "00000100", "00000101"]],
  ])("%s", (_name, args, expected) => {
    expect(ids(value("search_events", args))).toEqual(expected);
  });

  test("no match is a message", () => {
    expect(value("search_events", { query: "nothing like this" })).toBe("No events found.");
  });

  test.each([
    ["an invalid regex raises re.error", { query: "C++" }, "re.error"],
    ["an unparseable bound raises DateParseError", { query: "sync", time_min: "next tuesday" }, "DateParseError"],
    ["a tz-aware bound cannot be compared with naive starts", { time_min: "2023-11-30T00:00:00Z" }, "TypeError"],
  ])("%s", (_name, args, errorType) => {
    const outcome = run(fresh(), "search_events", args);
    expect(outcome).toMatchObject({ ok: false, errorType });
  });

  test("a bad bound does not raise when no event is left to filter", () => {
    expect(value("search_events", { query: "no such event", time_min: "garbage" })).toBe("No events found.");
  });
});

describe("calendar writes", () => {
  test("create_event: max id + 1 zero-padded, lowercased email, index label 0", () => {
    const sandbox = createSandbox(realSandboxData());
    const id = value("create_event", { event_name: "Sync", participant_email: "Luis.Ortiz@Atlas.com", event_start: "2023-12-01 09:00:00", duration: "30" }, sandbox);
    expect(id).toBe("00000300");
    const last = sandbox.state.calendar.rows.at(-1)!;
    expect(last.label).toBe(0);
    expect(last.values.participant_email).toBe("luis.ortiz@atlas.com");
    expect(value("create_event", { event_name: "b", participant_email: "a@b.c", event_start: "x", duration: "1" }, sandbox)).toBe("00000301");
  });

  test("deleting the max id and creating reuses it", () => {
    const sandbox = fresh();
    value("delete_event", { event_id: "00000275" }, sandbox);
    expect(value("create_event", { event_name: "n", participant_email: "a@b.c", event_start: "x", duration: "1" }, sandbox)).toBe("00000104");
  });

  test("update_event lowercases participant_email only", () => {
    const sandbox = fresh();
    value("update_event", { event_id: "00000013", field: "participant_email", new_value: "A@B.COM" }, sandbox);
    value("update_event", { event_id: "00000013", field: "event_name", new_value: "Big Sync" }, sandbox);
    expect(sandbox.state.calendar.rows[0]?.values).toMatchObject({ participant_email: "a@b.com", event_name: "Big Sync" });
  });

  test("update_event with an unknown field appends a column, null in other rows", () => {
    const sandbox = fresh();
    expect(value("update_event", { event_id: "00000013", field: "location", new_value: "HQ" }, sandbox)).toBe("Event updated successfully.");
    expect(sandbox.state.calendar.columns.at(-1)).toBe("location");
    const search = value("search_events", { query: "sync" }, sandbox) as Record<string, unknown>[];
    expect(search.map((event) => event.location)).toEqual(["HQ", null]);
  });
});
