// The names of a task's wordings, apart from the wording machinery so a client form can list them
// without shipping it (lib/settings/launch-options.ts).
export const PHRASINGS = ["original", "alt-1", "alt-2"] as const;
export type Phrasing = (typeof PHRASINGS)[number];

export function isPhrasing(value: string): value is Phrasing {
  return (PHRASINGS as readonly string[]).includes(value);
}
