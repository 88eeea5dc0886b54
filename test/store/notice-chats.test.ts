/**
 * The store's side of notices in a group or channel and of team desks (issue 33), on both engines:
 * a notice chat lost once per choice (compare-and-set with a version), the outbox's held private
 * copy (released or dropped, once), a group copy settled as rerouted only by its lease holder, and
 * one desk per group, which another owner cannot take.
 */
import { describe, expect, it } from "vitest";
import { storeEngines, storePerTest } from "../support/test-store.js";

const USER = 41;
const OTHER = 42;
const GROUP = -1_000_000_000_041;

describe.each(storeEngines)("notice chats and team desks on %s", (engine) => {
  const t = storePerTest(engine);

  it("a notice chat: chosen, lost once (the version counts losses), live again when chosen again; full kept only for the same chat", async () => {
    const { store } = t;
    await store.users.touch(USER, USER);
    await store.users.touch(OTHER, OTHER);
    await store.noticeChats.choose(USER, { chatId: GROUP, kind: "supergroup", title: "Desk" });
    await store.noticeChats.choose(OTHER, { chatId: GROUP, kind: "supergroup", title: "Desk" });
    await store.noticeChats.update(USER, { full: true, alsoPrivate: false });
    expect(await store.noticeChats.live(USER)).toMatchObject({ chatId: GROUP, full: true, alsoPrivate: false, lost: false, version: 0 });
    expect((await store.noticeChats.ownersOf(GROUP)).map((r) => r.userId).sort()).toEqual([USER, OTHER]);

    expect(await store.noticeChats.markLost(USER, GROUP)).toBe(1);
    expect(await store.noticeChats.markLost(USER, GROUP)).toBeUndefined(); // told once
    expect(await store.noticeChats.live(USER)).toBeUndefined();
    expect((await store.noticeChats.usersOf(GROUP)).map((r) => [r.userId, r.lost]).sort()).toEqual([
      [USER, true],
      [OTHER, false],
    ]);

    await store.noticeChats.choose(USER, { chatId: GROUP, kind: "supergroup", title: "Desk" });
    expect(await store.noticeChats.live(USER)).toMatchObject({ lost: false, full: true, version: 1 });
    expect(await store.noticeChats.markLost(USER, GROUP)).toBe(2);
    await store.noticeChats.choose(USER, { chatId: GROUP - 1, kind: "channel", title: "Fills" });
    expect(await store.noticeChats.get(USER)).toMatchObject({ chatId: GROUP - 1, kind: "channel", full: false, lost: false });
    await store.noticeChats.remove(USER);
    expect(await store.noticeChats.get(USER)).toBeUndefined();
  });

  it("the outbox's held copy: never claimed; released once (then sent like any notice) or dropped; a claimed group copy rerouted only by its lease holder", async () => {
    const { store } = t;
    await store.users.touch(USER, USER);
    expect(await store.outbox.enqueue({ chatId: USER, dedupeKey: "a@41", text: "a", held: true })).toBe(true);
    expect(await store.outbox.enqueue({ chatId: USER, dedupeKey: "b@41", text: "b", held: true })).toBe(true);
    expect(await store.outbox.enqueue({ chatId: GROUP, dedupeKey: `a@${GROUP}`, text: "a" })).toBe(true);
    expect(await store.outbox.pendingCount()).toBe(1);
    const [row] = await store.outbox.claim({ owner: "me", limit: 10, leaseMs: 30_000 });
    expect(row?.chatId).toBe(GROUP);

    expect(await store.outbox.markRerouted(row!.id, "someone else", "lost")).toBe(false);
    expect(await store.outbox.markRerouted(row!.id, "me", "lost")).toBe(true);
    expect((await store.outbox.getByDedupeKey(`a@${GROUP}`))?.status).toBe("rerouted");

    expect(await store.outbox.releaseHeld("a@41", Date.now())).toBe(true);
    expect(await store.outbox.releaseHeld("a@41", Date.now())).toBe(false);
    await store.outbox.dropHeld(["b@41", "a@41"]);
    expect((await store.outbox.getByDedupeKey("a@41"))?.status).toBe("pending");
    expect((await store.outbox.getByDedupeKey("b@41"))?.status).toBe("dropped");
    expect((await store.outbox.claim({ owner: "me", limit: 10, leaseMs: 30_000 })).map((r) => r.dedupeKey)).toEqual(["a@41"]);
  });

  it("a team desk: one per group, kept by its owner, a maximum per order, removed only by its owner", async () => {
    const { store } = t;
    await store.users.touch(USER, USER);
    await store.users.touch(OTHER, OTHER);
    const mine = await store.apiKeys.add(USER, { apiKey: "k".repeat(40), label: "mine" });
    const theirs = await store.apiKeys.add(OTHER, { apiKey: "j".repeat(40), label: "theirs" });
    expect(await store.teamDesks.bind({ chatId: GROUP, userId: USER, keyId: mine.id, title: "Desk" })).toBe(true);
    expect(await store.teamDesks.bind({ chatId: GROUP, userId: OTHER, keyId: theirs.id, title: "Taken?" })).toBe(false);
    expect(await store.teamDesks.forChat(GROUP)).toMatchObject({ userId: USER, keyId: mine.id, title: "Desk", maxOrderSun: null });
    await store.teamDesks.setMax(OTHER, GROUP, 1n);
    expect((await store.teamDesks.forChat(GROUP))?.maxOrderSun).toBeNull();
    await store.teamDesks.setMax(USER, GROUP, 50_000_000n);
    expect((await store.teamDesks.listOf(USER)).map((d) => d.maxOrderSun)).toEqual(["50000000"]);
    expect(await store.teamDesks.remove(OTHER, GROUP)).toBe(false);
    expect(await store.teamDesks.remove(USER, GROUP)).toBe(true);
    expect(await store.teamDesks.forChat(GROUP)).toBeUndefined();
  });
});
