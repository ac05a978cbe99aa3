// allEvents must list a day's every event through the 5-result search on any state, including one where
// a booking was appended at the table's end (a follow-up reads such a state): checked against the rows.
import { describe, expect, test } from "vitest";
import { formatCall } from "../../calls/format-call";
import { replayCalls } from "../../evaluate/replay";
import { executeCall } from "../../tools";
import { generateDataset } from "../index";
import { createRng } from "../random";
import { createContext } from "./context";
import { allEvents } from "./find";

describe("allEvents", () => {
  const generated = generateDataset({ seed: 1, scale: 3, preset: "default" });
  const calendar = generated.sandbox.tables.calendar;
  const day = [...new Set(calendar.rows.map((row) => String(row.values.event_start).slice(0, 10)))]
    .find((date) => calendar.rows.filter((row) => String(row.values.event_start).startsWith(date)).length >= 8);

  const contextOn = (tables: typeof generated.sandbox.tables) =>
    createContext({ rng: createRng(1), world: generated.world, sandbox: { ...generated.sandbox, tables }, params: generated.params, wantNoAction: false });
  const idsOn = (tables: typeof generated.sandbox.tables) =>
    tables.calendar.rows.filter((row) => String(row.values.event_start).startsWith(day!)).map((row) => String(row.values.event_id)).sort();

  test("finds every event of a busy day on the initial sandbox", () => {
    expect(day).toBeDefined();
    const found = allEvents(contextOn(generated.sandbox.tables), "", `${day} 00:00:00`, `${day} 23:59:59`);
    expect(found?.map((row) => String(row.event_id)).sort()).toEqual(idsOn(generated.sandbox.tables));
  });

  test("finds an early booking appended after the day's other events", () => {
    const booking = formatCall("calendar.create_event", { event_name: "Early bird", participant_email: generated.world.people[0]!.email, event_start: `${day} 08:00:00`, duration: "30" });
    const replay = replayCalls(generated.sandbox, [booking], executeCall);
    expect(replay.failedCalls).toEqual([]);
    const ctx = contextOn(replay.state);
    const found = allEvents(ctx, "", `${day} 00:00:00`, `${day} 23:59:59`);
    expect(found?.map((row) => String(row.event_id)).sort()).toEqual(idsOn(replay.state));
    expect(found?.[0]?.event_name).toBe("Early bird");
    // Every read went through the search tool, within its limit.
    expect(ctx.trail.every((raw) => raw.startsWith("calendar.search_events"))).toBe(true);
  });
});
