/**
 * The marketplace's rules as the rules menus see them. There is no GET for one rule: it is looked
 * up in GET /automations. Menus are drawn again on every tap (to check it) and once more for the
 * answer, so the list and a rule's firings are fetched at most once per update.
 */
import type { BotContext } from "../../context.js";
import type { AutomationRule, MarketplaceClient, RuleFiring } from "../../../marketplace/index.js";
import type { ApiKeyRow } from "../../../store/api-keys.js";
import { withUserClient } from "../../marketplace/with-user-client.js";
import { perUpdate } from "../../ui/per-update.js";

const lists = perUpdate<"all", AutomationRule[]>();
const fires = perUpdate<string, RuleFiring[]>();

export function callRules<T>(ctx: BotContext, call: (client: MarketplaceClient, key: ApiKeyRow) => Promise<T>): Promise<T> {
  return withUserClient(ctx.deps, ctx.from!.id, call);
}

export function loadRules(ctx: BotContext): Promise<AutomationRule[]> {
  return lists.get(ctx, "all", () => callRules(ctx, (client) => client.listRules()));
}

export async function findRule(ctx: BotContext, id: string): Promise<AutomationRule | undefined> {
  return (await loadRules(ctx)).find((rule) => rule.id === id);
}

/** The rule as an action returned it, for the card drawn after the action in the same update. */
export function rememberRule(ctx: BotContext, rule: AutomationRule): void {
  const list = lists.get(ctx, "all", () => Promise.resolve([]));
  lists.set(
    ctx,
    "all",
    list.then((rules) => (rules.some((r) => r.id === rule.id) ? rules.map((r) => (r.id === rule.id ? rule : r)) : [rule, ...rules])),
  );
}

export function loadFires(ctx: BotContext, id: string): Promise<RuleFiring[]> {
  return fires.get(ctx, id, () => callRules(ctx, (client) => client.ruleFires(id)));
}
