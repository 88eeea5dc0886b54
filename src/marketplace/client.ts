/**
 * One method per endpoint of the spec. A `PublicClient` calls the key-less endpoints; a
 * `MarketplaceClient` is bound to one user's API key and also has the public methods (which never
 * send the key). Responses are validated with the schemas; a body that does not fit becomes a
 * MarketplaceError of kind "invalid_response".
 */
import type { z } from "zod";
import { toBigInt } from "../tron/volume.js";
import type { TtlCache } from "./cache.js";
import { MarketplaceError } from "./errors.js";
import { isUsableHeaderValue, type HttpCall, type HttpTransport } from "./http.js";
import { iterateOrders, type IterateOrdersOptions } from "./pagination.js";
import { pathSegment } from "./paths.js";
import { RESPONSE_LIMITS } from "./response-limits.js";
import {
  addressCheckSchema,
  automationOptionsSchema,
  automationRuleListSchema,
  automationRuleSchema,
  balanceSchema,
  blogPostSchema,
  depositAddressSchema,
  sandboxWebhookSchema,
  firingPreviewSchema,
  orderOptionsSchema,
  orderPageSchema,
  orderPreviewSchema,
  orderSchema,
  orderStatsSchema,
  ruleFiringListSchema,
  type AddressCheck,
  type AutomationOptions,
  type AutomationRule,
  type Balance,
  type BlogPost,
  type DepositAddress,
  type FiringPreview,
  type Order,
  type OrderOptions,
  type OrderPage,
  type OrderPreview,
  type OrderStats,
  type RuleFiring,
} from "./schemas.js";

export interface CallOptions {
  /** Cancels the call (and its retries); the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
}

export interface CachedCallOptions extends CallOptions {
  /** Skip the short-lived cache and read the server's current values. */
  fresh?: boolean;
}

/** An int64 volume: bigint, a safe integer, or a decimal integer string. */
export type VolumeInput = bigint | number | string;

export interface PlaceOrderBody {
  targetAddress: string;
  duration: string;
  volume?: VolumeInput;
  /** energy or bandwidth; the server's default applies when omitted. */
  resource?: string | null;
}

export interface PlaceOrderOptions extends CallOptions {
  /** Required; reuse the same key to retry the same order (the client never invents one). */
  idempotencyKey: string;
}

export interface ListOrdersQuery {
  page?: number;
  pageSize?: number;
}

export interface PreviewOrderQuery {
  volume: VolumeInput;
  /** A duration value from orderOptions(). */
  days: string;
  resource?: string;
  target?: string;
}

export interface RefillBody {
  targetAddress: string;
  minimal: VolumeInput;
  volume: VolumeInput;
  duration: string;
  autoResume?: boolean;
}

export interface RenewalBody {
  targetAddress: string;
  volume: VolumeInput;
  autoResume?: boolean;
}

export interface SmartBody {
  targetAddress: string;
  autoResume?: boolean;
}

export interface PreviewFiringQuery {
  volume?: VolumeInput;
  duration?: string;
  /** refill (the server's default) or smart. */
  type?: "refill" | "smart" | (string & {});
}

export interface PublicClient {
  checkAddress(address: string, options?: CallOptions): Promise<AddressCheck>;
  /** Kept a few minutes: a long post is read page by page, each page a tap. */
  blogPost(slug: string, locale?: string, options?: CachedCallOptions): Promise<BlogPost>;
}

export interface MarketplaceClient extends PublicClient {
  placeOrder(body: PlaceOrderBody, options: PlaceOrderOptions): Promise<Order>;
  listOrders(query?: ListOrdersQuery, options?: CallOptions): Promise<OrderPage>;
  /** Pages of orders, newest first, until the total is reached (or maxPages). */
  iterateOrders(options?: IterateOrdersOptions): AsyncGenerator<OrderPage, void, undefined>;
  getOrder(id: string, options?: CallOptions): Promise<Order>;
  previewOrder(query: PreviewOrderQuery, options?: CallOptions): Promise<OrderPreview>;
  orderStats(options?: CallOptions): Promise<OrderStats>;
  orderOptions(options?: CachedCallOptions): Promise<OrderOptions>;

