/**
 * Reference agents: model-less baselines that bound the scale (oracle replays the ground truth, noop
 * does nothing). Boards show them apart from the ranking of models, never as competitors.
 */
export const REFERENCE_AGENTS = ["oracle", "noop"] as const;

export function isReferenceAgent(agent: string): boolean {
  return (REFERENCE_AGENTS as readonly string[]).includes(agent);
}
