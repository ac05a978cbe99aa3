/**
 * A tolerant stand-in for `pd.Timestamp(text)`: the forms pandas/dateutil commonly accept (ISO
 * dates and date-times with "T" or a space, optional seconds/fractions and UTC offset, "/" or "."
 * separators, compact YYYYMMDD, year-month, month-first US dates, month names, am/pm, "now"/"today")
 * and a DateParseError for the rest. Comparisons follow pandas: NaT compares false, and comparing
 * a tz-naive with a tz-aware timestamp raises TypeError.
 */
import { PythonError } from "./python-error";

export interface PandasTimestamp {
  /** Wall-clock time as if it were UTC, in ms (naive arithmetic, like pandas' local fields). */
  readonly wallMs: number;
  /** UTC offset in minutes for tz-aware values, null for naive ones. */
  readonly offsetMinutes: number | null;
}
/** `pd.NaT`: what "nan"/"NaT" parse to; every comparison with it is false. */
export const NAT = null;
export type ParsedTimestamp = PandasTimestamp | typeof NAT;

const NAT_STRINGS = new Set(["", "NaT", "nat", "NAT", "nan", "NaN", "NAN"]);
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const TIME = String.raw`(?:[T ]+(\d{1,2})(?::(\d{2}))?(?::(\d{2})(?:[.,](\d{1,9}))?)?\s*([ap]\.?m\.?)?)?`;
const ZONE = String.raw`\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?`;
const NUMERIC_FORMATS: readonly { regex: RegExp; order: "ymd" | "mdy" }[] = [
  { regex: new RegExp(`^(\\d{4})[-/.](\\d{1,2})[-/.](\\d{1,2})${TIME}${ZONE}$`, "i"), order: "ymd" },
  { regex: new RegExp(`^(\\d{4})(\\d{2})(\\d{2})${TIME}${ZONE}$`, "i"), order: "ymd" },
  { regex: new RegExp(`^(\\d{1,2})[-/.](\\d{1,2})[-/.](\\d{4})${TIME}${ZONE}$`, "i"), order: "mdy" },
];

const cache = new Map<string, ParsedTimestamp | PythonError>();
const CACHE_LIMIT = 20_000;

/**
 * `parseTimestamp` memoised by text (the replay parses the same few hundred strings many times).
 * Clock-relative inputs ("now", bare times) are not cached.
 */
/** "now", "today" and bare times parse relative to the clock: their value is never remembered. */
export function isClockRelative(input: string): boolean {
  return /^\s*(now|today|\d{1,2}:\d{2}(:\d{2})?)\s*$/i.test(input);
}

export function parseTimestampCached(input: string): ParsedTimestamp {
  let result = cache.get(input);
  if (result === undefined) {
    try {
      result = parseTimestamp(input);
    } catch (error) {
      if (!(error instanceof PythonError)) throw error;
      result = error;
    }
    if (!isClockRelative(input)) {
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(input, result);
    }
  }
  if (result instanceof PythonError) throw new PythonError(result.errorType, result.message);
  return result;
}

export function parseTimestamp(input: string): ParsedTimestamp {
  const text = input.trim();
  if (NAT_STRINGS.has(text)) return NAT;
  const lower = text.toLowerCase();
  if (lower === "now" || lower === "today") return fromDate(new Date());
  // dateutil fills a missing date with today's: pd.Timestamp("11:00:00") is today at 11:00.
  const timeOnly = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (timeOnly) {
    const today = new Date(fromDate(new Date()).wallMs);
    const date = { year: today.getUTCFullYear(), month: today.getUTCMonth() + 1, day: today.getUTCDate() };
    return build(input, date, [timeOnly[1], timeOnly[2], timeOnly[3]], undefined);
  }
  for (const { regex, order } of NUMERIC_FORMATS) {
    const m = regex.exec(text);
    if (!m) continue;
    const [a, b, c] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const [year, month, day] = order === "ymd" ? [a, b, c] : a > 12 ? [c, b, a] : [c, a, b];
    return build(input, { year, month, day }, m.slice(4, 9), m[9]);
  }
  const yearMonth = /^(\d{4})(?:-(\d{1,2}))?$/.exec(text);
  if (yearMonth) return build(input, { year: Number(yearMonth[1]), month: Number(yearMonth[2] ?? 1), day: 1 }, [], undefined);
  return parseWithMonthName(input, text);
}

