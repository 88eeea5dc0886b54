/**
 * The rule watcher: lists each key's rules and compares them with the last snapshot.
 * - active → paused with reason System: "paused, need X TRX" (the price of one firing minus the
 *   balance), auto-resume on/off, a Deposit button;
 * - paused (not by the user) → active: "resumed" (a user's own pause and resume get no notice);
 * - new firings, when the user asked for a notice per firing (`notifyFires`).
 * A rule seen for the first time is recorded, and announced only if it was paused for balance after
 * the bot started watching its key (the bot records the rules it creates, pauses and resumes itself).
 * Every tick polls the keys with a rule that is not cancelled; every `fullScanEvery` ticks (and the
 * first) polls every key, to discover new rules. Keys of users with notices off (or who blocked the
 * bot) are not polled. Keys run with bounded concurrency, rules one by one; an error skips that
 * key or rule until the next tick (its snapshot is left as it was).
 */
import {
  pauseReasonKind,
  ruleKind,
  ruleStatusKind,
  type AutomationRule,
  type MarketplaceClient,
  type RuleFiring,
} from "../marketplace/index.js";
import { loadShortfall, type Shortfall } from "../rules/pricing.js";
import { trxToSun } from "../tron/amounts.js";
import { errorFields } from "../logger.js";
import type { ApiKeyRow } from "../store/api-keys.js";
import type { WatchDeps } from "./deps.js";
import { forEachLimit } from "./limit.js";
import type { RuleSnapshot } from "../store/rule-snapshots.js";
import type { Repositories } from "../store/index.js";
import { clientForKey } from "../credentials/key-client.js";

export interface RulesWatcherOptions {
  /** Poll every key (not only those with live rules) once in this many ticks. Default 10. */
  fullScanEvery?: number;
}

function time(iso: string | null | undefined): number {
  const t = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
}

/**
 * Firings oldest first (the marketplace lists them newest first), each with its place among the
 * firings of the same instant: two firings in one millisecond are two deliveries, two notices.
 */
function inFiringOrder(newestFirst: RuleFiring[]): Array<{ firing: RuleFiring; sameTimeIndex: number }> {
  const seen = new Map<string, number>();
  return [...newestFirst].reverse().map((firing) => {
    const sameTimeIndex = seen.get(firing.createdAt) ?? 0;
    seen.set(firing.createdAt, sameTimeIndex + 1);
    return { firing, sameTimeIndex };
  });
}

function spentMore(rule: AutomationRule, snapshot: RuleSnapshot): boolean {
  try {
    return trxToSun(rule.spentTrx) > trxToSun(snapshot.spentTrx);
  } catch {
    return rule.spentTrx !== snapshot.spentTrx;
  }
}

/**
 * What one look at a rule found: a pause for balance to tell (told with the key's other pauses,
 * in one notice), and the rest to write (other notices, the snapshot) in the same transaction.
 */
interface RuleLook {
  paused?: { rule: AutomationRule; shortfall: Shortfall | undefined };
  write: (tx: Repositories) => Promise<void>;
}

