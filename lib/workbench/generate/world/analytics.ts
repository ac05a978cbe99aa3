// Website visits, one row each, on every day from August 1 to November 29 (the day before "now").
import { addDays } from "../dates";
import type { Rng } from "../random";
import { TRAFFIC_SOURCES, type Row } from "./types";
import { createInterner, numberText } from "./compact";

export const ANALYTICS_FIRST_DAY = "2023-08-01";
export const ANALYTICS_LAST_DAY = "2023-11-29";
const DAYS = 121;

export function generateVisits(rng: Rng, count: number): Row[] {
  const visitors = Array.from({ length: Math.min(9000, Math.max(50, Math.round(count * 0.8))) }, () => String(rng.int(0, 9999)).padStart(4, "0"));
  const rows: Row[] = [];
  const intern = createInterner();
  for (let index = 0; index < count; index++) {
    const engaged = rng.chance(0.45);
    rows.push({
      date_of_visit: intern(addDays(ANALYTICS_FIRST_DAY, rng.int(0, DAYS - 1))),
      visitor_id: rng.pick(visitors),
      page_views: numberText(rng.int(1, engaged ? 14 : 6)),
      session_duration_seconds: numberText(rng.int(1, engaged ? 60 : 20)),
      traffic_source: rng.pick([...TRAFFIC_SOURCES, "search engine", "direct"]),
      user_engaged: engaged ? "True" : "False",
    });
  }
  return rows;
}
