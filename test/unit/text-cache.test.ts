import { describe, expect, it } from "vitest";
import { createTextCache } from "../../src/store/bounded-map.js";
import { createKeyValueStorage } from "../../src/store/kv-storage.js";
import { openSqlite } from "../../src/store/sqlite-engine.js";

describe("the key-value storage's cache is bounded by the text it holds, not only by keys", () => {
  it("keeps at most its characters and keys, the oldest going first; absent keys cost no characters", () => {
    const cache = createTextCache({ entries: 3, chars: 10 });
    cache.remember("a", "xxxx");
    cache.remember("b", "yyyy");
    expect(cache.chars).toBe(8);
    cache.remember("c", "zzzz"); // 12 characters: the oldest goes
    expect([cache.has("a"), cache.get("b"), cache.get("c"), cache.chars]).toEqual([false, "yyyy", "zzzz", 8]);
    cache.remember("b", "y"); // a new value replaces the old one's characters
    expect(cache.chars).toBe(5);
    cache.remember("n1", null);
    cache.remember("n2", null); // a fourth key: the oldest ("c") goes
    expect([cache.has("c"), cache.get("n1"), cache.size, cache.chars]).toEqual([false, null, 3, 1]);
    cache.remember("big", "0123456789ABC"); // larger than the whole budget: not kept, nothing evicted for it
    expect([cache.has("big"), cache.size, cache.chars]).toEqual([false, 3, 1]);
    cache.delete("b");
    expect([cache.has("b"), cache.chars]).toEqual([false, 0]);
  });

  it("(SQLite) reads stay exact when the values are larger than the cache: what it dropped is read back from the table", async () => {
    const engine = openSqlite(":memory:");
    const kv = createKeyValueStorage<{ text: string }>(engine, "t:", { cacheChars: 100 });
    const value = (i: number) => ({ text: `${i}`.repeat(30) });
    await Promise.all(Array.from({ length: 20 }, (_, i) => kv.write(`k${i}`, value(i))));
    for (let i = 0; i < 20; i++) expect(await kv.read(`k${i}`)).toEqual(value(i));
    // the key just read is cached again: writing back what it holds makes no write
    const changes = () => (engine.client.prepare("select total_changes() as n").get() as { n: number }).n;
    const before = changes();
    expect(await kv.read("k0")).toEqual(value(0));
    await kv.write("k0", value(0));
    await kv.flush();
    expect(changes()).toBe(before);
    // a change of a key the cache has dropped is written
    await kv.write("k1", { text: "changed" });
    await kv.flush();
    expect(changes()).toBeGreaterThan(before);
    expect(engine.client.prepare("select value from bot_storage where key = 't:k1'").get()).toEqual({ value: '{"text":"changed"}' });
    expect(await kv.take("k2")).toEqual(value(2));
    expect(await kv.read("k2")).toBeUndefined();
    await kv.close();
    await engine.close();
  });
});
