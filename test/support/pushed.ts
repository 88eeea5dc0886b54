/** What the notices harness pushed to a chat, and a marketplace whose clients answer one method otherwise (e2e). */
import type { Marketplace, MarketplaceClient } from "../../src/marketplace/index.js";
import type { NoticesHarness } from "./notices-harness.js";
import { textOf } from "./payload.js";

/** The texts of the notices sent so far (the sender drained first) that start with `prefix`. */
export async function pushedTexts(n: NoticesHarness, prefix: string): Promise<string[]> {
  await n.sender.drain();
  return n.h.tg
    .callsOf("sendMessage")
    .map((c) => textOf(c.payload))
    .filter((text) => text.startsWith(prefix));
}

/** `marketplace` with every client's `method` replaced by `replace(real)` (the rest of the client as it is). */
export function withClientMethod<M extends keyof MarketplaceClient>(marketplace: Marketplace, method: M, replace: (real: MarketplaceClient[M]) => MarketplaceClient[M]): Marketplace {
  return {
    ...marketplace,
    forKey: (apiKey: string) =>
      new Proxy(marketplace.forKey(apiKey), {
        get: (target, prop) => {
          const value: unknown = Reflect.get(target, prop);
          const bound = typeof value === "function" ? (value as () => unknown).bind(target) : value;
          return prop === method ? replace(bound as MarketplaceClient[M]) : bound;
        },
      }),
  };
}
