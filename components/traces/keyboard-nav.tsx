"use client";
import { useEffect, useLayoutEffect, useRef, useState } from "react";
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
  // After a client navigation (j/k) the same listener serves the next task: it reads the links from a
  // ref updated at commit, so a key pressed as soon as the new links are on screen already uses them.
  const links = useRef({ previousHref, nextHref });
  useLayoutEffect(() => {
    links.current = { previousHref, nextHref };
  }, [previousHref, nextHref]);
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
      const { previousHref: previous, nextHref: next } = links.current;
      if (event.key === "j" && next) router.push(next);
      else if (event.key === "k" && previous) router.push(previous);
      else if (event.key === "n") go(1);
      else if (event.key === "p") go(-1);
    };
    window.addEventListener("keydown", onKey);
    setReady(true);
    return () => window.removeEventListener("keydown", onKey);
  }, [router]);
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
