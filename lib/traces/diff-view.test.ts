import { describe, expect, test } from "vitest";
import { buildDiffView, cellText, columnsOf, diffPreviewLines, summarizeDiff } from "./diff-view";

describe("buildDiffView", () => {
  test.each([null, "nope", [{ table: "email" }], {}])("malformed diff %j renders as no difference", (stored) => {
    expect(buildDiffView(stored)).toEqual([]);
  });

  test("drops tables without rows", () => {
    expect(buildDiffView([{ table: "crm", inserted: [], deleted: [], changed: [] }])).toEqual([]);
  });

  test("shapes inserted, deleted and changed rows over one column list", () => {
    const [calendar] = buildDiffView([
      {
        table: "calendar",
        inserted: [{ event_id: "00000300", event_name: "Sync", duration: "30" }],
        deleted: [{ event_id: "00000012", event_name: "Old", duration: "60" }],
        changed: [
          {
            key: "00000020",
            before: { event_id: "00000020", event_name: "Review", duration: "30" },
            after: { event_id: "00000020", event_name: "Review", duration: "45" },
            columns: ["duration"],
          },
        ],
      },
    ]);
    expect(calendar?.columns).toEqual(["event_id", "event_name", "duration"]);
    expect(calendar?.counts).toEqual({ inserted: 1, deleted: 1, changed: 1 });
    expect(calendar?.rows.map((row) => [row.kind, row.key])).toEqual([
      ["inserted", "00000300"],
      ["deleted", "00000012"],
      ["changed", "00000020"],
    ]);
    const changed = calendar?.rows[2];
    expect(changed?.cells.find((cell) => cell.column === "duration")).toEqual({
      column: "duration",
      text: "45",
      before: "30",
      changed: true,
    });
    expect(changed?.cells.find((cell) => cell.column === "event_name")?.changed).toBe(false);
    expect(summarizeDiff(calendar ? [calendar] : [])).toBe("calendar +1 −1 ~1");
  });
});

test.each([
  ["email", ["body", "subject", "email_id"], ["email_id", "subject", "body"]],
  ["crm", ["notes", "customer_id", "status"], ["customer_id", "status", "notes"]],
  ["plots", ["file_path"], ["file_path"]],
  ["unknown", ["b", "a"], ["b", "a"]],
])("columnsOf(%s) puts the key first and long text last", (table, columns, expected) => {
  expect(columnsOf(table, [Object.fromEntries(columns.map((column) => [column, "x"]))])).toEqual(expected);
});

test.each([
  ["text", "text"],
  [null, "∅"],
  [undefined, "∅"],
  [{ timestamp: "2023-11-30 00:00:00" }, "2023-11-30 00:00:00"],
] as const)("cellText(%j) = %s", (cell, text) => {
  expect(cellText(cell)).toBe(text);
});

describe("diffPreviewLines", () => {
  const stored = [
    {
      table: "calendar",
      inserted: [{ event_id: "00000300", event_name: "Sync", duration: "30" }],
      deleted: [{ event_id: "00000012", event_name: "Old", duration: "60" }],
      changed: [
        {
          key: "00000020",
          before: { event_id: "00000020", event_name: "Review", duration: "30" },
          after: { event_id: "00000020", event_name: "Review", duration: "45" },
          columns: ["duration"],
        },
      ],
    },
    { table: "email", inserted: [{ email_id: "00000900", subject: "x".repeat(100) }], deleted: [], changed: [] },
  ];

  test("one line per row: marker, table, key, then the changed cells or the first other cell", () => {
    expect(diffPreviewLines(buildDiffView(stored), 4, 10)).toEqual([
      "+ calendar 00000300 · event_name: Sync",
      "− calendar 00000012 · event_name: Old",
      "~ calendar 00000020 · duration: 30 → 45",
      `+ email 00000900 · subject: ${"x".repeat(10)}…`,
    ]);
  });

  test("stops after the first rows", () => {
    expect(diffPreviewLines(buildDiffView(stored), 2)).toHaveLength(2);
    expect(diffPreviewLines([], 3)).toEqual([]);
  });
});
