/** The bulk first pull ended early: a failed page, a tab closed between a page and its checkpoints, a closing data layer. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { pullInitial } from "./initial-pull.ts";
import { closeAll, fakeServer, open, replicate, withFailingMetaWrite } from "./initial-pull.fixtures.ts";

afterEach(closeAll);

describe("the bulk first pull, ended early", () => {
  it("after a failed page, the replication pulls the rest from the last stored page", async () => {
    const db = await open();
    const server = fakeServer(5);
    server.failPullNumber(2);
    await expect(pullInitial({ db, name: "note_drafts", api: server.api, pageSize: 2 })).rejects.toThrow("offline");
    expect(await db.note_drafts.count().exec()).toBe(2);

    const state = replicate(db, server.api);
    await state.awaitInitialReplication();
    expect(server.pulls[2]).toEqual(server.pulls[1]);
    expect(await db.note_drafts.count().exec()).toBe(5);
    await state.awaitInSync();
    expect(server.pushes).toEqual([]);
  });

  it("documents stored without their page's server checkpoint (the tab closed in between) are never pushed back", async () => {
    const db = await open();
    const server = fakeServer(6);
    // The meta store's write that follows the first page's documents fails, and so does every later one: the tab
    // closed right then.
    const failing = withFailingMetaWrite(db, (rows) => rows.some((row) => row.itemId === "down"), { dead: true });
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    await expect(pullInitial({ db: failing, name: "note_drafts", api: server.api, pageSize: 2 })).rejects.toThrow();
    expect(await db.note_drafts.count().exec()).toBeGreaterThanOrEqual(2);
    // Dead, the tab could not cover what it left either.
    expect(warned).toHaveBeenCalledWith("Covering note_drafts", expect.anything());
    warned.mockRestore();
    // The next start: no bulk pull (the collection holds documents), but what it left past the checkpoint is covered.
    expect(await pullInitial({ db, name: "note_drafts", api: server.api, pageSize: 2 })).toBe(0);

    const state = replicate(db, server.api);
    await state.awaitInitialReplication();
    await state.awaitInSync();
    expect(await db.note_drafts.count().exec()).toBe(6);
    // Before: RxDB's upstream took them for new documents and pushed them all back.
    expect(server.pushes).toEqual([]);
  });

  it("a failure storing a page ends the pull: no page more is fetched, none more is stored", async () => {
    const db = await open();
    const server = fakeServer(21);
    const failing = withFailingMetaWrite(db, (rows) => rows.some((row) => row.itemId === "down"));
    await expect(pullInitial({ db: failing, name: "note_drafts", api: server.api, pageSize: 2 })).rejects.toThrow();
    // Of the 11 pages, only those already asked for when the failure came (the pipeline's few) were fetched; before,
    // the pull went on to the last page, storing every page with no checkpoint.
    expect(server.pulls.length).toBeLessThanOrEqual(6);
    expect(await db.note_drafts.count().exec()).toBeLessThanOrEqual(10);
  });

  it("stops once the data layer is closing: no page more is fetched or stored", async () => {
    const db = await open();
    const server = fakeServer(20);
    let closing = false;
    server.countStored(() => {
      closing = server.pulls.length >= 2;
      return 0;
    });
    expect(await pullInitial({ db, name: "note_drafts", api: server.api, pageSize: 2, closed: () => closing })).toBeLessThanOrEqual(2);
    expect(server.pulls).toHaveLength(2);
    expect(await db.note_drafts.count().exec()).toBeLessThanOrEqual(2);
  });
});
