/**
 * Price caps on rules (rules/price-cap.ts), on the leader once per tick across replicas: the rules of
 * each key with a cap are listed once, each distinct firing preview (kind, volume, duration) is asked
 * once (GET /automations/preview, with the key of the first rule that needs it), and each capped rule
 * is compared with its price. Above the cap a running rule is marked, paused (POST …/pause) and the
 * pause told once; under it again a rule the bot paused is resumed when its auto-resume is on, told
 * once. What was told moves by compare-and-set in the notice's transaction: a restart or failover
 * between pausing and telling neither repeats nor loses the notice. A marketplace error leaves the
 * rule as it is until the next tick, logged once.
 */
import type { AutomationRule, MarketplaceClient } from "../marketplace/index.js";
import { capQuery, capStep } from "../rules/price-cap.js";
import type { CapTold, PriceCapRow } from "../store/price-caps.js";
import { trxToSun } from "../tron/amounts.js";
import { createFailureLog } from "./failure-log.js";
import type { WatchDeps } from "./deps.js";
import { forEachLimit } from "./limit.js";
import { clientForKey } from "../credentials/key-client.js";

export function createPriceCapsWatcher(deps: WatchDeps) {
  /** Keys, previews and rules whose last look failed (logged once until one succeeds). */
  const { failed, succeeded } = createFailureLog(deps.logger, "price caps");

  return {
    async tick(): Promise<void> {
      const { store, notifier } = deps;
      const byKey = new Map<number, PriceCapRow[]>();
      for (const cap of await store.priceCaps.listAll()) byKey.set(cap.keyId, [...(byKey.get(cap.keyId) ?? []), cap]);
      // one firing preview per distinct query this tick, whoever needs it first
      const prices = new Map<string, Promise<bigint>>();
      let durations: Promise<readonly string[]> | undefined;
      const priceOf = (client: MarketplaceClient, cap: PriceCapRow): Promise<bigint> => {
        const needsDay = cap.kind === "renewal";
        const query = async () => capQuery(cap, needsDay ? await (durations ??= client.ruleOptions().then((o) => o.durations)) : []);
        const id = `${cap.kind}|${cap.volume ?? ""}|${cap.duration ?? ""}`;
        let price = prices.get(id);
        if (!price) {
          price = query().then(async (q) => trxToSun((await client.previewFiring(q)).priceTrx));
          prices.set(id, price);
        }
        return price;
      };

      async function tell(cap: PriceCapRow, rule: AutomationRule, to: CapTold, priceSun: bigint): Promise<void> {
        await store.transaction(async (tx) => {
          if (!(await tx.priceCaps.markTold(cap.ruleId, cap.version, cap.told as CapTold | null, to))) return;
          const seen = { priceSun, capSun: BigInt(cap.capSun) };
          const notices = notifier.in(tx);
          if (to === "paused") await notices.capPaused(cap.userId, rule, cap.version + 1, seen);
          else await notices.capResumed(cap.userId, rule, cap.version, seen);
        });
      }

      async function checkCap(client: MarketplaceClient, cap: PriceCapRow, rule: AutomationRule): Promise<void> {
        let priceSun: bigint;
        const preview = `preview:${cap.kind}|${cap.volume ?? ""}|${cap.duration ?? ""}`;
        try {
          priceSun = await priceOf(client, cap);
          succeeded(preview);
        } catch (err) {
          return failed(preview, err, "price caps: could not read a firing price; the rules wait for the next tick");
        }
        let step = capStep(cap, rule, priceSun);
        if (step === "forget") {
          await store.priceCaps.clear(cap.ruleId);
          cap = { ...cap, pausedAbove: false, told: null };
          step = capStep(cap, rule, priceSun);
        }
        if (step === "pause") {
          await store.priceCaps.markPausing(cap.ruleId);
          const paused = await client.pauseRule(rule.id);
          await tell({ ...cap, pausedAbove: true }, paused, "paused", priceSun);
        } else if (step === "tell-paused") {
          await tell(cap, rule, "paused", priceSun);
        } else if (step === "resume") {
          await tell(cap, await client.resumeRule(rule.id), "resumed", priceSun);
        }
      }

      await forEachLimit(
        [...byKey.values()],
        deps.concurrency,
        async (caps) => {
          const key = await store.apiKeys.get(caps[0]!.userId, caps[0]!.keyId);
          if (!key) return;
          const client = await clientForKey(deps, key);
          const rules = await client.listRules();
          succeeded(`key:${key.id}`);
          for (const cap of caps) {
            const rule = rules.find((r) => r.id === cap.ruleId);
            // a rule gone from the list (cancelled elsewhere and dropped) has nothing left to cap
            if (!rule) {
              await store.priceCaps.remove(cap.userId, cap.ruleId);
              continue;
            }
            try {
              await checkCap(client, cap, rule);
              succeeded(`rule:${cap.ruleId}`);
            } catch (err) {
              failed(`rule:${cap.ruleId}`, err, "price caps: could not pause or resume a rule; it is left as it is until the next tick");
            }
          }
        },
        (caps, err) => failed(`key:${caps[0]!.keyId}`, err, "price caps: could not list a key's rules; its caps wait for the next tick"),
      );
    },
  };
}
