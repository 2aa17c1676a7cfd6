/** Fails the run, with what to install, when the browser or the build is missing. */
import { existsSync } from "node:fs";
import { CHROMIUM } from "./playwright.config.ts";

export default function globalSetup() {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}. Install Debian's package (apt-get install chromium) or set CHROMIUM_PATH.`,
    );
  }
  if (!existsSync(new URL("../dist/index.html", import.meta.url))) {
    throw new Error("The PWA is not built: run `npm run build` first (npm run test:e2e does).");
  }
}
