import { describe, expect, it } from "vitest";
import { canWriteNote } from "./note-access.ts";
import { noteStatus, type NoteStatusInput, statusText } from "./note-status.ts";

const base: NoteStatusInput = { canWrite: true, online: true, notOnServer: false, connection: "connected", synced: true, closedCode: null };
const word = (patch: Partial<NoteStatusInput>) => statusText(noteStatus({ ...base, ...patch }));

describe("a note's status", () => {
  it("says Synced only when connected and the server's state has arrived", () => {
    expect(word({})).toBe("Synced");
    expect(word({ synced: false })).toBe("Saved on this device — connecting…");
    expect(word({ connection: "disconnected", synced: false })).toBe("Saved on this device — connecting…");
  });

  it("says the text is kept on the device while offline, and while the note waits to reach the server", () => {
    expect(word({ online: false, connection: "idle", synced: false })).toBe("Offline — saved on this device");
    expect(word({ notOnServer: true, connection: "idle", synced: false })).toBe("Saved on this device — sent once the note reaches the server");
  });

  it("says Read-only to readers, live when connected", () => {
    expect(word({ canWrite: false })).toBe("Read-only — live");
    expect(word({ canWrite: false, connection: "connecting", synced: false })).toBe("Read-only");
    expect(word({ canWrite: false, online: false })).toBe("Read-only — offline — the text may be out of date");
  });

  it("says Not available when the server refused for good", () => {
    expect(noteStatus({ ...base, connection: "closed", closedCode: 4404 }).word).toBe("Not available");
    expect(word({ connection: "closed", closedCode: 4401 })).toBe("Not available — Sign in again to open this note.");
  });
});

describe("who may change a note's text", () => {
  it("the doctor always, a VMA while unshared, a patient or admin never", () => {
    expect(canWriteNote("doctor", { isShared: true })).toBe(true);
    expect(canWriteNote("vma", { isShared: false })).toBe(true);
    expect(canWriteNote("vma", { isShared: true })).toBe(false);
    expect(canWriteNote("patient", { isShared: true })).toBe(false);
    expect(canWriteNote("admin", { isShared: false })).toBe(false);
  });
});
