import type { Metadata } from "next";
import Link from "next/link";
import { UserMenu } from "@/components/auth/user-menu";
import { NavLink } from "@/components/ui/nav-link";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "WorkBench Studio", template: "%s · WorkBench Studio" },
  description: "Run, score and inspect AI agents on the WorkBench benchmark.",
  icons: { icon: "/logo.svg" },
};

// Every page reads live data from PostgreSQL (runs progress while you look): never prerender at build
// time, which would also make `next build` need a database.
export const dynamic = "force-dynamic";

const navigation = [
  { href: "/", label: "Datasets" },
  { href: "/leaderboard", label: "Leaderboard" },
  { href: "/paper", label: "Paper" },
  { href: "/runs", label: "Runs", except: ["/runs/new"] },
  { href: "/runs/new", label: "New run" },
  { href: "/tasks", label: "Tasks" },
  { href: "/search", label: "Search" },
  { href: "/sandbox", label: "Sandbox" },
];

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen">
        <header className="sticky top-0 z-30 border-b border-line bg-surface/90 backdrop-blur">
          <div className="mx-auto flex h-14 max-w-7xl items-center gap-3 px-4 sm:gap-6 sm:px-6">
            <Link href="/" className="flex shrink-0 items-center gap-2 font-semibold text-ink" data-testid="brand">
              {/* A plain <img>: next/image adds ~4 KiB of client JS to every page and does not resize an SVG anyway. */}
              <img src="/logo.svg" alt="" width={24} height={24} fetchPriority="high" />
              <span className="hidden md:inline">WorkBench Studio</span>
            </Link>
            {/* On a phone the links scroll sideways inside the bar instead of widening the page. */}
            <nav aria-label="Main" className="flex min-w-0 items-center gap-1 overflow-x-auto" data-testid="main-nav">
              {navigation.map((item) => (
                <NavLink key={item.href} href={item.href} except={item.except}>
                  {item.label}
                </NavLink>
              ))}
            </nav>
            <UserMenu />
          </div>
        </header>
        <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">{children}</main>
      </body>
    </html>
  );
}