/** "Nov 30, 2023", "Thursday, 30 November 2023 10:00 AM", ... */
function parseWithMonthName(input: string, text: string): PandasTimestamp {
  const m = new RegExp(
    String.raw`^(?:[a-z]+,?\s+)??(?:([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?|(\d{1,2})(?:st|nd|rd|th)?\s+([a-z]{3,9})\.?,?)\s+(\d{4})` +
      `${TIME.replace("[T ]+", "[T ,]+(?:at\\s+)?")}${ZONE}$`,
    "i",
  ).exec(text);
  const monthName = (m?.[1] ?? m?.[4] ?? "").toLowerCase();
  const month = MONTHS.findIndex((name) => monthName.startsWith(name)) + 1;
  if (!m || month === 0) throw unparseable(input);
  const day = Number(m[2] ?? m[3]);
  return build(input, { year: Number(m[5]), month, day }, m.slice(6, 11), m[11]);
}

function build(
  input: string,
  date: { year: number; month: number; day: number },
  time: readonly (string | undefined)[],
  zone: string | undefined,
): PandasTimestamp {
  const [hourText, minuteText, secondText, fraction, meridiem] = time;
  let hour = Number(hourText ?? 0);
  if (meridiem) {
    if (hour < 1 || hour > 12) throw unparseable(input);
    hour = (hour % 12) + (meridiem.toLowerCase().startsWith("p") ? 12 : 0);
  }
  const minute = Number(minuteText ?? 0);
  const second = Number(secondText ?? 0);
  const ms = fraction ? Number(`0.${fraction}`) * 1000 : 0;
  const { year, month, day } = date;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12) throw new PythonError("DateParseError", `month must be in 1..12: ${input}`);
  if (day < 1 || day > daysInMonth) throw new PythonError("DateParseError", `day is out of range for month: ${input}`);
  if (hour > 23 || minute > 59 || second > 59) throw unparseable(input);
  const wallMs = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  return { wallMs, offsetMinutes: zone ? zoneOffset(zone) : null };
}

function zoneOffset(zone: string): number {
  if (/^(Z|UTC|GMT)$/i.test(zone)) return 0;
  const sign = zone.startsWith("-") ? -1 : 1;
  const digits = zone.slice(1).replace(":", "");
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || 0));
}

function fromDate(date: Date): PandasTimestamp {
  return { wallMs: date.getTime() - date.getTimezoneOffset() * 60_000, offsetMinutes: null };
}

function unparseable(input: string): PythonError {
  return new PythonError("DateParseError", `Unknown datetime string format, unable to parse: ${input}`);
}

/** Sign of `a - b` for Timestamps; null when either is NaT (then every comparison is false). */
export function compareTimestamps(a: ParsedTimestamp, b: ParsedTimestamp): number | null {
  if (a === NAT || b === NAT) return null;
  if ((a.offsetMinutes === null) !== (b.offsetMinutes === null)) {
    throw new PythonError("TypeError", `Cannot compare tz-naive and tz-aware timestamps`);
  }
  return Math.sign(instantMs(a) - instantMs(b));
}

/** The instant a Timestamp names, in ms (wall clock less the UTC offset; naive ones as UTC). */
function instantMs(t: PandasTimestamp): number {
  return t.wallMs - (t.offsetMinutes ?? 0) * 60_000;
}

/** `ts.date()` as "YYYY-MM-DD" (the wall-clock date, also for tz-aware values); null for NaT. */
export function timestampDate(ts: ParsedTimestamp): string | null {
  return ts === NAT ? null : new Date(ts.wallMs).toISOString().slice(0, 10);
}

/** `ts + pd.Timedelta(minutes=n)`; NaT stays NaT. */
export function addMinutes(ts: ParsedTimestamp, minutes: number): ParsedTimestamp {
  return ts === NAT ? NAT : { ...ts, wallMs: ts.wallMs + minutes * 60_000 };
}
