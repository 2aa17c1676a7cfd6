/**
 * Vitest set-up for the PWA: unmount React trees between tests and give
 * jsdom the few browser APIs it lacks (the native `<dialog>` methods).
 */
import { cleanup, configure } from "@testing-library/react";
import { afterEach } from "vitest";

// `findBy…` and `waitFor` give up after 1 s by default. A screen that waits for the device's first
// pull can take longer than that on a loaded two-core CI machine (the suite runs files in parallel),
// so they wait up to 5 s; a test that expects something never to appear says so with its own wait.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const dialogProto = globalThis.HTMLDialogElement?.prototype;
if (dialogProto && typeof dialogProto.showModal !== "function") {
  dialogProto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  dialogProto.show = function show(this: HTMLDialogElement) {
    this.setAttribute("open", "");
  };
  dialogProto.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.hasAttribute("open")) return;
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.removeAttribute("open");
    this.dispatchEvent(new Event("close"));
  };
}
