import type { Logger } from "../logger.js";
import type { AutomationRule } from "../marketplace/index.js";
import type { ApiKeyRow } from "../store/api-keys.js";
import type { Store } from "../store/index.js";
import { errorFields } from "../logger.js";

/**
 * Records a rule the bot just created, paused or resumed, for the rules watcher (store/rule-snapshots.ts).
 * The marketplace has done it already: a failed write is logged, never reported to the user as a
 * failure (for a creation that would invite a second rule). Used by every feature that changes a
 * rule (automations, rules).
 */
export async function recordRule(deps: { store: Pick<Store, "ruleSnapshots">; logger: Logger; now: () => number }, rule: AutomationRule, key: ApiKeyRow): Promise<void> {
  try {
    await deps.store.ruleSnapshots.record(rule, key, deps.now());
  } catch (err) {
    deps.logger.error({ err: errorFields(err), ruleId: rule.id }, "could not record a rule's snapshot");
  }
}
