/**
 * A key's last use is kept to the minute (issue 28: no write per keyed call when nothing a reader
 * would see changed), on both engines.
 */
import { randomBytes } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../../src/store/index.js";
import { createSealer } from "../../src/store/secrets.js";
import { createTestDatabase, type TestDatabase, type TestEngine } from "../support/test-store.js";

const engines: TestEngine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "pg"] : ["sqlite"];

describe.each(engines)("apiKeys.touch on %s", (engine) => {
  let database: TestDatabase;
  let store: Store;
  const sealer = createSealer([randomBytes(32)]);
  beforeEach(async () => {
    database = await createTestDatabase(engine);
    store = await openStore(database.location, sealer);
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  it("records the first use, skips uses within the minute, and records a use a minute later", async () => {
    const t0 = Date.UTC(2026, 10, 26, 12);
    await store.users.touch(7, 7);
    const added = await store.apiKeys.add(7, { apiKey: "sbx_full_0123456789abcdef", label: "Main" });
    expect(added.lastUsedAt).toBeNull();
    await store.apiKeys.touch(added, t0);
    const used = (await store.apiKeys.getDefault(7))!;
    expect(used.lastUsedAt).toBe(t0);
    await store.apiKeys.touch(used, t0 + 30_000);
    // read without this store's memo: the row itself kept the first use
    const other = await openStore(database.location, sealer);
    try {
      expect((await other.apiKeys.getDefault(7))!.lastUsedAt).toBe(t0);
      await store.apiKeys.touch(used, t0 + 61_000);
      expect((await other.apiKeys.get(7, used.id))!.lastUsedAt).toBe(t0 + 61_000);
    } finally {
      await other.close();
    }
  });
});
