/** The batch's pure parts: reading the typed lines, and previews asked a few at a time. */
import { describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { mapBounded, MAX_BATCH_LINES, readBatchLines } from "../../src/orders/batch.js";
import { tronAddressFromAccountId } from "../../src/tron/address.js";

const limits = { minVolume: 32_000n, maxVolume: 5_000_000n };
const fresh = () => tronAddressFromAccountId(randomBytes(20));

describe("readBatchLines", () => {
  it("takes addresses, saved names and own volumes; skips blank lines and list markers", () => {
    const [a, b, c] = [fresh(), fresh(), fresh()];
    const saved = [{ address: c, label: "Main wallet" }];
    const read = readBatchLines(`${a}\n\n- ${b} 131 000\nMain wallet 65k\n`, saved, limits);
    expect(read).toEqual({ ok: true, lines: [{ address: a }, { address: b, volume: 131_000n }, { address: c, volume: 65_000n }] });
  });

  it("reports every bad line with its number as sent, and takes none", () => {
    const [a, d, e] = [fresh(), fresh(), fresh()];
    const broken = `${a.slice(0, -1)}${a.endsWith("a") ? "b" : "a"}`;
    const read = readBatchLines([a, broken, a, `${d} 1k`, `${e} many`, "Unknown name"].join("\n"), [], limits);
    expect(read).toEqual({
      ok: false,
      bad: [
        { line: 2, text: broken, reason: "invalid_address" },
        { line: 3, text: a, reason: "duplicate" },
        { line: 4, text: `${d} 1k`, reason: "volume_out_of_range", volume: 1_000n },
        { line: 5, text: `${e} many`, reason: "volume_unreadable" },
        { line: 6, text: "Unknown name", reason: "invalid_address" },
      ],
    });
  });

  it("a name saved for an address already listed is a repeat", () => {
    const a = fresh();
    expect(readBatchLines(`${a}\nMain`, [{ address: a, label: "Main" }], limits)).toEqual({ ok: false, bad: [{ line: 2, text: "Main", reason: "duplicate" }] });
  });

  it("nothing, or more than the most one batch takes", () => {
    expect(readBatchLines(" \n \n", [], limits)).toEqual({ ok: false, empty: true });
    const many = Array.from({ length: MAX_BATCH_LINES + 1 }, fresh).join("\n");
    expect(readBatchLines(many, [], limits)).toEqual({ ok: false, tooMany: MAX_BATCH_LINES + 1 });
  });
});

describe("mapBounded", () => {
  it("runs at most `limit` at once and keeps the order of the results", async () => {
    let running = 0;
    let most = 0;
    const results = await mapBounded([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n * 3));
      running--;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
  });

  it("throws the first failure and starts nothing after it", async () => {
    const started: number[] = [];
    await expect(
      mapBounded([1, 2, 3, 4, 5, 6], 2, async (n) => {
        started.push(n);
        await new Promise((resolve) => setTimeout(resolve, 5));
        if (n === 2) throw new Error("preview failed");
        return n;
      }),
    ).rejects.toThrow("preview failed");
    expect(started).toEqual([1, 2, 3]);
  });
});
