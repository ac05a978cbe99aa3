/** The company directory toolkit (1 tool) over the read-only list of employee addresses. */
import type { Tool } from "./types";
import { defineTool } from "./define-tool";
import { NumpyStringArray } from "./format";
import { textMatcher } from "./tool-helpers";

const findEmailAddress = defineTool({
  name: "company_directory.find_email_address",
  domain: "company_directory",
  description: "Finds the email addresses of employees whose address contains the given name (e.g. a first name).",
  parameters: [["name", 'Name of the person, e.g. "Santiago" or "santiago.martinez".']],
  hasSideEffects: false,
  run(sandbox, { name = "" }, rules) {
    if (name === "") return "Name not provided.";
    // Lower-cased, then a case-sensitive search (a regex in 2024, literal in 2026). 2024 returns a numpy
    // array (maybe empty); 2026 a list, or a message when nothing matches (company_directory.py:30-33).
    const contains = textMatcher(name.toLowerCase(), false, rules.textSearch);
    const matches = sandbox.data.directory.filter(contains);
    if (rules.directoryNoMatch === "empty-array") return new NumpyStringArray(matches);
    return matches.length ? matches : "No employee found with that name.";
  },
});

export const COMPANY_DIRECTORY_TOOLS: readonly Tool[] = [findEmailAddress];
