import { describe, expect, it } from "vitest";
import { SANDBOX_FILES } from "../../datasets/load-sandbox";
import { cellFromCsv, tableFromRecords } from "../../sandbox/table";
import { resolveParams } from "../params";
import { createRng } from "../random";
import { createInterner, flat, numberText } from "./compact";
import { generateWorld, worldToSandbox } from ".";
import { WORLD_ROWS } from "./types";

describe("worldToSandbox", () => {
  const world = generateWorld(createRng(3).fork(), resolveParams({ seed: 3, scale: 1, preset: "hard" }));
  const sandbox = worldToSandbox(world);

  it("holds the cells the CSV loader would (every column, in order, NaN strings as null)", () => {
    for (const { table, columns } of SANDBOX_FILES) {
      const loaded = tableFromRecords(table, columns, world[WORLD_ROWS[table]].map((row) => Object.fromEntries(columns.map((column) => [column, cellFromCsv(row[column] ?? "")]))));
      const built = sandbox.tables[table];
      expect(built.columns).toEqual(loaded.columns);
      expect(built.rows.map((row) => [row.label, Object.entries(row.values)])).toEqual(loaded.rows.map((row) => [row.label, Object.entries(row.values)]));
    }
  });

  it("shares a world row as the sandbox row's cells unless a cell reads as NaN", () => {
    const crm = sandbox.tables.crm.rows;
    const withoutPhone = crm.filter((row) => row.values.customer_phone === null);
    expect(withoutPhone.length).toBeGreaterThan(0);
    crm.forEach((row, index) => {
      const source = world.crm[index];
      if (row.values.customer_phone === null) expect(row.values).not.toBe(source);
      else expect(row.values).toBe(source);
    });
    sandbox.tables.calendar.rows.forEach((row, index) => expect(row.values).toBe(world.calendar[index]));
  });
});

describe("compact strings", () => {
  // Whether a string is flat or shared is not observable from JavaScript (the memory figures are in
  // docs/generated-workplaces.md, Memory); what must hold is that the text is unchanged.
  it("flat, the interner and numberText keep the text", () => {
    const day = "2023-11-30";
    expect(flat(`${day} ${"09:30:00"}`)).toBe("2023-11-30 09:30:00");
    const intern = createInterner();
    expect([intern(`${day}x`), intern(`${day}x`), intern("other")]).toEqual(["2023-11-30x", "2023-11-30x", "other"]);
    expect([0, 7, 999, 1000, 12345].map(numberText)).toEqual(["0", "7", "999", "1000", "12345"]);
  });
});
