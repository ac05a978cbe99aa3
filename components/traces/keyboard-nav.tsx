"use client";
import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";

/** Keys are ignored while typing in a field. */
function typing(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/**
 * j / k: next / previous task of the run; n / p: next / previous step of this trace. Steps are the
 * `[data-step]` items the trace list renders; the current one gets focus (and its focus ring).
 */
export function KeyboardNav({ previousHref, nextHref }: { previousHref: string | null; nextHref: string | null }) {
  const router = useRouter();
  const current = useRef(-1);
  // The hint is server-rendered; `data-ready` tells when the keys actually work (after hydration).
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const steps = () => [...document.querySelectorAll<HTMLElement>("li[data-step]")];
    const go = (delta: number) => {
      const list = steps();
      if (list.length === 0) return;
      const focused = list.findIndex((step) => step === document.activeElement || step.contains(document.activeElement));
      const from = focused >= 0 ? focused : current.current;
      const to = Math.min(list.length - 1, Math.max(0, from + delta));
      current.current = to;
      const step = list[to];
      step?.focus({ preventScroll: true });
      step?.scrollIntoView({ block: "start" });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.metaKey || event.ctrlKey || event.altKey || typing(event.target)) return;
      if (event.key === "j" && nextHref) router.push(nextHref);
      else if (event.key === "k" && previousHref) router.push(previousHref);
      else if (event.key === "n") go(1);
      else if (event.key === "p") go(-1);
    };
    window.addEventListener("keydown", onKey);
    setReady(true);
    return () => window.removeEventListener("keydown", onKey);
  }, [router, previousHref, nextHref]);
  return (
    <p className="text-xs text-muted" data-testid="keyboard-hint" data-ready={ready}>
      <kbd className="rounded border border-line px-1 font-mono">j</kbd>/<kbd className="rounded border border-line px-1 font-mono">k</kbd> next/previous
      task · <kbd className="rounded border border-line px-1 font-mono">n</kbd>/<kbd className="rounded border border-line px-1 font-mono">p</kbd> next/previous
      step
      {previousHref ? (
        <a href={previousHref} className="ml-3 text-accent" data-testid="previous-task">← previous task</a>
      ) : null}
      {nextHref ? (
        <a href={nextHref} className="ml-3 text-accent" data-testid="next-task">next task →</a>
      ) : null}
    </p>
  );
}
