"use client";

import dynamic from "next/dynamic";
import type { ComponentType } from "react";

/**
 * A chart's recharts drawing as a chunk of its own, fetched in the browser after the page has loaded
 * (recharts and its d3/redux helpers are about 100 KiB gzipped, more than the rest of a page's
 * JavaScript). The server renders nothing in its place (a `responsive` chart measures its container,
 * which only exists in the browser); the caller's box keeps the chart's size meanwhile, so nothing moves
 * when it is drawn.
 */
export function lazyDrawing<Props extends object>(load: () => Promise<{ default: ComponentType<Props> }>): ComponentType<Props> {
  return dynamic(load, { ssr: false, loading: () => null });
}
