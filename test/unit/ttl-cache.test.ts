/**
 * The small cache in front of the options endpoints and the preset prices: one request per entry
 * while it lives, failures not kept, and a full cache that drops what expires first.
 */
import { describe, expect, it } from "vitest";
import { TtlCache } from "../../src/marketplace/cache.js";

/** A cache on a hand-moved clock, and the keys whose loads it ran, in order. */
function cacheAt(ttlMs: number, maxEntries: number) {
  let now = 0;
  const loads: string[] = [];
  const cache = new TtlCache<string>(ttlMs, () => now, maxEntries);
  const get = (key: string) =>
    cache.get(key, () => {
      loads.push(key);
      return Promise.resolve(`${key}@${now}`);
    });
  return { cache, get, loads, setNow: (ms: number) => (now = ms) };
}

describe("TtlCache", () => {
  it("loads an entry once while it lives, and concurrent readers share the load", async () => {
    const { get, loads, setNow } = cacheAt(10, 100);
    const [a, b] = await Promise.all([get("a"), get("a")]);
    expect([a, b]).toEqual(["a@0", "a@0"]);
    setNow(9);
    expect(await get("a")).toBe("a@0");
    setNow(10);
    expect(await get("a")).toBe("a@10");
    expect(loads).toEqual(["a", "a"]);
  });

  it("does not keep a failed load", async () => {
    const cache = new TtlCache<string>(10, () => 0, 100);
    await expect(cache.get("a", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await cache.get("a", () => Promise.resolve("up"))).toBe("up");
  });

  it("when full, drops the entries loaded longest ago, counting a reload as new", async () => {
    const { get, loads, setNow } = cacheAt(10, 3);
    await get("a"); // t=0, lives until 10
    setNow(5);
    await get("b"); // lives until 15
    setNow(11);
    await get("a"); // expired: loaded again, lives until 21
    setNow(12);
    await get("c");
    setNow(13);
    await get("d"); // full: b is the one loaded longest ago, not a
    setNow(14);
    expect(await get("a")).toBe("a@11");
    expect(await get("c")).toBe("c@12");
    expect(await get("d")).toBe("d@13");
    expect(await get("b")).toBe("b@14");
    expect(loads).toEqual(["a", "b", "a", "c", "d", "b"]);
  });

  it("keeps at most maxEntries however many keys pass through", async () => {
    const { get, loads, setNow } = cacheAt(1_000, 3);
    for (let i = 0; i < 50; i++) {
      setNow(i);
      await get(`k${i}`);
    }
    // exactly the last three are still there
    loads.length = 0;
    await Promise.all(["k47", "k48", "k49", "k46"].map(get));
    expect(loads).toEqual(["k46"]);
  });
});