  createRefill(body: RefillBody, options?: CallOptions): Promise<AutomationRule>;
  createRenewal(body: RenewalBody, options?: CallOptions): Promise<AutomationRule>;
  enableSmart(body: SmartBody, options?: CallOptions): Promise<AutomationRule>;
  listRules(options?: CallOptions): Promise<AutomationRule[]>;
  ruleOptions(options?: CachedCallOptions): Promise<AutomationOptions>;
  previewFiring(query?: PreviewFiringQuery, options?: CallOptions): Promise<FiringPreview>;
  ruleFires(id: string, options?: CallOptions): Promise<RuleFiring[]>;
  pauseRule(id: string, options?: CallOptions): Promise<AutomationRule>;
  resumeRule(id: string, options?: CallOptions): Promise<AutomationRule>;
  cancelRule(id: string, options?: CallOptions): Promise<AutomationRule>;

  balance(options?: CallOptions): Promise<Balance>;
  depositAddress(options?: CallOptions): Promise<DepositAddress>;

  /**
   * Sandbox only (the spec leaves endpoint creation to the dashboard): POST /webhooks creates an
   * endpoint delivering to `url` and answers its id and signing secret.
   */
  createSandboxWebhook(url: string, options?: CallOptions): Promise<{ id: string; secret: string }>;
  pingWebhook(id: string, options?: CallOptions): Promise<void>;
  deleteWebhook(id: string, options?: CallOptions): Promise<void>;
}

/** Caches the factory shares between the clients of all keys. */
export interface OptionsCaches {
  orderOptions: TtlCache<OrderOptions>;
  ruleOptions: TtlCache<AutomationOptions>;
  /** Blog posts by language and slug (public: not per key). */
  blogPosts: TtlCache<BlogPost>;
}

function volume(value: VolumeInput | undefined): bigint | undefined {
  return value === undefined ? undefined : toBigInt(value);
}

