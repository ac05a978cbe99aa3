import { expect, test } from "vitest";
import { generalisationRows, templateFamilyRows } from "./generalisation";

test("per-domain rates with their own Wilson intervals, the difference, and an 'all' row pooling the domains", () => {
  const rows = generalisationRows(
    ["email", "calendar", "crm"],
    [{ domain: "email", n: 100, correct: 50 }, { domain: "calendar", n: 10, correct: 9 }],
    [{ domain: "email", n: 100, correct: 20 }, { domain: "calendar", n: 10, correct: 8 }],
  );
  expect(rows.map((row) => row.domain)).toEqual(["email", "calendar", "all"]);
  const [email, calendar, all] = rows;
  expect(email?.official?.rate).toBe(0.5);
  expect(email?.difference).toBeCloseTo(-0.3);
  // Wilson 95 % for 50/100: 0.4038–0.5962; for 20/100: 0.1334–0.2888 (textbook values).
  expect(email?.official?.interval?.low).toBeCloseTo(0.4038, 3);
  expect(email?.official?.interval?.high).toBeCloseTo(0.5962, 3);
  expect(email?.generated?.interval?.low).toBeCloseTo(0.1334, 3);
  expect(email?.generated?.interval?.high).toBeCloseTo(0.2888, 3);
  expect(email?.separated).toBe(true);
  expect(calendar?.separated).toBe(false);
  expect(all?.official).toMatchObject({ n: 110, correct: 59 });
  expect(all?.generated).toMatchObject({ n: 110, correct: 28 });
});

test("a domain only one side scored shows with no difference", () => {
  const [row] = generalisationRows([], [{ domain: "analytics", n: 5, correct: 1 }], []);
  expect(row).toMatchObject({ domain: "analytics", generated: null, difference: null, separated: false });
});

test("template families: the paper template's official tasks against the generated tasks of every generator template covering it", () => {
  const families = [
    { row: 1, domain: "email", paper: "Send {x}", ours: ["email.send", "email.send-new"] },
    { row: 2, domain: "email", paper: "Delete {x}", ours: ["email.delete"] },
  ];
  const rows = templateFamilyRows(
    families,
    new Map([["Send {x}", { n: 10, correct: 7 }]]),
    new Map([["email.send", { n: 10, correct: 2 }], ["email.send-new", { n: 10, correct: 4 }], ["email.delete", { n: 5, correct: 5 }]]),
  );
  expect(rows[0]?.official).toMatchObject({ n: 10, correct: 7 });
  expect(rows[0]?.generated).toMatchObject({ n: 20, correct: 6 });
  expect(rows[0]?.difference).toBeCloseTo(0.3 - 0.7);
  expect(rows[1]).toMatchObject({ official: null, difference: null });
  expect(rows[1]?.generated).toMatchObject({ n: 5, correct: 5, rate: 1 });
});
