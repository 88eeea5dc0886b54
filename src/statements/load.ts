/**
 * What a statement is made of, for one user and month: their orders placed through the bot (the
 * store) and, per key, the firings of the key's rules (the marketplace, GET /automations/{id}/fires
 * through rules/firings.ts). A key whose firings cannot be read keeps its orders and says so.
 * Orders of a key removed since are shown under a key of their own. Used by /statement in the chat
 * and by the statement watcher's notice on the 1st (src/watch/statement.ts), with the same deps.
 */
import type { Store } from "../store/index.js";
import type { Translate } from "../format/formatter.js";
import { withUserClient, type KeyClientDeps } from "../credentials/key-client.js";
import { keyButtonLabel } from "../credentials/key-labels.js";
import { loadRuleFirings } from "../rules/firings.js";
import { labelsOf, type AddressLabels } from "../tron/address-names.js";
import { buildStatement, type KeyInput, type Statement } from "./statement.js";
import { monthRange, type UtcMonth } from "./month.js";

export interface LoadedStatement {
  statement: Statement;
  labels: AddressLabels;
}

export interface StatementDeps extends KeyClientDeps {
  store: Pick<Store, "apiKeys" | "orders" | "recentAddresses">;
}

/** `t`: the reader's language, for the keys' names. */
export async function loadStatement(deps: StatementDeps, userId: number, month: UtcMonth, t: Translate): Promise<LoadedStatement> {
  const { from, until } = monthRange(month);
  const [keys, orders, saved] = await Promise.all([
    deps.store.apiKeys.list(userId),
    deps.store.orders.listPlacedBetween(userId, from, until),
    deps.store.recentAddresses.entries(userId),
  ]);
  const firingsByKey = await Promise.all(
    keys.map((key) =>
      withUserClient(deps, userId, (client) => loadRuleFirings(client), { keyId: key.id, needs: "read" }).catch((err: unknown) => {
        deps.logger.debug({ err, keyId: key.id }, "statement: the rules' firings could not be read");
        return undefined;
      }),
    ),
  );
  // Two keys of one marketplace account list the same rules: each rule counts once, with the first key that lists it.
  const counted = new Set<string>();
  const inputs: KeyInput[] = keys.map((key, i) => {
    const firings = firingsByKey[i]?.filter((f) => !counted.has(f.rule.id));
    for (const f of firings ?? []) counted.add(f.rule.id);
    return { keyId: key.id, label: keyButtonLabel(key, t), orders: orders.filter((o) => o.keyId === key.id), firings };
  });
  const gone = orders.filter((o) => !keys.some((k) => k.id === o.keyId));
  if (gone.length > 0) inputs.push({ keyId: 0, label: t("statement-key-removed"), orders: gone, firings: [] });
  return { statement: buildStatement(month, inputs), labels: labelsOf(saved) };
}
