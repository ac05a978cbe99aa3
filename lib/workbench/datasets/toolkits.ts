// The tasks' toolkits: the names a task's `domains` column uses, and the domains the tools belong to.
// Here (datasets) rather than in tools/ because a dataset is checked against them while loading, and
// the dataset layer sits below the tools.

export const TOOLKITS = [
  "email",
  "calendar",
  "analytics",
  "project_management",
  "customer_relationship_manager",
  "company_directory",
] as const;

export type Toolkit = (typeof TOOLKITS)[number];

/** The tasks' `domains` column abbreviates the CRM toolkit as "crm". */
const TOOLKIT_ALIASES: Readonly<Record<string, Toolkit>> = { crm: "customer_relationship_manager" };

export function toToolkit(name: string): Toolkit | undefined {
  const toolkit = TOOLKIT_ALIASES[name] ?? name;
  return (TOOLKITS as readonly string[]).includes(toolkit) ? (toolkit as Toolkit) : undefined;
}
