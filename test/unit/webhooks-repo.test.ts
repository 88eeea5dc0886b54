/** The webhooks repository's in-memory route and secret caches stay exact across every write. */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { openStore } from "../../src/store/index.js";
import { createSealer, type Sealer } from "../../src/store/secrets.js";

const SECRET_A = "whsec_" + Buffer.alloc(24, 1).toString("base64");
const SECRET_B = "whsec_" + Buffer.alloc(24, 2).toString("base64");

async function setUp(sealer: Sealer = createSealer([randomBytes(32)])) {
  const path = join(mkdtempSync(join(tmpdir(), "webhooks-")), "bot.db");
  const store = await openStore({ databasePath: path }, sealer);
  await store.users.touch(7, 7);
  const row = await store.webhooks.ensureForUser(7, null);
  return { path, store, row };
}

/** Counts how often the sealer opens a value. */
function countingSealer(inner: Sealer) {
  const counter = { opens: 0 };
  const sealer: Sealer = { ...inner, open: (sealed, owner) => (counter.opens++, inner.open(sealed, owner)) };
  return { sealer, counter };
}

describe("webhooks repo caches", () => {
  it("routeFor follows every write to the endpoint's routing fields", async () => {
    const { store, row } = await setUp();
    const w = store.webhooks;
    expect(await w.routeFor(row.routeToken)).toEqual({ id: row.id, userId: 7, enabled: true, sealedSecret: null });
    expect(await w.routeFor("unknown-token-0123456789")).toBeUndefined();

    await w.setSecret(row, SECRET_A);
    const sealed = (await w.routeFor(row.routeToken))!.sealedSecret;
    expect(sealed).toMatch(/^s1\./);

    await w.markPingRequested(row.id, 1234);
    expect(await w.lastPingAt(row.id)).toBe(1234);

    // stamps of deliveries do not touch the route
    await w.markUnverified(row.id, 5000);
    expect(await w.recordEvent(row.id, { eventId: "e1", type: "webhook.ping", payload: "{}", applied: true }, 6000)).toBe(true);
    expect(await w.routeFor(row.routeToken)).toMatchObject({ sealedSecret: sealed });

    await w.setEndpointId(row.id, "0b1e2c3d-4e5f-4a6b-8c7d-8e9f0a1b2c3d");
    expect(await w.routeFor(row.routeToken)).toMatchObject({ sealedSecret: null });
    expect(await w.lastPingAt(row.id)).toBeNull();

    expect(await w.remove(7, row.id)).toBe(true);
    expect(await w.routeFor(row.routeToken)).toBeUndefined();
  });

  it("a write rolled back with its transaction leaves the route as stored", async () => {
    const { store, row } = await setUp();
    await store.webhooks.routeFor(row.routeToken);
    await expect(
      store.transaction(async (tx) => {
        await tx.webhooks.setSecret(row, SECRET_A);
        throw new Error("abort");
      }),
    ).rejects.toThrow("abort");
    expect((await store.webhooks.routeFor(row.routeToken))?.sealedSecret).toBeNull();
  });

  it("a secret is opened once per sealed value; a changed secret is opened anew", async () => {
    const { sealer, counter } = countingSealer(createSealer([randomBytes(32)]));
    const { store, row } = await setUp(sealer);
    const w = store.webhooks;
    await w.setSecret(row, SECRET_A);
    for (let i = 0; i < 3; i++) expect(await w.revealSecret((await w.routeFor(row.routeToken))!)).toBe(SECRET_A);
    expect(counter.opens).toBe(1);

    await w.setSecret(row, SECRET_B);
    expect(await w.revealSecret((await w.routeFor(row.routeToken))!)).toBe(SECRET_B);
    expect(await w.revealSecret((await w.routeFor(row.routeToken))!)).toBe(SECRET_B);
    expect(counter.opens).toBe(2);

    // a row read before the change (old sealed text) is not answered with the new secret
    const stale = { ...(await w.routeFor(row.routeToken))! };
    await w.setSecret(row, SECRET_A);
    expect(await w.revealSecret((await w.routeFor(row.routeToken))!)).toBe(SECRET_A);
    expect(await w.revealSecret(stale)).toBe(SECRET_B);
  });

  it("a secret sealed with a previous master key is re-sealed with the current one, then served from memory", async () => {
    const oldKey = randomBytes(32);
    const { path, store, row } = await setUp(createSealer([oldKey]));
    await store.webhooks.setSecret(row, SECRET_A);
    await store.close();

    const { sealer, counter } = countingSealer(createSealer([randomBytes(32), oldKey]));
    const rotated = await openStore({ databasePath: path }, sealer);
    const first = (await rotated.webhooks.routeFor(row.routeToken))!;
    expect(await rotated.webhooks.revealSecret(first)).toBe(SECRET_A);
    const resealed = (await rotated.webhooks.routeFor(row.routeToken))!;
    expect(resealed.sealedSecret).not.toBe(first.sealedSecret);
    expect(await rotated.webhooks.revealSecret(resealed)).toBe(SECRET_A);
    expect(await rotated.webhooks.revealSecret(resealed)).toBe(SECRET_A);
    expect(counter.opens).toBe(2); // the stale value, then the re-sealed one once
    await rotated.close();
  });
});
