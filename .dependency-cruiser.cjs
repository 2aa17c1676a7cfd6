/**
 * The boundaries the code keeps (issue 33), checked by `npm run check:boundaries` in `npm test`.
 * See edge/docs/architecture.md for why each exists.
 */
module.exports = {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment:
        "An import circle ties its files into one unit that can only change together. Circles closed only by " +
        "`import type` are erased when compiled (Hono's AppEnv, a props type) and are not counted.",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "edge-not-pwa",
      severity: "error",
      comment:
        "The edge never imports the PWA; what both need lives in sync/. One exception: the sync tests drive " +
        "the PWA's real replication client against the real edge (edge/src/test/rx-device.ts), not a mock of it.",
      from: { path: "^edge/", pathNot: "^edge/src/test/rx-device\\.ts$" },
      to: { path: "^pwa/" },
    },
    {
      name: "pwa-not-edge",
      severity: "error",
      comment: "The PWA never imports the edge; what both need lives in sync/.",
      from: { path: "^pwa/" },
      to: { path: "^edge/" },
    },
    {
      name: "sync-stands-alone",
      severity: "error",
      comment: "sync/ (schemas and rules shared by both sides) imports neither side.",
      from: { path: "^sync/" },
      to: { path: "^(edge|pwa)/" },
    },
    {
      name: "no-foreign-repo",
      severity: "error",
      comment: "A domain owns its tables: other domains call its service, never its repo.",
      from: { path: "^edge/src/domains/([^/]+)/" },
      to: { path: "^edge/src/domains/[^/]+/repo[^/]*\\.ts$", pathNot: "^edge/src/domains/$1/" },
    },
    {
      name: "feature-not-shell",
      severity: "error",
      comment: "Features do not reach into the app shell (app/); the shell composes the features.",
      from: { path: "^pwa/src/features/" },
      to: { path: "^pwa/src/app/" },
    },
    {
      name: "feature-through-index",
      severity: "error",
      comment: "Another feature is reached through its index.ts (or lazy.ts for code split off), not its files.",
      from: { path: "^pwa/src/features/([^/]+)/" },
      to: {
        path: "^pwa/src/features/[^/]+/",
        pathNot: ["^pwa/src/features/$1/", "^pwa/src/features/[^/]+/(index|lazy)\\.tsx?$"],
      },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "(^|/)(node_modules|dist)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".tsx", ".js", ".mjs"] },
  },
};
