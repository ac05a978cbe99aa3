import { describe, expect, test } from "vitest";
import { interleaveDomains } from "./task-order";
import type { SampleCandidate } from "./sample-tasks";

/** WorkBench v1's six domains and their sizes (the official queries_and_answers files: 690 tasks), a few templates each. */
const V1_SIZES: Record<string, number> = { analytics: 120, calendar: 110, customer_relationship_manager: 80, email: 90, multi_domain: 210, project_management: 80 };

function makeTasks(sizes: Record<string, number> = V1_SIZES): SampleCandidate[] {
  return Object.entries(sizes).flatMap(([domain, size]) =>
    Array.from({ length: size }, (_, i) => ({ id: `${domain}/${String(i).padStart(3, "0")}`, domain, template: `${domain}-t${i % 6}` })),
  );
}

const ids = (tasks: readonly SampleCandidate[]) => tasks.map((task) => task.id);

describe("interleaveDomains", () => {
  const tasks = makeTasks();

  test.each([1, 2, 42, 2_147_483_646])("seed %i: every domain in the first 6 tasks, and a permutation of the tasks", (seed) => {
    const order = interleaveDomains(tasks, seed);
    expect(new Set(order.slice(0, 6).map((task) => task.domain))).toEqual(new Set(Object.keys(V1_SIZES)));
    expect(order).toHaveLength(tasks.length);
    expect([...ids(order)].sort()).toEqual([...ids(tasks)].sort());
  });

  test("the same seed gives the same order; another seed another one", () => {
    const first = ids(interleaveDomains(tasks, 7));
    expect(ids(interleaveDomains(tasks, 7))).toEqual(first);
    expect(first).not.toEqual(ids(tasks)); // not the benchmark order
    expect(ids(interleaveDomains(tasks, 8))).not.toEqual(first);
    expect(ids(interleaveDomains(tasks, 8)).slice(0, 20)).not.toEqual(first.slice(0, 20));
  });

  test("every prefix keeps each domain within two tasks of its share (a run stopped at any point is stratified)", () => {
    const order = interleaveDomains(tasks, 3);
    const taken = new Map<string, number>();
    order.forEach((task, index) => {
      taken.set(task.domain, (taken.get(task.domain) ?? 0) + 1);
      for (const [domain, size] of Object.entries(V1_SIZES)) {
        const share = ((index + 1) * size) / tasks.length;
        expect(Math.abs((taken.get(domain) ?? 0) - share), `${domain} after ${index + 1}`).toBeLessThan(2);
      }
    });
  });

  test("inside a domain the templates take turns", () => {
    const analytics = interleaveDomains(tasks, 5).filter((task) => task.domain === "analytics").slice(0, 6);
    expect(new Set(analytics.map((task) => task.template)).size).toBe(6);
  });

  test("a skewed workplace (one domain of 2 tasks among 1,000) still starts with every domain; empty and single-domain inputs", () => {
    const skewed = makeTasks({ analytics: 600, calendar: 2, email: 398 });
    expect(new Set(interleaveDomains(skewed, 1).slice(0, 3).map((task) => task.domain)).size).toBe(3);
    expect(interleaveDomains([], 1)).toEqual([]);
    const one = makeTasks({ email: 12 });
    expect([...ids(interleaveDomains(one, 1))].sort()).toEqual(ids(one));
  });
});
