// The per-process caches of fixed size (session sandboxes, leaderboard figures): a Map in insertion
// order, whose entry set longest ago is dropped first.

/** Sets `key` as the newest entry, then drops the oldest entries beyond `limit`. */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, limit: number): void {
  map.delete(key); // re-inserted last
  map.set(key, value);
  while (map.size > limit) map.delete(map.keys().next().value as K);
}
