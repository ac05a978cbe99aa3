import { describe, expect, test } from "vitest";
import { createSandbox, type SandboxHandle } from "../sandbox/sandbox";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { realSandboxData } from "../test-support/real-sandbox";
import { executeCall } from ".";

const fresh = () => createSandbox(fixtureSandboxData());
const run = (sandbox: SandboxHandle, tool: string, args: Record<string, string>) =>
  executeCall(sandbox, { tool: `project_management.${tool}`, args, raw: tool });
const value = (tool: string, args: Record<string, string>, sandbox = fresh()) => {
  const outcome = run(sandbox, tool, args);
  if (!outcome.ok) throw new Error(outcome.observation);
  return outcome.value;
};
const ids = (result: unknown) => (result as { task_id: string }[]).map((task) => task.task_id);

const TASK = { task_name: "New", assigned_to_email: "Leila.Azizi@atlas.com", list_name: "Backlog", due_date: "2023-12-01", board: "Design" };
const INVALID_ASSIGNEE = "Assignee email not valid. Please choose from the list of team members.";
const INVALID_LIST = "List not valid. Please choose from: 'Backlog', 'In Progress', 'In Review', 'Completed'.";
const INVALID_BOARD = "Board not valid. Please choose from: 'Back end', 'Front end', 'Design'.";

describe("project_management validation messages", () => {
  test.each([
    ["get_task_information_by_id", {}, "Task ID not provided."],
    ["get_task_information_by_id", { task_id: "00000149" }, "Field not provided."],
    ["get_task_information_by_id", { task_id: "00000149", field: "assigned_to" }, "Field not found."],
    ["get_task_information_by_id", { task_id: "7", field: "board" }, "Task not found."],
    ["search_tasks", {}, "No search parameters provided."],
    ["search_tasks", { task_name: "" }, "No search parameters provided."],
    ["create_task", { ...TASK, due_date: "" }, "Missing task details."],
    ["create_task", { ...TASK, assigned_to_email: "sam@atlas.com" }, INVALID_ASSIGNEE],
    ["create_task", { ...TASK, list_name: "backlog" }, INVALID_LIST],
    ["create_task", { ...TASK, board: "Front End" }, INVALID_BOARD],
    ["create_task", { ...TASK, list_name: "Todo", board: "x" }, INVALID_LIST],
    ["delete_task", {}, "Task ID not provided."],
    ["delete_task", { task_id: "7" }, "Task not found."],
    ["delete_task", { task_id: "00000149" }, "Task deleted successfully."],
    ["update_task", { task_id: "00000149", field: "board" }, "Task ID, field, or new value not provided."],
    // Values are validated before the id is looked up.
    ["update_task", { task_id: "7", field: "board", new_value: "Frontend" }, INVALID_BOARD],
    ["update_task", { task_id: "7", field: "list_name", new_value: "Done" }, INVALID_LIST],
    ["update_task", { task_id: "7", field: "assigned_to_email", new_value: "sam@atlas.com" }, INVALID_ASSIGNEE],
    ["update_task", { task_id: "7", field: "board", new_value: "Design" }, "Task not found."],
    ["update_task", { task_id: "00000149", field: "priority", new_value: "high" }, "Field not valid."],
    ["update_task", { task_id: "00000149", field: "assigned_to_email", new_value: "CARLOS.RODRIGUEZ@atlas.com" }, "Task updated successfully."],
  ])("%s(%j) → %s", (tool, args, expected) => {
    expect(value(tool, args)).toBe(expected);
  });
});

describe("project_management.search_tasks", () => {
  test.each([
    ["case-insensitive substring", { task_name: "ADD" }, ["00000149", "00000037"]],
    ["AND of filters", { task_name: "add", board: "front" }, ["00000149"]],
    ["regex", { task_name: "^(design|add an)" }, ["00000149", "00000299"]],
    ["due date substring", { due_date: "2023-11" }, ["00000149", "00000037"]],
    ["no match is an empty list", { assigned_to_email: "nobody" }, []],
  ])("%s", (_name, args, expected) => {
    expect(ids(value("search_tasks", args))).toEqual(expected);
  });

  test("no limit on the number of results", () => {
    expect((value("search_tasks", { board: "e" }, createSandbox(realSandboxData())) as unknown[]).length).toBeGreaterThan(5);
  });

  test("an invalid regex raises re.error", () => {
    expect(run(fresh(), "search_tasks", { task_name: "(unclosed" })).toMatchObject({ ok: false, errorType: "re.error" });
  });
});

describe("project_management writes", () => {
  test("create_task: first id 00000300, lowercased assignee, relabelled index", () => {
    const sandbox = createSandbox(realSandboxData());
    value("delete_task", { task_id: "00000149" }, sandbox);
    expect(value("create_task", TASK, sandbox)).toBe("00000300");
    const rows = sandbox.state.project_tasks.rows;
    expect(rows.map((row) => row.label)).toEqual(rows.map((_row, index) => index));
    expect(rows.at(-1)?.values).toEqual({ task_id: "00000300", task_name: "New", assigned_to_email: "leila.azizi@atlas.com", list_name: "Backlog", due_date: "2023-12-01", board: "Design" });
  });

  test("update_task lowercases the assignee", () => {
    const sandbox = fresh();
    value("update_task", { task_id: "00000149", field: "assigned_to_email", new_value: "CARLOS.RODRIGUEZ@atlas.com" }, sandbox);
    expect(sandbox.state.project_tasks.rows[0]?.values.assigned_to_email).toBe("carlos.rodriguez@atlas.com");
  });
});