export function createRulesWatcher(deps: WatchDeps, options: RulesWatcherOptions = {}) {
  const fullScanEvery = Math.max(1, options.fullScanEvery ?? 10);
  let ticks = 0;

  /** The next firing's price against the balance, for a pause notice (none if it cannot be had). */
  function priceNextFiring(client: MarketplaceClient, rule: AutomationRule): Promise<Shortfall | undefined> {
    const spec = { kind: ruleKind(rule.type), volume: rule.volume, duration: rule.duration };
    return loadShortfall(client, spec).catch((err: unknown) => {
      deps.logger.warn({ err: errorFields(err), ruleId: rule.id }, "rule watch: could not price the next firing");
      return undefined;
    });
  }

  async function checkRule(key: ApiKeyRow, client: MarketplaceClient, rule: AutomationRule, notifyFires: boolean): Promise<RuleLook> {
    const { store, notifier } = deps;
    const snapshots = store.ruleSnapshots;
    const status = ruleStatusKind(rule.status);
    const base = { ruleId: rule.id, keyId: key.id, userId: key.userId, status, pauseReason: rule.pauseReason, spentTrx: rule.spentTrx };
    const previous = await snapshots.get(rule.id);
    if (!previous) {
      // Firings up to the rule's last change are history, not news; but a pause for balance since
      // the bot started watching this key is news the user has not heard (a rule made elsewhere,
      // or one that paused before the bot's first look)
      const pausedUnseen = status === "paused" && pauseReasonKind(rule.pauseReason) === "system" && time(rule.updatedAt) >= key.createdAt;
      const shortfall = pausedUnseen ? await priceNextFiring(client, rule) : undefined;
      return {
        ...(pausedUnseen ? { paused: { rule, shortfall } } : {}),
        write: (tx) => tx.ruleSnapshots.save({ ...base, lastFireAt: rule.updatedAt }, deps.now()),
      };
    }

    const paused = status === "paused" && previous.status !== "paused" && pauseReasonKind(rule.pauseReason) === "system";
    const resumed = status === "active" && previous.status === "paused" && pauseReasonKind(previous.pauseReason) !== "user";
    const shortfall = paused ? await priceNextFiring(client, rule) : undefined;
    let fires: Array<{ firing: RuleFiring; sameTimeIndex: number }> = [];
    let lastFireAt = previous.lastFireAt;
    if (spentMore(rule, previous)) {
      if (notifyFires) {
        const all = await client.ruleFires(rule.id);
        fires = inFiringOrder(all).filter(({ firing }) => time(firing.createdAt) > time(previous.lastFireAt));
        for (const f of all) if (time(f.createdAt) > time(lastFireAt)) lastFireAt = f.createdAt;
      } else {
        lastFireAt = rule.updatedAt;
      }
    }

    return {
      ...(paused ? { paused: { rule, shortfall } } : {}),
      write: async (tx) => {
        const notices = notifier.in(tx);
        if (resumed) await notices.ruleResumed(key.userId, rule);
        for (const { firing, sameTimeIndex } of fires) await notices.ruleFired(key.userId, rule, firing, sameTimeIndex);
        await tx.ruleSnapshots.save({ ...base, lastFireAt }, deps.now());
      },
    };
  }

  async function checkKey(key: ApiKeyRow): Promise<void> {
    const { store, notifier } = deps;
    const user = await store.users.get(key.userId);
    if (!user || !user.noticesEnabled || user.blocked) return;
    const client = await clientForKey(deps, key);
    const rules = await client.listRules();
    // rules that paused are told in one notice with the key's other pauses of this look, written
    // with their snapshots at the end; the others are written one by one as before
    const pausedLooks: RuleLook[] = [];
    for (const rule of rules) {
      try {
        const look = await checkRule(key, client, rule, user.notifyFires);
        if (look.paused) pausedLooks.push(look);
        else await store.transaction(look.write);
      } catch (err) {
        deps.logger.warn({ err: errorFields(err), ruleId: rule.id }, "rule watch: could not check a rule");
      }
    }
    if (pausedLooks.length === 0) return;
    await store.transaction(async (tx) => {
      await notifier.in(tx).rulesPaused(key.userId, pausedLooks.map((look) => look.paused!));
      for (const look of pausedLooks) await look.write(tx);
    });
  }

  return {
    async tick(): Promise<void> {
      const { store } = deps;
      const full = ticks % fullScanEvery === 0;
      ticks++;
      const live = full ? undefined : await store.ruleSnapshots.keysWithLiveRules();
      const keys = (await store.apiKeys.all()).filter((k) => live === undefined || live.has(k.id));
      await forEachLimit(keys, deps.concurrency, checkKey, (key, err) =>
        deps.logger.warn({ err: errorFields(err), keyId: key.id }, "rule watch: could not list a key's rules"),
      );
    },
  };
}
