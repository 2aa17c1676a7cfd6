/**
 * Builds the sync benchmark's page (`pwa/bench/index.html`) with the real
 * data-layer modules into `pwa/bench/dist`, served by the edge the benchmark
 * starts. A production build: RxDB's dev-mode is never loaded here.
 */
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  root: "pwa/bench",
  publicDir: false,
  logLevel: "warn",
  plugins: [react()],
  // BENCH_PROFILE=1 keeps names readable in the CPU profile.
  build: { outDir: "dist", emptyOutDir: true, sourcemap: true, minify: !process.env.BENCH_PROFILE },
});
