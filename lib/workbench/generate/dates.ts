// Calendar arithmetic on "YYYY-MM-DD" strings in UTC, so no result depends on the machine's time zone.
export const TODAY = "2023-11-30";

export function addDays(date: string, days: number): string {
  const value = new Date(`${date}T00:00:00Z`);
  value.setUTCDate(value.getUTCDate() + days);
  return value.toISOString().slice(0, 10);
}

export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay(); // 0 = Sunday
}

export const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export function isWeekend(date: string): boolean {
  const day = weekday(date);
  return day === 0 || day === 6;
}

/** Every date from `from` to `to`, inclusive. */
export function dateRange(from: string, to: string): string[] {
  const out: string[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) out.push(date);
  return out;
}

export function minutesToTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}:00`;
}

export function timeToMinutes(timestamp: string): number {
  const [hours = "0", minutes = "0"] = timestamp.slice(11, 16).split(":");
  return Number(hours) * 60 + Number(minutes);
}

export const MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** "November 3" for dates of 2023 (the sandbox's year), "January 5, 2024" otherwise, for task texts. */
export function spokenDate(date: string): string {
  const [year = "2023", month = "1", day = "1"] = date.split("-");
  const spoken = `${MONTH_NAMES[Number(month) - 1]} ${Number(day)}`;
  return year === "2023" ? spoken : `${spoken}, ${year}`;
}
