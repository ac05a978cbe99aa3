/**
 * Adaptive testing on an item bank: the next task is the most informative at the ability read from the
 * answers so far (estimate.ts nextTask, the ability's posterior updated answer by answer). Used by estimate-check, the bank's interval
 * calibration and estimated runs alike.
 */
import { abilityPrior, addVerdict, nextTask, normalise, posteriorMean, type Observed } from "./estimate";
import type { ItemBank } from "./fit";

/** n tasks chosen one at a time by the bank (most informative at the current ability), answered by `answer`. */
export function runAdaptive(bank: Pick<ItemBank, "items">, n: number, answer: (taskKey: string) => boolean | null): Observed[] {
  const done = new Set<string>();
  const observed: Observed[] = [];
  // The ability's log-posterior, one verdict added at a time (the same as abilityPosterior on all of them).
  const logWeights = abilityPrior();
  let ability = 0;
  while (observed.length < n) {
    const item = nextTask(bank.items, ability, done);
    if (!item) break;
    done.add(item.taskKey);
    const correct = answer(item.taskKey);
    if (correct === null) continue; // no verdict for it: skipped, another task takes its place
    observed.push({ taskKey: item.taskKey, correct });
    addVerdict(logWeights, item, correct);
    ability = posteriorMean(normalise(logWeights));
  }
  return observed;
}

