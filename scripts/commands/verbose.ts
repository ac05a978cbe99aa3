// `--verbose` anywhere on the command line (or WORKBENCH_DEBUG=1): failures print the raw message and
// stack of what failed after their one line in words (lib/plain-error.ts). Taken out of argv before
// commander parses it, so every command accepts it in any position.
const at = process.argv.indexOf("--verbose");
if (at > 1) process.argv.splice(at, 1);
const flagGiven = at > 1;

export function verboseRequested(): boolean {
  return flagGiven || process.env.WORKBENCH_DEBUG === "1" || process.env.WORKBENCH_DEBUG === "true";
}

/** The failure's raw words and stack, for --verbose only. */
export function verboseDetail(error: unknown): string | null {
  if (!verboseRequested()) return null;
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}
