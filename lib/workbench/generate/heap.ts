// Generation allocates a steady stream of short-lived search results and replayed table versions on
// top of a large live workplace (about 150 MB at 100×). V8 then lets the old generation grow up to
// about four times the live size between full collections, so peak memory was 600-700 MB at 100×
// while under 200 MB was ever live. A fixed --max-old-space-size would not scale with --scale (1000×
// holds ten times as much), so the growth factor is lowered instead: the heap may exceed what was live
// after the last full collection by a quarter. Measured at 100× default: peak RSS 620 → about 350 MB,
// at little CPU cost (docs/generated-workplaces.md, Speed). Process-wide, so only the generate command
// and its benchmark set it (not the library: a server importing the generator keeps V8's defaults).
import { setFlagsFromString } from "node:v8";

export const HEAP_GROWING_PERCENT = 25;
/**
 * From 300× the live workplace is over half a gigabyte, so a quarter on top is itself 150 MB or more:
 * the heap grows by a tenth instead (each extra full collection costs more, but there are few of them
 * next to the minutes such a generation takes).
 */
export const LARGE_SCALE = 300;
export const LARGE_SCALE_HEAP_GROWING_PERCENT = 10;

export function limitHeapGrowthForGeneration(scale = 1): void {
  const percent = scale >= LARGE_SCALE ? LARGE_SCALE_HEAP_GROWING_PERCENT : HEAP_GROWING_PERCENT;
  // --heap-growing-percent is read each time V8 sets the next collection's limit, so it applies
  // when set at run time (it does not need to be a startup flag).
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
