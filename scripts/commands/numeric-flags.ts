// Numbers typed on the command line are read by zod's coerce, and Number("") is 0: `--fault-rate ""` (an
// unset shell variable) ran with no faults instead of failing. A numeric flag given an empty or blank
// value is refused here, naming the flag, before anything is parsed or launched.

/** `--kebab-case` of an option's camelCase key (how commander names it). */
function flagName(key: string): string {
  return `--${key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}`;
}

/** One line per numeric option among `keys` that was given empty or blank; empty when all are fine. */
export function emptyNumericFlags(options: object, keys: readonly string[]): string[] {
  const values = options as Record<string, unknown>;
  return keys
    .filter((key) => typeof values[key] === "string" && (values[key] as string).trim() === "")
    .map((key) => `${flagName(key)}: give a number (it was empty)`);
}

/** A comma-separated list of numbers: one line per empty or non-numeric item (`0,,0.1`, `0,x`). */
export function badNumberListItems(flag: string, list: string): string[] {
  const items = list.split(",").map((item) => item.trim());
  if (items.every((item) => item === "")) return [`${flag}: give at least one number`];
  return items.filter((item) => item === "" || !Number.isFinite(Number(item))).map((item) => `${flag}: "${item}" is not a number`);
}
