/**
 * A card that needs several marketplace answers asks for them at once, so the user waits for the
 * slowest call, not for their sum: the balance card (balance, and the runway's prices and rules),
 * the buy flow's volume step (what the address has, and the presets' prices), and the card the
 * /check flow ends with (the check, and the presets' prices).
 *
 * A proxy in front of the sandbox holds back the first answer to each of two requests until the
 * other request has arrived (or a few seconds passed). Asked one after the other, in either order,
 * the second request only comes after the first answer, so that answer is held in vain.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { createMarketplace, type Marketplace } from "../../src/marketplace/index.js";
import { freshAddress, nextShown, text } from "./buy-support.js";
import { startForwardingProxy } from "../support/forwarding-proxy.js";

const USER = 5301;

interface PairingProxy {
  url: string;
  /** For each of the two requests: whether the other one arrived while its first answer was held. */
  pairedWhileHeld(): [boolean | undefined, boolean | undefined];
  close(): Promise<void>;
}

/** Forwards to `upstream()`; the first answer to a request matching `pair[i]` waits for a request matching the other. */
async function pairingProxy(upstream: () => string, pair: [RegExp, RegExp]): Promise<PairingProxy> {
  const seen = [false, false];
  const held = [false, false];
  const paired: [boolean | undefined, boolean | undefined] = [undefined, undefined];
  const waiting: Array<Array<() => void>> = [[], []];
  const proxy = await startForwardingProxy(upstream, (path) => {
    const side = pair.findIndex((pattern) => pattern.test(path));
    if (side >= 0) {
      seen[side] = true;
      waiting[side]!.splice(0).forEach((release) => release());
    }
    const holdThis = side >= 0 && !held[side];
    if (holdThis) held[side] = true;
    return (pass) => {
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (holdThis) paired[side] = seen[1 - side]!;
        pass();
      };
      if (!holdThis || seen[1 - side]) return release();
      setTimeout(release, 3_000);
      waiting[1 - side]!.push(release);
    };
  });
  return { url: proxy.url, pairedWhileHeld: () => paired, close: () => proxy.close() };
}

let h: Harness | undefined;
let proxy: PairingProxy | undefined;
let through: Marketplace | undefined;
afterEach(async () => {
  await h?.stop();
  await through?.close();
  await proxy?.close();
  h = proxy = through = undefined;
});

async function start(pair: [RegExp, RegExp]): Promise<Harness> {
  let sandboxUrl = "";
  proxy = await pairingProxy(() => sandboxUrl, pair);
  const marketplace = createMarketplace({ baseUrl: proxy.url, retry: { attempts: 1 } });
  through = marketplace;
  // the balance card waits for its runway as long as it takes: here it is asked, not timed
  h = await startHarness({ extendDeps: (deps) => ({ ...deps, marketplace, runwayWait: { lateMs: 60_000 } }) });
  sandboxUrl = h.sandbox.url;
  return h;
}

/** A user with a key and an address with no energy; the address's check and a preset's price are the pair held. */
async function startWithAddress(): Promise<{ harness: Harness; address: string }> {
  const harness = await start([/\/orders\/preview/, /\/address-checker/]);
  await harness.givenUserWithKey(USER, { trx: "1000" });
  const address = freshAddress();
  harness.sandbox.control.setAddress(address, { activated: true, energyLimit: 0n });
  return { harness, address };
}

describe("a card that needs several answers asks for them at once", () => {
  it("/balance: the runway's prices and rules are asked while the balance is on its way", async () => {
    const harness = await start([/\/wallet\/balance/, /\/automations(\?|$)/]);
    await harness.givenUserWithKey(USER, { trx: "250" });
    await harness.tg.sendText({ userId: USER, text: "/balance" });
    // the runway's line (the 1-transfer price was read as well), on the card or added to it in place
    const card = await harness.tg.waitForCall(["sendMessage", "editMessageText"], (p) => p.chat_id === USER && /Your balance[\s\S]*USDT transfers?/.test(String(p.text)));
    expect(String(card.payload.text)).toContain("250");
    expect(proxy!.pairedWhileHeld()).toEqual([true, true]);
  });

  it("/buy: the address's resources are asked together with the presets' prices", async () => {
    const { harness, address } = await startWithAddress();
    await harness.tg.sendText({ userId: USER, text: "/buy" });
    await nextShown(harness, /What would you like to buy/);
    await harness.tg.tapButton({ userId: USER, text: /Energy/ });
    await nextShown(harness, /TRON address that should receive/);
    await harness.tg.sendText({ userId: USER, text: address });
    const volumeStep = await nextShown(harness, /How much/);
    expect(text(volumeStep)).toContain(`<code>${address}</code> has no energy`);
    // the presets are priced
    expect(harness.tg.buttons(USER).map((b) => b.text)).toContainEqual(expect.stringMatching(/^1 transfer · 1 hour · [\d.]+ TRX$/));
    expect(proxy!.pairedWhileHeld()).toEqual([true, true]);
  });

  it("/check asked for the address: the check and the presets' prices are asked together", async () => {
    const { harness, address } = await startWithAddress();
    await harness.tg.sendText({ userId: USER, text: "/check" });
    await nextShown(harness, /Send me the TRON address to check/);
    await harness.tg.sendText({ userId: USER, text: address });
    // the card, in the question's message, with its priced presets
    const card = await harness.tg.waitForCall("editMessageText", (p) => p.chat_id === USER && String(p.text).includes("Limit"));
    expect(String(card.payload.text)).toContain(address);
    expect(harness.tg.buttons(USER).map((b) => b.text)).toContainEqual(expect.stringMatching(/^1 transfer · 1 hour · [\d.]+ TRX$/));
    expect(proxy!.pairedWhileHeld()).toEqual([true, true]);
  });
});
