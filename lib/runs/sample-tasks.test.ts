import { describe, expect, test } from "vitest";
import { allocate, sampleTasks, type SampleCandidate } from "./sample-tasks";

/** 690 tasks shaped like WorkBench: uneven domains, a few templates each. */
function makeTasks(): SampleCandidate[] {
  const sizes: Record<string, number> = { analytics: 180, calendar: 110, customer_relationship_manager: 80, email: 120, multi_domain: 200 };
  return Object.entries(sizes).flatMap(([domain, size]) =>
    Array.from({ length: size }, (_, i) => ({ id: `${domain}/${String(i).padStart(3, "0")}`, domain, template: `${domain}-t${i % 6}` })),
  );
}

const countBy = (tasks: readonly SampleCandidate[], key: (task: SampleCandidate) => string) =>
  tasks.reduce((counts, task) => counts.set(key(task), (counts.get(key(task)) ?? 0) + 1), new Map<string, number>());

describe("sampleTasks", () => {
  const tasks = makeTasks();

  test("same seed ⇒ same tasks; another seed ⇒ another sample", () => {
    const first = sampleTasks(tasks, { limit: 60, method: "stratified", seed: 42 }).map((task) => task.id);
    const again = sampleTasks(tasks, { limit: 60, method: "stratified", seed: 42 }).map((task) => task.id);
    const other = sampleTasks(tasks, { limit: 60, method: "stratified", seed: 43 }).map((task) => task.id);
    expect(again).toEqual(first);
    expect(other).not.toEqual(first);
    expect(new Set(first).size).toBe(60);
  });

  test("keeps each domain's share (largest remainder)", () => {
    const sample = sampleTasks(tasks, { limit: 69, method: "stratified", seed: 7 });
    expect(Object.fromEntries(countBy(sample, (task) => task.domain))).toEqual({
      analytics: 18, calendar: 11, customer_relationship_manager: 8, email: 12, multi_domain: 20,
    });
  });

  test("spreads over templates inside a domain", () => {
    const sample = sampleTasks(tasks, { limit: 69, method: "stratified", seed: 7 }).filter((task) => task.domain === "analytics");
    const perTemplate = [...countBy(sample, (task) => task.template).values()];
    expect(perTemplate).toHaveLength(6);
    expect(Math.max(...perTemplate) - Math.min(...perTemplate)).toBeLessThanOrEqual(1);
  });

  test("returns the sample in benchmark order", () => {
    const sample = sampleTasks(tasks, { limit: 30, method: "stratified", seed: 1 });
    const positions = sample.map((task) => tasks.indexOf(task));
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  test('"first" keeps the first N, and no limit keeps everything', () => {
    expect(sampleTasks(tasks, { limit: 60, method: "first", seed: 1 }).every((task) => task.domain === "analytics")).toBe(true);
    expect(sampleTasks(tasks, { limit: null, method: "stratified", seed: 1 })).toHaveLength(690);
    expect(sampleTasks(tasks, { limit: 1_000, method: "stratified", seed: 1 })).toHaveLength(690);
  });
});

describe("allocate", () => {
  test("never gives a group more than it has and sums to the size", () => {
    const quotas = allocate(new Map([["a", 1], ["b", 50], ["c", 3]]), 10);
    expect([...quotas.values()].reduce((sum, value) => sum + value, 0)).toBe(10);
    expect(quotas.get("a")).toBeLessThanOrEqual(1);
  });
});
