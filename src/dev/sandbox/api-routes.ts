/** Every endpoint of the spec under /api/v1, plus the sandbox-only POST /api/v1/webhooks. */
import { sunToTrx } from "../../tron/amounts.js";
import { firingJson, firingQuote, parseFiringPreview, parseRuleInput, ruleJson, type RuleType } from "./automations.js";
import { findBlogPost } from "./blog-posts.js";
import type { SandboxCore } from "./core.js";
import type { AddressCheck } from "./network.js";
import { ApiError, badRequest } from "./errors.js";
import { orderJson, parseOrderInput, parsePreviewQuery } from "./orders.js";
import { ACTIVATION_SUN, AUTOMATION_OPTIONS, ORDER_OPTIONS, RESOURCES } from "./pricing.js";
import { noContent, ok, type Route } from "./server.js";
import { asObject, parseAddress, parsePositiveInt } from "./validation.js";
import { wireInt } from "./wire.js";

const MAX_PAGE_SIZE = 100;
const API = "/api/v1";

export function apiRoutes(core: SandboxCore): Route[] {
  const { accounts, network, orders, automations, webhooks } = core;

  const createRule = (type: RuleType): Route => ({
    method: "POST",
    path: `${API}/automations${type === "auto-refill" ? "" : type === "auto-renewal" ? "/renewal" : "/smart"}`,
    scope: "purchase",
    handler: ({ key, body }) => ok(ruleJson(automations.create(key.accountId, key.id, parseRuleInput(type, body)))),
  });

  const ruleAction = (action: "pause" | "resume" | "cancel"): Route => ({
    method: "POST",
    path: `${API}/automations/:id/${action}`,
    scope: "purchase",
    handler: ({ key, params }) => ok(ruleJson(automations[action](key.accountId, params.id!))),
  });

  return [
    // Orders: the literal paths come before /orders/:id.
    {
      method: "GET",
      path: `${API}/orders/preview`,
      scope: "read",
      handler: ({ key, query }) => ok(orders.preview(key.accountId, parsePreviewQuery(query))),
    },
    { method: "GET", path: `${API}/orders/stats`, scope: "read", handler: ({ key }) => ok(orders.stats(key.accountId)) },
    {
      method: "GET",
      path: `${API}/orders/options`,
      scope: "read",
      handler: () =>
        ok({
          resources: RESOURCES.map((resource) => {
            const o = ORDER_OPTIONS[resource];
            return { resource, durations: o.durations, unit: wireInt(o.unit), minVolume: wireInt(o.minVolume), maxVolume: wireInt(o.maxVolume) };
          }),
          activationMaxTrx: sunToTrx(ACTIVATION_SUN),
        }),
    },
    {
      method: "POST",
      path: `${API}/orders`,
      scope: "purchase",
      handler: ({ key, body, header }) => ok(orderJson(orders.place(key.accountId, key.id, header("idempotency-key"), parseOrderInput(body)))),
    },
    {
      method: "GET",
      path: `${API}/orders`,
      scope: "read",
      handler: ({ key, query }) => {
        const page = parsePositiveInt(query.get("page"), "page", 1);
        const pageSize = parsePositiveInt(query.get("pageSize"), "pageSize", 20);
        if (pageSize > MAX_PAGE_SIZE) throw badRequest("request.page_size_too_large", `pageSize must be at most ${MAX_PAGE_SIZE}`);
        const { items, total } = orders.list(key.accountId, page, pageSize);
        return ok({ items: items.map(orderJson), page, pageSize, total });
      },
    },
    { method: "GET", path: `${API}/orders/:id`, scope: "read", handler: ({ key, params }) => ok(orderJson(orders.get(key.accountId, params.id!))) },

    // Automations.
    createRule("auto-refill"),
    createRule("auto-renewal"),
    createRule("smart"),
    { method: "GET", path: `${API}/automations`, scope: "read", handler: ({ key }) => ok(automations.list(key.accountId).map(ruleJson)) },
    {
      method: "GET",
      path: `${API}/automations/options`,
      scope: "read",
      handler: () =>
        ok({
          durations: AUTOMATION_OPTIONS.durations,
          energyUnit: wireInt(AUTOMATION_OPTIONS.energyUnit),
          minVolume: wireInt(AUTOMATION_OPTIONS.minVolume),
          maxVolume: wireInt(AUTOMATION_OPTIONS.maxVolume),
          renewalMinVolume: wireInt(AUTOMATION_OPTIONS.renewalMinVolume),
          renewalMaxVolume: wireInt(AUTOMATION_OPTIONS.renewalMaxVolume),
        }),
    },
    {
      method: "GET",
      path: `${API}/automations/preview`,
      scope: "read",
      handler: ({ query }) => {
        const q = firingQuote(parseFiringPreview(query), core.market.percent);
        return ok({ priceTrx: sunToTrx(q.priceSun), baseCostTrx: sunToTrx(q.baseSun), commissionTrx: sunToTrx(q.commissionSun) });
      },
    },
    {
      method: "GET",
      path: `${API}/automations/:id/fires`,
      scope: "read",
      handler: ({ key, params }) => ok(automations.get(key.accountId, params.id!).firings.map(firingJson)),
    },
    ruleAction("pause"),
    ruleAction("resume"),
    ruleAction("cancel"),

    // Wallet.
    {
      method: "GET",
      path: `${API}/wallet/balance`,
      scope: "read",
      handler: ({ key }) => {
        const account = accounts.get(key.accountId);
        return ok({ usdtTrc20: sunToTrx(account.usdtSun), trx: sunToTrx(account.trxSun) });
      },
    },
    {
      method: "GET",
      path: `${API}/wallet/deposit-address`,
      scope: "read",
      handler: ({ key }) =>
        ok({
          network: "TRC20",
          address: accounts.depositAddress(key.accountId),
          minimums: [
            { currency: "TRX", amount: "10" },
            { currency: "USDT", amount: "5" },
          ],
        }),
    },

    // Public.
    {
      method: "GET",
      path: `${API}/address-checker`,
      scope: null,
      handler: ({ query }) => {
        const address = parseAddress(query.get("address"), "address_checker.invalid_address");
        if (!core.checkerAvailable) throw new ApiError(503, "address_checker.unavailable", "the TRON node is unreachable; try again later");
        return ok(addressCheckJson(network.check(address)));
      },
    },
    { method: "GET", path: `${API}/blog/posts/:slug`, scope: null, handler: ({ params, query }) => ok(findBlogPost(params.slug!, query.get("locale"))) },

    // Webhooks (creation is sandbox-only; the spec has ping and delete).
    {
      method: "POST",
      path: `${API}/webhooks`,
      scope: "full",
      handler: ({ key, body }) => {
        const { url } = asObject(body);
        const endpoint = webhooks.create(key.accountId, typeof url === "string" ? url : "");
        return { status: 201, body: { id: endpoint.id, url: endpoint.url, secret: endpoint.secret } };
      },
    },
    {
      method: "POST",
      path: `${API}/webhooks/:id/ping`,
      scope: "full",
      handler: ({ key, params }) => {
        webhooks.ping(key.accountId, params.id!);
        return noContent;
      },
    },
    {
      method: "DELETE",
      path: `${API}/webhooks/:id`,
      scope: "full",
      handler: ({ key, params }) => {
        webhooks.remove(key.accountId, params.id!);
        return noContent;
      },
    },
  ];
}

export function addressCheckJson(check: AddressCheck) {
  return {
    address: check.address,
    activated: check.activated,
    energyLimit: wireInt(check.energy.limit),
    energyUsed: wireInt(check.energy.used),
    energyAvailable: wireInt(check.energy.available),
    bandwidthLimit: wireInt(check.bandwidth.limit),
    bandwidthUsed: wireInt(check.bandwidth.used),
    bandwidthAvailable: wireInt(check.bandwidth.available),
  };
}
