// The commands the product prints as hints (empty states, `npm start`, the CLI), built in one place
// so each is a command that works as written: the official folder named by where the dataset was
// imported from, the dataset named by its slug, no placeholders.

/** A path or word as one shell argument: bare when safe, single-quoted otherwise. */
export function shellArg(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/** Where `fetch` puts the official files in the hints (relative to the checkout, where npm run runs). */
export const FETCH_DIR = "workbench-data";

/** Downloads the official files (with upstream's published 2026 results) and imports them all. */
export const FETCH_AND_IMPORT = `npm run workbench -- fetch --out ${FETCH_DIR} && npm run workbench -- import-data --data ${FETCH_DIR}`;

/**
 * Imports the official folder the dataset came from, with the recorded results it holds (the paper's
 * runs; unchanged files are a no-op). Without a known folder: download it first.
 */
export function importOfficialCommand(source: string | null | undefined): string {
  return source ? `npm run workbench -- import-data --data ${shellArg(source)}` : FETCH_AND_IMPORT;
}

/** A keyless run on a dataset (the oracle agent replays the ground truth): a first row for its boards. */
export function oracleRunCommand(datasetSlug: string): string {
  return `npm run workbench -- run --agent oracle --dataset ${shellArg(datasetSlug)}`;
}

/** A generated workplace, imported (the offline first start's). */
export const GENERATE_COMMAND = "npm run workbench -- generate --seed 1 --import";