function describeIssues(error: z.ZodError): string {
  const shown = error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.map(String).join(".") || "(body)"}: ${issue.message}`)
    .join("; ");
  return error.issues.length > 3 ? `${shown}; …` : shown;
}

/** Sends the call and validates the body; a misfit is an `invalid_response`, never a zod error. */
async function send<S extends z.ZodType>(http: HttpTransport, schema: S, call: HttpCall): Promise<z.output<S>> {
  const body = await http.request(call);
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  throw new MarketplaceError(
    "invalid_response",
    `${call.method} /api/v1${call.path}: unexpected response (${describeIssues(result.error)})`,
    undefined,
    undefined,
    undefined,
    undefined,
    { cause: result.error },
  );
}

/** Lets one caller stop waiting for a shared (cached) promise without cancelling it for others. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return abortedWith(signal);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => resolve(abortedWith<T>(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

/**
 * A promise rejected with the signal's reason as it is (an AbortSignal's reason may be any value):
 * throwIfAborted throws it inside the executor, which turns the throw into the rejection.
 */
function abortedWith<T>(signal: AbortSignal): Promise<T> {
  return new Promise<T>(() => signal.throwIfAborted());
}

export class PublicApi implements PublicClient {
  readonly #http: HttpTransport;
  readonly #posts: TtlCache<BlogPost>;

  constructor(http: HttpTransport, caches: Pick<OptionsCaches, "blogPosts">) {
    this.#http = http;
    this.#posts = caches.blogPosts;
  }

  checkAddress(address: string, options: CallOptions = {}): Promise<AddressCheck> {
    return send(this.#http, addressCheckSchema, {
      method: "GET",
      path: "/address-checker",
      query: { address },
      replay: "safe",
      expectJson: true,
      maxBytes: RESPONSE_LIMITS.single,
      signal: options.signal,
    });
  }

  async blogPost(slug: string, locale?: string, options: CachedCallOptions = {}): Promise<BlogPost> {
    const path = `/blog/posts/${pathSegment(slug, "text")}`;
    const key = JSON.stringify([locale ?? null, slug]);
    if (options.fresh) this.#posts.delete(key);
    const shared = this.#posts.get(key, () => send(this.#http, blogPostSchema, { method: "GET", path, query: { locale }, replay: "safe", expectJson: true, maxBytes: RESPONSE_LIMITS.blogPost }));
    return untilAborted(shared, options.signal);
  }
}

export class KeyedApi extends PublicApi implements MarketplaceClient {
  readonly #http: HttpTransport;
  /** Kept in a private field: not enumerable, not printed by util.inspect or JSON.stringify. */
  readonly #apiKey: string;
  readonly #cacheKey: string;
  readonly #caches: OptionsCaches;

  constructor(http: HttpTransport, apiKey: string, caches: OptionsCaches, cacheKey: string) {
    super(http, caches);
    if (!isUsableHeaderValue(apiKey)) {
      // The key itself is never part of the message.
      throw new RangeError("the API key is empty or contains characters not allowed in an HTTP header");
    }
    this.#http = http;
    this.#apiKey = apiKey;
    this.#caches = caches;
    this.#cacheKey = cacheKey;
  }

  /** `maxBytes`: what the spec lets this answer hold (response-limits.ts); one resource unless said. */
  #get<S extends z.ZodType>(schema: S, path: string, query: HttpCall["query"], options: CallOptions, maxBytes: number = RESPONSE_LIMITS.single): Promise<z.output<S>> {
    return send(this.#http, schema, {
      method: "GET",
      path,
      query,
      apiKey: this.#apiKey,
      replay: "safe",
      expectJson: true,
      maxBytes,
      signal: options.signal,
    });
  }

  /** A POST without idempotency: sent once; a lost answer is `ambiguous`. */
  #post<S extends z.ZodType>(schema: S, path: string, body: unknown, options: CallOptions): Promise<z.output<S>> {
    return send(this.#http, schema, {
      method: "POST",
      path,
      body,
      apiKey: this.#apiKey,
      replay: "never",
      expectJson: true,
      maxBytes: RESPONSE_LIMITS.single,
      signal: options.signal,
    });
  }

  async #noContent(method: "POST" | "DELETE", path: string, options: CallOptions): Promise<void> {
    await this.#http.request({
      method,
      path,
      apiKey: this.#apiKey,
      replay: "never",
      expectJson: false,
      maxBytes: RESPONSE_LIMITS.single,
      signal: options.signal,
    });
  }

  async placeOrder(body: PlaceOrderBody, options: PlaceOrderOptions): Promise<Order> {
    const { idempotencyKey } = options;
    if (typeof idempotencyKey !== "string" || !isUsableHeaderValue(idempotencyKey)) {
      throw new RangeError("placeOrder needs an Idempotency-Key (a non-empty header-safe string)");
    }
    return send(this.#http, orderSchema, {
      method: "POST",
      path: "/orders",
      body: {
        resource: body.resource ?? undefined,
        targetAddress: body.targetAddress,
        volume: volume(body.volume),
        duration: body.duration,
      },
      apiKey: this.#apiKey,
      idempotencyKey,
      replay: "keyed",
      expectJson: true,
      maxBytes: RESPONSE_LIMITS.single,
      signal: options.signal,
    });
  }

  listOrders(query: ListOrdersQuery = {}, options: CallOptions = {}): Promise<OrderPage> {
    return this.#get(orderPageSchema, "/orders", { page: query.page, pageSize: query.pageSize }, options, RESPONSE_LIMITS.orderPage);
  }

  iterateOrders(options: IterateOrdersOptions = {}): AsyncGenerator<OrderPage, void, undefined> {
    return iterateOrders((query, callOptions) => this.listOrders(query, callOptions), options);
  }

  async getOrder(id: string, options: CallOptions = {}): Promise<Order> {
    return this.#get(orderSchema, `/orders/${pathSegment(id)}`, undefined, options);
  }

  async previewOrder(query: PreviewOrderQuery, options: CallOptions = {}): Promise<OrderPreview> {
    const params = { volume: volume(query.volume), days: query.days, resource: query.resource, target: query.target };
    return this.#get(orderPreviewSchema, "/orders/preview", params, options);
  }

  orderStats(options: CallOptions = {}): Promise<OrderStats> {
    return this.#get(orderStatsSchema, "/orders/stats", undefined, options);
  }

  orderOptions(options: CachedCallOptions = {}): Promise<OrderOptions> {
    const cache = this.#caches.orderOptions;
    if (options.fresh) cache.delete(this.#cacheKey);
    const shared = cache.get(this.#cacheKey, () => this.#get(orderOptionsSchema, "/orders/options", undefined, {}));
    return untilAborted(shared, options.signal);
  }

  async createRefill(body: RefillBody, options: CallOptions = {}): Promise<AutomationRule> {
    const payload = {
      targetAddress: body.targetAddress,
      minimal: volume(body.minimal),
      volume: volume(body.volume),
      duration: body.duration,
      autoResume: body.autoResume,
    };
    return this.#post(automationRuleSchema, "/automations", payload, options);
  }

  async createRenewal(body: RenewalBody, options: CallOptions = {}): Promise<AutomationRule> {
    const payload = { targetAddress: body.targetAddress, volume: volume(body.volume), autoResume: body.autoResume };
    return this.#post(automationRuleSchema, "/automations/renewal", payload, options);
  }

  enableSmart(body: SmartBody, options: CallOptions = {}): Promise<AutomationRule> {
    const payload = { targetAddress: body.targetAddress, autoResume: body.autoResume };
    return this.#post(automationRuleSchema, "/automations/smart", payload, options);
  }

  listRules(options: CallOptions = {}): Promise<AutomationRule[]> {
    return this.#get(automationRuleListSchema, "/automations", undefined, options, RESPONSE_LIMITS.ruleList);
  }

  ruleOptions(options: CachedCallOptions = {}): Promise<AutomationOptions> {
    const cache = this.#caches.ruleOptions;
    if (options.fresh) cache.delete(this.#cacheKey);
    const shared = cache.get(this.#cacheKey, () => this.#get(automationOptionsSchema, "/automations/options", undefined, {}));
    return untilAborted(shared, options.signal);
  }

  async previewFiring(query: PreviewFiringQuery = {}, options: CallOptions = {}): Promise<FiringPreview> {
    const params = { volume: volume(query.volume), duration: query.duration, type: query.type };
    return this.#get(firingPreviewSchema, "/automations/preview", params, options);
  }

  async ruleFires(id: string, options: CallOptions = {}): Promise<RuleFiring[]> {
    return this.#get(ruleFiringListSchema, `/automations/${pathSegment(id)}/fires`, undefined, options, RESPONSE_LIMITS.ruleFires);
  }

  async pauseRule(id: string, options: CallOptions = {}): Promise<AutomationRule> {
    return this.#post(automationRuleSchema, `/automations/${pathSegment(id)}/pause`, undefined, options);
  }

  async resumeRule(id: string, options: CallOptions = {}): Promise<AutomationRule> {
    return this.#post(automationRuleSchema, `/automations/${pathSegment(id)}/resume`, undefined, options);
  }

  async cancelRule(id: string, options: CallOptions = {}): Promise<AutomationRule> {
    return this.#post(automationRuleSchema, `/automations/${pathSegment(id)}/cancel`, undefined, options);
  }

  balance(options: CallOptions = {}): Promise<Balance> {
    return this.#get(balanceSchema, "/wallet/balance", undefined, options);
  }

  depositAddress(options: CallOptions = {}): Promise<DepositAddress> {
    return this.#get(depositAddressSchema, "/wallet/deposit-address", undefined, options);
  }

  createSandboxWebhook(url: string, options: CallOptions = {}): Promise<{ id: string; secret: string }> {
    return this.#post(sandboxWebhookSchema, "/webhooks", { url }, options);
  }

  async pingWebhook(id: string, options: CallOptions = {}): Promise<void> {
    await this.#noContent("POST", `/webhooks/${pathSegment(id)}/ping`, options);
  }

  async deleteWebhook(id: string, options: CallOptions = {}): Promise<void> {
    await this.#noContent("DELETE", `/webhooks/${pathSegment(id)}`, options);
  }
}
