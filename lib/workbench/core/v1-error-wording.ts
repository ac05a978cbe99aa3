// The paper's (v1) wording for a run stopped short, kept to the letter: the scorer's Fig. 6 breakdown
// (evaluate/diagnostics.ts) and the classification of recorded results match on these exact strings,
// and our own agents and workers write them. The engine's lowest layer, so every user shares one copy.

/** The step or time limit stopped the agent (the 2026 harness stores the same words as the error). */
export const ITERATION_LIMIT_MESSAGE = "Agent stopped due to iteration limit or time limit.";
/** The prompt outgrew the model's context window. */
export const CONTEXT_WINDOW_MESSAGE = "Context window exceeded";
