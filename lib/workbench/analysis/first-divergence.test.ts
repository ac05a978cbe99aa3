import { describe, expect, test } from "vitest";
import { executeCall } from "../tools";
import { fixtureSandboxData } from "../test-support/fixture-sandbox";
import { firstDivergence, type AgentCall } from "./first-divergence";

const move = (id: string, list: string) => `project_management.update_task.func(task_id='${id}', field='list_name', new_value='${list}')`;
const search = "project_management.search_tasks.func(task_name='Design logo')";
const deleteEvent = (id: string) => `calendar.delete_event.func(event_id='${id}')`;

/** Agent calls as tool steps 1, 3, 5… (model turns in between), the final answer after them. */
const steps = (...calls: string[]): { calls: AgentCall[]; lastStep: number } => ({
  calls: calls.map((call, index) => ({ step: index * 2 + 1, call })),
  lastStep: calls.length * 2 + 1,
});

const divergence = (groundTruth: string[], agent: ReturnType<typeof steps>) =>
  firstDivergence({ data: fixtureSandboxData(), groundTruth, ...agent }, executeCall);

describe("firstDivergence", () => {
  test("none when the agent reaches the ground truth (reads in between do not matter)", () => {
    expect(divergence([move("00000149", "In Progress")], steps(search, move("00000149", "In Progress")))).toEqual({ kind: "none" });
  });

  test("the first write of a wrong value, with the value the ground truth sets", () => {
    const result = divergence([move("00000149", "In Progress")], steps(search, move("00000149", "Completed"), move("00000149", "In Progress")));
    expect(result).toMatchObject({ kind: "wrong-write", step: 3, callIndex: 1 });
    expect(result.kind === "wrong-write" && result.reason).toBe(
      "set project_tasks 00000149 list_name to 'Completed'; the ground truth has 'In Progress'",
    );
  });

  test("a deletion the ground truth does not make", () => {
    const result = divergence([deleteEvent("00000100")], steps(deleteEvent("00000100"), deleteEvent("00000101")));
    expect(result).toMatchObject({ kind: "wrong-write", step: 3, callIndex: 1, reason: "deleted calendar 00000101, which the ground truth keeps" });
  });

  test("a row added that the ground truth does not add", () => {
    const create = "calendar.create_event.func(event_name='sync', participant_email='luis.ortiz@atlas.com', event_start='2023-12-05 10:00:00', duration='30')";
    const result = divergence([], steps(search, create));
    expect(result).toMatchObject({ kind: "wrong-write", step: 3 });
    expect(result.kind === "wrong-write" && result.reason).toMatch(/^added a calendar row \(event_id = '\d{8}'/);
  });

  test("correct writes in a different order than the ground truth are not a divergence", () => {
    const truth = [move("00000149", "In Progress"), deleteEvent("00000100")];
    expect(divergence(truth, steps(deleteEvent("00000100"), move("00000149", "In Progress")))).toEqual({ kind: "none" });
  });

  test("stopping short points at the last step with what is left", () => {
    const result = divergence([move("00000149", "In Progress"), deleteEvent("00000100")], steps(search, move("00000149", "In Progress")));
    expect(result).toEqual({ kind: "incomplete", step: 5, missing: 1, reason: "stopped with 1 change of the ground truth not made (calendar)" });
  });

  test("unparseable and refused calls change nothing and are skipped", () => {
    const result = divergence([move("00000149", "In Progress")], steps("not a call(", move("7", "In Progress"), move("00000149", "In Progress")));
    expect(result).toEqual({ kind: "none" });
  });
});
