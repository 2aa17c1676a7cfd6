/** The benchmark page's clock: absolute times comparable between pages of one browser, and polling waits. */

/** An absolute time comparable between pages of one browser (ms since the epoch, sub-millisecond). */
export const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function waitUntil(test: () => boolean | Promise<boolean>, timeoutMs: number, what: string, everyMs = 20) {
  const until = now() + timeoutMs;
  while (!(await test())) {
    if (now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}
