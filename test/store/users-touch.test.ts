/**
 * The per-update touch of the user record (issue 28: no write for an update that changes nothing;
 * issue 30: Telegram's language_code kept with the user), on both engines.
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { createTestDatabase, type TestDatabase, type TestEngine } from "../support/test-store.js";

const engines: TestEngine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "pg"] : ["sqlite"];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(engines)("users.touch on %s", (engine) => {
  let database: TestDatabase;
  let store: Store;
  const sealer = createSealer([randomBytes(32)]);
  /** Another store over the same database: no memo of its own, so each touch reaches the statement. */
  const fresh = async () => {
    const other = await openStore(database.location, sealer);
    others.push(other);
    return other;
  };
  let others: Store[] = [];
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await openStore(database.location, sealer);
    others = [];
  });
  afterEach(async () => {
    for (const other of others) await other.close();
    await store.close();
    await database.drop();
  });

  it("keeps the last language_code seen; an update without one keeps it", async () => {
    await store.users.touch(1, 1, "ru");
    expect(await store.users.get(1)).toMatchObject({ chatId: 1, languageCode: "ru", language: null });
    await store.users.touch(1, 1);
    expect((await store.users.get(1))!.languageCode).toBe("ru");
    await store.users.touch(1, 1, "zh-hans");
    expect((await store.users.get(1))!.languageCode).toBe("zh-hans");
    // from a group: no chat of theirs, the language still kept
    await store.users.touch(1, undefined, "en");
    expect(await store.users.get(1)).toMatchObject({ chatId: 1, languageCode: "en" });
    await store.users.touch(2, undefined, "ru");
    expect(await store.users.get(2)).toMatchObject({ chatId: 2, languageCode: "ru" });
    // and the notices read it with the user
    expect(await store.outbox.recipient(1)).toMatchObject({ language: null, languageCode: "en" });
  });

  it("writes the row only when something changed (its updatedAt stays), also without the memo", async () => {
    await store.users.touch(3, 3, "ru");
    const written = (await store.users.get(3))!.updatedAt;
    await sleep(5);
    const other = await fresh();
    await other.users.touch(3, 3, "ru");
    await other.users.touch(3, 3);
    await other.users.touch(3, undefined, "ru");
    expect((await store.users.get(3))!.updatedAt).toBe(written);
    await other.users.touch(3, 3, "en");
    expect((await store.users.get(3))!.updatedAt).toBeGreaterThan(written);
  });

  it("a changed chat or an unblock is still written, after the memo knew the user", async () => {
    await store.users.touch(4, 4, "ru");
    await store.users.setBlockedByChat(4, true);
    await store.users.touch(4, 4, "ru");
    expect(await store.users.get(4)).toMatchObject({ blocked: false, languageCode: "ru" });
    await store.users.touch(4, 44, "ru");
    expect((await store.users.get(4))!.chatId).toBe(44);
    await store.users.touch(4, 44, "zh");
    expect((await store.users.get(4))!.languageCode).toBe("zh");
  });
});
