/**
 * A card that needs several marketplace answers asks for them at once, so the user waits for the
 * slowest call, not for their sum: the balance card (balance, and the runway's prices and rules),
 * and the buy flow's volume step (what the address has, and the presets' prices).
 *
 * A proxy in front of the sandbox holds one answer back until another request has arrived (or a
 * few seconds passed): asked one after the other, the second request would only come after the
 * first answer, so it is never seen while that answer is held.
 */
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { createMarketplace } from "../../src/marketplace/index.js";
import { freshAddress, nextShown, text } from "./buy-support.js";

const USER = 5301;

interface HoldingProxy {
  url: string;
  /** Whether the awaited request arrived while the held answer was being held. */
  seenWhileHeld(): boolean | undefined;
  close(): Promise<void>;
}

/** Forwards to `upstream()`; the first answer to a request matching `hold` waits for a request matching `until`. */
async function holdingProxy(upstream: () => string, hold: RegExp, until: RegExp): Promise<HoldingProxy> {
  let seen = false;
  let held = false;
  let seenWhileHeld: boolean | undefined;
  const waiters: Array<() => void> = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? "/";
    if (until.test(path)) {
      seen = true;
      waiters.splice(0).forEach((release) => release());
    }
    const holdThis = !held && hold.test(path);
    if (holdThis) held = true;
    const target = new URL(path, upstream());
    const forward = request(target, { method: req.method, headers: { ...req.headers, host: target.host } }, (answer) => {
      const release = () => {
        if (holdThis) seenWhileHeld = seen;
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      };
      if (!holdThis || seen) return release();
      const timer = setTimeout(release, 3_000);
      waiters.push(() => {
        clearTimeout(timer);
        release();
      });
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seenWhileHeld: () => seenWhileHeld,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let h: Harness | undefined;
let proxy: HoldingProxy | undefined;
afterEach(async () => {
  await h?.stop();
  await proxy?.close();
  h = proxy = undefined;
});

async function start(hold: RegExp, until: RegExp): Promise<Harness> {
  let sandboxUrl = "";
  proxy = await holdingProxy(() => sandboxUrl, hold, until);
  const through = createMarketplace({ baseUrl: proxy.url, retry: { attempts: 1 } });
  h = await startHarness({ extendDeps: (deps) => ({ ...deps, marketplace: through }) });
  sandboxUrl = h.sandbox.url;
  return h;
}

describe("a card that needs several answers asks for them at once", () => {
  it("/balance: the runway's prices and rules are asked while the balance is on its way", async () => {
    const harness = await start(/\/wallet\/balance/, /\/automations(\?|$)/);
    await harness.givenUserWithKey(USER, { trx: "250" });
    await harness.tg.sendText({ userId: USER, text: "/balance" });
    const card = await harness.tg.waitForCall("sendMessage", (p) => p.chat_id === USER && String(p.text).includes("Your balance"));
    expect(String(card.payload.text)).toContain("250");
    // the runway's line: the 1-transfer price was read as well
    expect(String(card.payload.text)).toMatch(/USDT transfers?/);
    expect(proxy!.seenWhileHeld()).toBe(true);
  });

  it("/buy: the address's resources are asked together with the presets' prices", async () => {
    const harness = await start(/\/orders\/preview/, /\/address-checker/);
    await harness.givenUserWithKey(USER, { trx: "1000" });
    const address = freshAddress();
    harness.sandbox.control.setAddress(address, { activated: true, energyLimit: 0n });
    await harness.tg.sendText({ userId: USER, text: "/buy" });
    await nextShown(harness, /What would you like to buy/);
    await harness.tg.tapButton({ userId: USER, text: /Energy/ });
    await nextShown(harness, /TRON address that should receive/);
    await harness.tg.sendText({ userId: USER, text: address });
    const volumeStep = await nextShown(harness, /How much/);
    expect(text(volumeStep)).toContain(`<code>${address}</code> has 0 of 0 energy`);
    // the presets are priced
    expect(harness.tg.buttons(USER).map((b) => b.text)).toContainEqual(expect.stringMatching(/^1 transfer · 1 hour · [\d.]+ TRX$/));
    expect(proxy!.seenWhileHeld()).toBe(true);
  });
});
