import { describe, expect, test } from "vitest";
import { placeLabels } from "./frontier-labels";

const domain = [0.001, 1] as const;

describe("placeLabels", () => {
  test("a lone point is labelled on its right", () => {
    expect(placeLabels([{ id: "a", cost: 0.01, accuracy: 0.5, text: "gpt-4 · all (est.)" }], domain).get("a")).toBe("right");
  });

  test("a label that would cover the next point to its right moves elsewhere", () => {
    // claude-2 domains and all: $0.09 and $0.137 per task, 22 % and 24 % (the paper's runs).
    const sides = placeLabels(
      [
        { id: "domains", cost: 0.09, accuracy: 0.226, text: "claude-2 · domains (est.)" },
        { id: "all", cost: 0.137, accuracy: 0.245, text: "claude-2 · all (est.)" },
      ],
      domain,
    );
    expect(sides.get("domains")).not.toBe("right");
    expect(sides.get("all")).toBe("right");
  });

  test("labels never share a place when a clear one exists", () => {
    const points = [0.2, 0.21, 0.22].map((accuracy, index) => ({ id: String(index), cost: 0.01 * (1 + index * 0.05), accuracy, text: "mistral-8x7B · all (est.)" }));
    expect(new Set(placeLabels(points, domain).values()).size).toBe(3);
  });
});

test("the paper's crowded low-cost corner gets a clear place for every label", () => {
  // Estimated cost per task and pass@1 of the paper's cheap configurations.
  const points = [
    { id: "llama", cost: 0.0031, accuracy: 0.023, text: "llama2-70b · domains (est.)" },
    { id: "mixtral-domains", cost: 0.004, accuracy: 0.191, text: "mistral-8x7B · domains (est.)" },
    { id: "mixtral-all", cost: 0.0057, accuracy: 0.157, text: "mistral-8x7B · all (est.)" },
    { id: "gpt-3.5", cost: 0.0088, accuracy: 0.135, text: "gpt-3.5 · domains (est.)" },
  ];
  const sides = placeLabels(points, [0.001, 1]);
  expect(sides.get("mixtral-all")).not.toBe("right"); // its right is where gpt-3.5's point is
  expect(sides.size).toBe(4);
});
