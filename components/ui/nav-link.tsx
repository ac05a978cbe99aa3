"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import clsx from "clsx";

/**
 * A top-navigation link that highlights itself on its section (exact match for "/"). `except` lists
 * sub-paths that belong to another link (e.g. /runs/new is "New run", not "Runs").
 */
export function NavLink({
  href,
  children,
  exact = false,
  except = [],
}: {
  href: string;
  children: React.ReactNode;
  exact?: boolean;
  except?: string[];
}) {
  const pathname = usePathname();
  const inSection = pathname === href || pathname.startsWith(`${href}/`);
  const active = exact || href === "/" ? pathname === href : inSection && !except.includes(pathname);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={clsx(
        "shrink-0 rounded-md px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
        active ? "bg-accent-soft text-accent" : "text-muted hover:bg-canvas hover:text-ink",
      )}
    >
      {children}
    </Link>
  );
}
