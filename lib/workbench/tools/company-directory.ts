/** The company directory toolkit (1 tool) over the read-only list of employee addresses. */
import type { Tool } from "./types";
import { defineTool } from "./define-tool";
import { NumpyStringArray } from "./format";
import { compilePythonRegex, regexSearch } from "./python-regex";

const findEmailAddress = defineTool({
  name: "company_directory.find_email_address",
  domain: "company_directory",
  description: "Finds the email addresses of employees whose address contains the given name (e.g. a first name).",
  parameters: [["name", 'Name of the person, e.g. "Santiago" or "santiago.martinez".']],
  hasSideEffects: false,
  run(sandbox, { name = "" }) {
    if (name === "") return "Name not provided.";
    // Lower-cased, then a case-sensitive regex search; the result is a numpy array (maybe empty).
    const regex = compilePythonRegex(name.toLowerCase(), false);
    return new NumpyStringArray(sandbox.data.directory.filter((address) => regexSearch(regex, address)));
  },
});

export const COMPANY_DIRECTORY_TOOLS: readonly Tool[] = [findEmailAddress];
