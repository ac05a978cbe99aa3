/**
 * Reference agents: model-less baselines that bound the scale (oracle replays the ground truth,
 * oracle-retry does so retrying on service errors, noop does nothing). Boards show them apart from the
 * ranking of models, never as competitors.
 */
export const REFERENCE_AGENTS = ["oracle", "oracle-retry", "noop"] as const;

export function isReferenceAgent(agent: string): boolean {
  return (REFERENCE_AGENTS as readonly string[]).includes(agent);
}
