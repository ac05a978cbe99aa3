"use client";

import { useSyncExternalStore } from "react";

const subscribe = () => () => undefined;

/**
 * False during server rendering and hydration, true in the browser after: charts draw only there, so
 * the server sends their data, not an SVG per bar (their cost grew with the rows of a page).
 */
export function useMounted(): boolean {
  return useSyncExternalStore(subscribe, () => true, () => false);
}
