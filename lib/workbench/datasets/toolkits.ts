// The names a task's `domains` column uses for the toolkits (core/toolkits.ts). Here (datasets) rather
// than in tools/ because a dataset is checked against them while loading, and the dataset layer sits
// below the tools.
import { isToolkit, type Toolkit } from "../core/toolkits";

/** The tasks' `domains` column abbreviates the CRM toolkit as "crm". */
const TOOLKIT_ALIASES: Readonly<Record<string, Toolkit>> = { crm: "customer_relationship_manager" };

export function toToolkit(name: string): Toolkit | undefined {
  const toolkit = TOOLKIT_ALIASES[name] ?? name;
  return isToolkit(toolkit) ? toolkit : undefined;
}
