export function newestMtime(target: string): number;
export function isStale(marker: string, root: string, inputs: readonly string[]): boolean;
