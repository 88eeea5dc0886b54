/** The control API over HTTP under /_sandbox/ (no key); bigints travel as strings. */
import { addressCheckJson } from "./api-routes.js";
import type { SandboxControl } from "./control.js";
import type { SandboxCore } from "./core.js";
import { badRequest } from "./errors.js";
import { noContent, ok, type Route } from "./server.js";
import { asObject, parseAddress, parseBoolean, parseInteger } from "./validation.js";

const BASE = "/_sandbox";

export function controlRoutes(core: SandboxCore, control: SandboxControl): Route[] {
  const account = (accountId: string) => ({
    accountId,
    balance: control.balanceOf(accountId),
    orderCount: control.orderCount(accountId),
    ledger: control.ledger(accountId).map((entry) => ({ ...entry, sun: entry.sun.toString() })),
  });
  const optionalString = (value: unknown, field: string): string | undefined => {
    if (value === undefined || value === null) return undefined;
    if (typeof value === "string" || typeof value === "number") return String(value);
    throw badRequest(`request.invalid_${field}`, `${field} must be a string`);
  };
  const optionalInteger = (value: unknown, field: string): bigint | undefined =>
    value === undefined || value === null ? undefined : parseInteger(value, field);

  return [
    {
      method: "POST",
      path: `${BASE}/accounts`,
      scope: null,
      handler: ({ body }) => {
        const b = asObject(body);
        return ok(control.createAccount({ trx: optionalString(b.trx, "trx"), usdt: optionalString(b.usdt, "usdt") }));
      },
    },
    {
      method: "POST",
      path: `${BASE}/accounts/:id/keys`,
      scope: null,
      handler: ({ params, body }) => {
        const b = asObject(body);
        const scope = b.scope as "read" | "purchase" | "full";
        return ok(control.createKey(params.id!, { scope, dailyLimitTrx: optionalString(b.dailyLimitTrx, "daily_limit_trx") }));
      },
    },
    {
      method: "POST",
      path: `${BASE}/keys/:key/limit`,
      scope: null,
      handler: ({ params, body }) => {
        control.setKeyLimit(params.key!, optionalString(asObject(body).dailyLimitTrx, "daily_limit_trx") ?? null);
        return noContent;
      },
    },
    {
      method: "POST",
      path: `${BASE}/accounts/:id/deposit`,
      scope: null,
      handler: ({ params, body }) => {
        control.deposit(params.id!, optionalString(asObject(body).trx, "trx") ?? "");
        return ok(account(params.id!));
      },
    },
    { method: "GET", path: `${BASE}/accounts/:id`, scope: null, handler: ({ params }) => ok(account(params.id!)) },
    {
      method: "POST",
      path: `${BASE}/addresses/:address`,
      scope: null,
      handler: ({ params, body }) => {
        const b = asObject(body);
        control.setAddress(params.address!, {
          activated: b.activated === undefined ? undefined : parseBoolean(b.activated, "activated", false),
          energyLimit: optionalInteger(b.energyLimit, "energy_limit"),
          bandwidthLimit: optionalInteger(b.bandwidthLimit, "bandwidth_limit"),
        });
        return ok(addressCheckJson(core.network.check(params.address!)));
      },
    },
    {
      method: "POST",
      path: `${BASE}/addresses/:address/consume`,
      scope: null,
      handler: ({ params, body }) => {
        control.consumeEnergy(params.address!, parseInteger(asObject(body).energy, "energy"));
        return ok(addressCheckJson(core.network.check(parseAddress(params.address))));
      },
    },
    {
      method: "POST",
      path: `${BASE}/clock/advance`,
      scope: null,
      handler: async ({ body }) => {
        const { ms } = asObject(body);
        if (typeof ms !== "number") throw badRequest("request.invalid_ms", "ms must be a number");
        await control.advanceClock(ms);
        return ok({ now: new Date(core.clock.now()).toISOString() });
      },
    },
    {
      method: "POST",
      path: `${BASE}/orders/settle`,
      scope: null,
      handler: async ({ body }) => {
        await control.settleOrders((asObject(body).outcome ?? "planned") as "planned" | "failed");
        return noContent;
      },
    },
    {
      method: "POST",
      path: `${BASE}/accounts/:id/pause-rules-for-balance`,
      scope: null,
      handler: ({ params }) => ok({ paused: control.pauseRulesForBalance(params.id!) }),
    },
    {
      method: "POST",
      path: `${BASE}/fail-next-order`,
      scope: null,
      handler: ({ body }) => {
        control.failNextOrder(asObject(body).mode as "sync" | "async");
        return noContent;
      },
    },
    {
      method: "POST",
      path: `${BASE}/fail-next-rule-cancel`,
      scope: null,
      handler: () => {
        control.failNextRuleCancel();
        return noContent;
      },
    },
    {
      method: "POST",
      path: `${BASE}/checker`,
      scope: null,
      handler: ({ body }) => {
        control.setCheckerAvailable(parseBoolean(asObject(body).available, "available", true));
        return noContent;
      },
    },
    {
      method: "POST",
      path: `${BASE}/webhooks`,
      scope: null,
      handler: ({ body }) => {
        const b = asObject(body);
        return { status: 201, body: control.createWebhook(typeof b.accountId === "string" ? b.accountId : "", typeof b.url === "string" ? b.url : "") };
      },
    },
    {
      method: "POST",
      path: `${BASE}/webhooks/flush`,
      scope: null,
      handler: async () => {
        await control.flushWebhooks();
        return noContent;
      },
    },
    { method: "GET", path: `${BASE}/deliveries`, scope: null, handler: ({ query }) => ok(control.deliveries(query.get("webhookId") ?? undefined)) },
  ];
}
