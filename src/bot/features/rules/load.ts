/**
 * The marketplace's rules as the rules menus see them. There is no GET for one rule: it is looked
 * up in GET /automations. Menus are drawn again on every tap (to check it) and once more for the
 * answer, so the list and a rule's firings are fetched at most once per update.
 */
import type { BotContext } from "../../context.js";
import type { AutomationRule, MarketplaceClient, RuleFiring } from "../../../marketplace/index.js";
import { withUserClient } from "../../marketplace-access.js";

const lists = new WeakMap<BotContext, Promise<AutomationRule[]>>();
const fires = new WeakMap<BotContext, Map<string, Promise<RuleFiring[]>>>();

export function callRules<T>(ctx: BotContext, call: (client: MarketplaceClient) => Promise<T>): Promise<T> {
  return withUserClient(ctx.deps, ctx.from!.id, call);
}

export function loadRules(ctx: BotContext): Promise<AutomationRule[]> {
  let list = lists.get(ctx);
  if (!list) {
    list = callRules(ctx, (client) => client.listRules());
    lists.set(ctx, list);
  }
  return list;
}

export async function findRule(ctx: BotContext, id: string): Promise<AutomationRule | undefined> {
  return (await loadRules(ctx)).find((rule) => rule.id === id);
}

/** The rule as an action returned it, for the card drawn after the action in the same update. */
export function rememberRule(ctx: BotContext, rule: AutomationRule): void {
  const list = lists.get(ctx) ?? Promise.resolve([]);
  lists.set(
    ctx,
    list.then((rules) => (rules.some((r) => r.id === rule.id) ? rules.map((r) => (r.id === rule.id ? rule : r)) : [rule, ...rules])),
  );
}

export function loadFires(ctx: BotContext, id: string): Promise<RuleFiring[]> {
  let byRule = fires.get(ctx);
  if (!byRule) fires.set(ctx, (byRule = new Map()));
  let list = byRule.get(id);
  if (!list) {
    list = callRules(ctx, (client) => client.ruleFires(id));
    byRule.set(id, list);
  }
  return list;
}
