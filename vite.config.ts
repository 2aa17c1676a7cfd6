/**
 * Build, dev server and unit tests of the PWA. The app lives in `pwa/`;
 * `edge/` and `sync/` tests run under Deno, never here.
 */
import { readFileSync } from "node:fs";
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./pwa/build/precompress.ts";

const API_TARGET = "http://127.0.0.1:8000";
/** The app's TypeScript modules (not node_modules, not stylesheets). */
const APP_MODULE = /^(?!.*[\\/]node_modules[\\/]).*[\\/](pwa[\\/]src|sync)[\\/][^?]*\.tsx?$/;
const stylesheetImporters = new Map<string, boolean>();
/** Whether a module has an `import "….css";` (kept for its stylesheet even when none of its exports is used). */
function importsStylesheet(id: string): boolean {
  let found = stylesheetImporters.get(id);
  if (found === undefined) {
    found = /^import\s+["'][^"']+\.css["'];?\s*$/m.test(readFileSync(id, "utf8"));
    stylesheetImporters.set(id, found);
  }
  return found;
}
/** The app's own source files, stylesheets included. */
const APP_SOURCE = /^(?!.*[\\/]node_modules[\\/]).*[\\/](pwa[\\/]src|sync)[\\/]/;
/** The entry stays the entry chunk (with the service worker's registration), importing the shell: no cycle. */
const ENTRY = /[\\/]pwa[\\/]src[\\/]main\.tsx$/;
const PRELOAD_HELPER = /vite[\\/]preload-helper/;
/** Imported for what they do, not for exports: the entry, the Trusted Types set-up, the service worker, the UI's styles. */
const SET_UP_MODULE = /[\\/]pwa[\\/]src[\\/](main\.tsx|sw\.ts|app[\\/]trusted-types\.ts|ui[\\/]index\.ts)$/;

export default defineConfig({
  root: "pwa",
  publicDir: "public",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Libraries change less often than the app: their own chunks stay cached
    // (and precached) across app releases.
    rolldownOptions: {
      experimental: {
        // Rolldown would move a module two lazily loaded screens share into one of them (e.g. the account
        // screens' chunk, for the notice the home page shows), so opening the other loaded both: the home page
        // fetched every settings page with their forms. Shared modules keep chunks of their own (issue 19).
        chunkOptimization: { mergeCommonChunks: false },
      },
      treeshake: {
        // The app's own modules (pwa/src, sync) have no side effects when imported other than loading the
        // stylesheets they import (and the entry's set-up modules below): a module none of whose exports is used
        // is left out, and so is a re-export nobody uses. Without this a feature's barrel (index.ts) brought
        // every page it exports, and the shared schemas (zod calls at the top level) their whole files, into
        // whatever imported one thing from it (issue 19).
        moduleSideEffects: (id) => (APP_MODULE.test(id) && !SET_UP_MODULE.test(id) ? importsStylesheet(id) : undefined),
      },
      output: {
        codeSplitting: {
          groups: [
            { name: "react", test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: "forms", test: /node_modules[\\/]zod[\\/]/ },
            // Phone-number metadata is large and only the forms that take a phone number need it.
            { name: "phone", test: /node_modules[\\/]libphonenumber-js[\\/]/ },
            // The on-device data layer (RxDB, Dexie, crypto-js, socket.io client and their helpers) is
            // loaded only after sign-in: its own chunk, or it would join the eagerly loaded vendor chunk.
            {
              name: "sync-engine",
              test:
                /node_modules[\\/](rxdb|rxjs|dexie|crypto-js|socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io|xmlhttprequest-ssl|debug|ms|mingo|event-reduce-js|broadcast-channel|oblivious-set|custom-idle-queue|unload|array-push-at-sort-position|js-base64|@babel[\\/]runtime|as-typed|jsonschema-key-compression|ws)[\\/]/,
            },
            // The encounter-note editors (Tiptap, ProseMirror, Yjs and y-websocket): loaded with the first note opened.
            {
              name: "notes-editor",
              test:
                /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|orderedmap|rope-sequence|w3c-keyname|linkifyjs|fast-equals|use-sync-external-store|yjs|y-protocols|y-websocket|lib0)[\\/]/,
            },
            // The analytics charts (recharts and its d3/redux helpers): loaded only on /admin/analytics.
            {
              name: "charts",
              test:
                /node_modules[\\/](recharts|victory-vendor|d3-[a-z]+|internmap|@reduxjs|react-redux|redux|redux-thunk|reselect|immer|es-toolkit|decimal\.js-light|tiny-invariant|clsx)[\\/]/,
            },
            // REST screens' cache, mounted by the app shell.
            { name: "query", test: /node_modules[\\/]@tanstack[\\/]/ },
            // The app's own modules the entry imports statically, in one script (side-effect-free modules are
            // otherwise split into a chunk per set of importers: a score of files of under 1 KB each). Lowest
            // priority: the libraries above keep their own chunks.
            {
              name: "shell",
              tags: ["$initial"],
              // Vite's preload helper too: the shell's lazy imports use it, and left in the entry chunk it
              // would make the shell import the entry that imports it.
              test: (id) => (APP_SOURCE.test(id) && !ENTRY.test(id)) || PRELOAD_HELPER.test(id),
              includeDependenciesRecursively: false,
            },
            // No catch-all vendor group: one would put libraries only lazily loaded screens use (Stripe,
            // Janus, pdf, …) into a chunk the shell loads eagerly; they stay with the screens that use them.
          ],
        },
      },
    },
  },
  plugins: [
    react(),
    VitePWA({
      strategies: "injectManifest",
      srcDir: "src",
      filename: "sw.ts",
      registerType: "prompt",
      injectRegister: false,
      includeAssets: ["favicon.svg", "icons/apple-touch-icon-180.png"],
      injectManifest: {
        globPatterns: ["**/*.{js,css,html,svg,png,webmanifest}"],
      },
      manifest: {
        name: "DPC Telehealth",
        short_name: "DPC Care",
        description: "Your own primary-care doctor, online: messages, video visits and prescriptions.",
        theme_color: "#0096ff",
        background_color: "#ffffff",
        display: "standalone",
        start_url: "/",
        scope: "/",
        icons: [
          { src: "/icons/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
          { src: "/icons/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
          { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
        ],
      },
      devOptions: { enabled: false },
    }),
    // Brotli and gzip copies of the build, made once here and chosen by Accept-Encoding in edge/src/static.ts.
    precompress(),
  ],
  server: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": { target: API_TARGET, changeOrigin: true, ws: true },
    },
  },
  test: {
    // Tests are found from the repository root so paths read as in the brief.
    root: ".",
    environment: "jsdom",
    include: ["pwa/src/**/*.test.{ts,tsx}"],
    exclude: ["pwa/e2e/**", "edge/**", "sync/**", "node_modules/**", "pwa/dist/**"],
    setupFiles: ["pwa/src/test/setup.ts"],
    restoreMocks: true,
    // A bound, not a speed check: forms typed with userEvent take seconds when 70 files share 2 cores.
    testTimeout: 20_000,
  },
});
