/** The project management toolkit (5 tools) over the `project_tasks` table. */
import type { Tool } from "./types";
import type { Row, Table } from "../sandbox/types";
import { defineTool } from "./define-tool";
import { cellOf, concatRow, hasValue, rowRecord, updateWhere } from "../sandbox/table";
import { deleteById, informationById, nextId, rowsContaining, tableOf } from "./tool-helpers";

const TASK_ID_DOC = '8-digit ID of the task, e.g. "00000149".';
const LISTS = ["Backlog", "In Progress", "In Review", "Completed"];
const BOARDS = ["Back end", "Front end", "Design"];
const INVALID_ASSIGNEE = "Assignee email not valid. Please choose from the list of team members.";
const INVALID_LIST = "List not valid. Please choose from: 'Backlog', 'In Progress', 'In Review', 'Completed'.";
const INVALID_BOARD = "Board not valid. Please choose from: 'Back end', 'Front end', 'Design'.";
const SEARCH_FIELDS = ["task_name", "assigned_to_email", "list_name", "due_date", "board"] as const;

/** An assignee is valid only if some task is already assigned to them (compared lower-cased). */
function isTeamMember(table: Table, email: string): boolean {
  return table.rows.some((row) => {
    const cell = cellOf(row, "assigned_to_email");
    return typeof cell === "string" && cell.toLowerCase() === email;
  });
}

const getTaskInformationById = defineTool({
  name: "project_management.get_task_information_by_id",
  domain: "project_management",
  description: "Looks up one field of a task by its ID and returns it as {field: value}.",
  parameters: [
    ["task_id", TASK_ID_DOC],
    ["field", 'Field to return: "task_id", "task_name", "assigned_to_email", "list_name", "due_date" or "board".'],
  ],
  hasSideEffects: false,
  run: (sandbox, { task_id, field }) =>
    informationById(tableOf(sandbox, "project_tasks"), "task_id", task_id, field, {
      noId: "Task ID not provided.",
      notFound: "Task not found.",
    }),
});

const searchTasks = defineTool({
  name: "project_management.search_tasks",
  domain: "project_management",
  description: (rules) =>
    `Searches tasks: every given field must contain the given text (${rules.taskSearchCase === "sensitive" ? "case-sensitive" : "case-insensitive"}). ` +
    `At least one field is required. Returns ${rules.taskSearchLimit === null ? "all matching tasks (no limit)" : `at most ${rules.taskSearchLimit} tasks`}.`,
  parameters: [
    ["task_name", "Text in the task name."],
    ["assigned_to_email", "Email address of the assignee."],
    ["list_name", 'List: "Backlog", "In Progress", "In Review" or "Completed".'],
    ["due_date", 'Due date. Format: "YYYY-MM-DD".'],
    ["board", 'Board: "Back end", "Front end" or "Design".'],
  ],
  hasSideEffects: false,
  run(sandbox, args, rules) {
    if (!SEARCH_FIELDS.some((field) => args[field])) return "No search parameters provided.";
    const table = tableOf(sandbox, "project_tasks");
    // Not copied: the filters return new arrays, and an unfiltered table version is searched as itself.
    let rows: readonly Row[] = table.rows;
    const ignoreCase = rules.taskSearchCase === "insensitive";
    for (const field of SEARCH_FIELDS) {
      const pattern = args[field];
      if (pattern) rows = rowsContaining(rows, field, pattern, ignoreCase, rules.textSearch);
    }
    const limited = rules.taskSearchLimit === null ? rows : rows.slice(0, rules.taskSearchLimit);
    return limited.map((row) => rowRecord(table, row));
  },
});

const createTask = defineTool({
  name: "project_management.create_task",
  domain: "project_management",
  description: "Creates a task (all five fields required) and returns its new 8-digit ID.",
  parameters: [
    ["task_name", "Name of the task."],
    ["assigned_to_email", "Email address of the assignee; must be an existing team member."],
    ["list_name", 'List: exactly one of "Backlog", "In Progress", "In Review", "Completed".'],
    ["due_date", 'Due date. Format: "YYYY-MM-DD".'],
    ["board", 'Board: exactly one of "Back end", "Front end", "Design".'],
  ],
  hasSideEffects: true,
  run(sandbox, { task_name, assigned_to_email, list_name, due_date, board }, rules) {
    if (!task_name || !assigned_to_email || !list_name || !due_date || !board) return "Missing task details.";
    const table = tableOf(sandbox, "project_tasks");
    const assignee = assigned_to_email.toLowerCase();
    if (!isTeamMember(table, assignee)) return INVALID_ASSIGNEE;
    if (!LISTS.includes(list_name)) return INVALID_LIST;
    if (!BOARDS.includes(board)) return INVALID_BOARD;
    const task_id = nextId(table, "task_id", true, rules.emptyTableId);
    const record = { task_id, task_name, assigned_to_email: assignee, list_name, due_date, board };
    sandbox.replaceTable(concatRow(table, record, true));
    return task_id;
  },
});

const deleteTask = defineTool({
  name: "project_management.delete_task",
  domain: "project_management",
  description: "Deletes a task by its ID.",
  parameters: [["task_id", TASK_ID_DOC]],
  hasSideEffects: true,
  run: (sandbox, { task_id }) => deleteById(sandbox, "project_tasks", "task_id", task_id, "Task"),
});

const updateTask = defineTool({
  name: "project_management.update_task",
  domain: "project_management",
  description: "Sets one field of a task; list, board and assignee are validated as in create_task.",
  parameters: [
    ["task_id", TASK_ID_DOC],
    ["field", 'Field to update: "task_name", "assigned_to_email", "list_name", "due_date" or "board".'],
    ["new_value", "New value for the field."],
  ],
  hasSideEffects: true,
  run(sandbox, { task_id, field, new_value }) {
    if (!task_id || !field || !new_value) return "Task ID, field, or new value not provided.";
    const table = tableOf(sandbox, "project_tasks");
    const value = field === "assigned_to_email" ? new_value.toLowerCase() : new_value;
    // Values are validated before the task id is looked up, as in the original.
    if (field === "board" && !BOARDS.includes(value)) return INVALID_BOARD;
    if (field === "list_name" && !LISTS.includes(value)) return INVALID_LIST;
    if (field === "assigned_to_email" && !isTeamMember(table, value)) return INVALID_ASSIGNEE;
    if (!hasValue(table, "task_id", task_id)) return "Task not found.";
    if (!table.columns.includes(field)) return "Field not valid.";
    sandbox.replaceTable(updateWhere(table, "task_id", task_id, field, value));
    return "Task updated successfully.";
  },
});

export const PROJECT_MANAGEMENT_TOOLS: readonly Tool[] = [
  getTaskInformationById,
  searchTasks,
  createTask,
  deleteTask,
  updateTask,
];
