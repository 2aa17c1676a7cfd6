/**
 * Build, dev server and unit tests of the PWA. The app lives in `pwa/`;
 * `edge/` and `sync/` tests run under Deno, never here.
 */
import { defineConfig } from "vitest/config";
import react from "@vitejs/plugin-react";
import { VitePWA } from "vite-plugin-pwa";
import { precompress } from "./pwa/build/precompress.ts";

const API_TARGET = "http://127.0.0.1:8000";

export default defineConfig({
  root: "pwa",
  publicDir: "public",
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // Libraries change less often than the app: their own chunks stay cached
    // (and precached) across app releases.
    rolldownOptions: {
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
