/** Agreement between two runs on the tasks both scored: the 2×2 matrix and the tasks that flipped. */

export interface TaskVerdictPair {
  readonly key: string;
  readonly domain: string;
  readonly text: string;
  readonly a: { readonly resultId: string; readonly correct: boolean };
  readonly b: { readonly resultId: string; readonly correct: boolean };
}

export interface Agreement {
  readonly shared: number;
  readonly bothCorrect: number;
  readonly bothWrong: number;
  readonly onlyA: number;
  readonly onlyB: number;
  /** Share of shared tasks with the same verdict. */
  readonly agreementRate: number;
  /** Tasks right in exactly one run, sorted by key. */
  readonly flipped: readonly TaskVerdictPair[];
}

export function compareVerdicts(pairs: readonly TaskVerdictPair[]): Agreement {
  const count = (a: boolean, b: boolean) => pairs.filter((p) => p.a.correct === a && p.b.correct === b).length;
  const bothCorrect = count(true, true);
  const bothWrong = count(false, false);
  return {
    shared: pairs.length,
    bothCorrect,
    bothWrong,
    onlyA: count(true, false),
    onlyB: count(false, true),
    agreementRate: pairs.length > 0 ? (bothCorrect + bothWrong) / pairs.length : 0,
    flipped: pairs.filter((p) => p.a.correct !== p.b.correct).sort((x, y) => x.key.localeCompare(y.key)),
  };
}
