// One seeded source of randomness per generation. Faker is seeded and given a fixed reference date so
// nothing depends on the clock; every draw goes through this object, in a fixed order.
// The package's root entry loads all of faker's ~70 locales (about 30 MB of memory for the whole
// generation); the English subpath loads only English, and its instance gives the class and the
// merged English + base definitions that every seeded instance here is built from (same draws).
import { faker as englishFaker } from "@faker-js/faker/locale/en";
import type { Faker } from "@faker-js/faker";

const FakerClass = englishFaker.constructor as new (options: { locale: Faker["rawDefinitions"] }) => Faker;

export interface Rng {
  readonly faker: Faker;
  /** Integer in [min, max]. */
  int(min: number, max: number): number;
  /** True with probability p. */
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  shuffle<T>(items: readonly T[]): T[];
  /** A child stream: draws from it do not shift the parent's sequence beyond one draw. */
  fork(): Rng;
}

/** Thursday 2023-11-30 00:00:00, the sandbox's "now" (hard-coded in the original tools too). */
export const REFERENCE_DATE = new Date("2023-11-30T00:00:00Z");

export function createRng(seed: number): Rng {
  const faker = new FakerClass({ locale: englishFaker.rawDefinitions });
  faker.seed(seed);
  faker.setDefaultRefDate(REFERENCE_DATE);
  const int = (min: number, max: number) => faker.number.int({ min, max });
  return {
    faker,
    int,
    chance: (p) => p > 0 && faker.number.float({ min: 0, max: 1 }) < p,
    pick<T>(items: readonly T[]): T {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[int(0, items.length - 1)] as T;
    },
    shuffle<T>(items: readonly T[]): T[] {
      const out = [...items];
      for (let i = out.length - 1; i > 0; i--) {
        const j = int(0, i);
        [out[i], out[j]] = [out[j] as T, out[i] as T];
      }
      return out;
    },
    fork: () => createRng(int(0, 2 ** 31 - 1)),
  };
}
