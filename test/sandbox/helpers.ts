/** Shared helpers for the sandbox contract tests: a fresh sandbox per test, a tiny JSON client, addresses. */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, onTestFinished } from "vitest";
import type { addressCheckJson } from "../../src/dev/sandbox/api-routes.js";
import type { firingJson, ruleJson } from "../../src/dev/sandbox/automations.js";
import type { findBlogPost } from "../../src/dev/sandbox/blog-posts.js";
import type { ProblemBody } from "../../src/dev/sandbox/errors.js";
import { startSandbox, type Sandbox, type SandboxControl, type SandboxOptions } from "../../src/dev/sandbox/index.js";
import type { orderJson, Orders } from "../../src/dev/sandbox/orders.js";
import type { LedgerKind } from "../../src/dev/sandbox/state.js";
import { tronAddressFromAccountId } from "../../src/tron/address.js";

/**
 * A reply with its JSON body parsed. `T` is the shape the test expects (see the Wire* types below);
 * it is not checked at run time: the tests' assertions check the values field by field.
 */
export interface Reply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/** JSON text as the shape the test expects (a webhook delivery, an embedded document); not checked at run time. */
export function parseJson<T>(text: string): T {
  return JSON.parse(text) as T;
}

/*
 * vitest's asymmetric matchers, typed `unknown` rather than vitest's `any`, so they sit in an
 * expected-object literal without an unsafe `any` assignment.
 */
export const matching = (pattern: RegExp): unknown => expect.stringMatching(pattern);
export const containing = (text: string): unknown => expect.stringContaining(text);
export const aString = (): unknown => expect.any(String);

// The wire shapes of the API, as the sandbox writes them.
export type WireOrder = ReturnType<typeof orderJson>;
export interface WireOrderPage {
  items: WireOrder[];
  page: number;
  pageSize: number;
  total: number;
}
export type WireOrderPreview = ReturnType<Orders["preview"]>;
export type WireOrderStats = ReturnType<Orders["stats"]>;
export type WireRule = ReturnType<typeof ruleJson>;
export type WireFiring = ReturnType<typeof firingJson>;
export interface WireFiringPreview {
  priceTrx: string;
  baseCostTrx: string;
  commissionTrx: string;
}
export type WireAddressCheck = ReturnType<typeof addressCheckJson>;
export type WireBlogPost = ReturnType<typeof findBlogPost>;
export interface WireBalance {
  usdtTrc20: string;
  trx: string;
}
export interface WireDepositAddress {
  network: string;
  address: string;
  minimums: Array<{ currency: string; amount: string }>;
}
export interface WireWebhook {
  id: string;
  url: string;
  secret: string;
}
/** A webhook delivery's body. */
export interface WireEvent {
  id: string;
  type: string;
  createdAt: string;
  data: { order?: WireOrder };
}
export type Problem = ProblemBody;

// The control API's shapes (/_sandbox): bigints travel as strings.
export interface ControlAccount {
  accountId: string;
  balance: { trx: string; usdt: string };
  orderCount: number;
  ledger: Array<{ kind: string; sun: string; orderId?: string; ruleId?: string; at: number }>;
}
export type ControlNewAccount = Pick<ControlAccount, "accountId">;
export interface ControlKey {
  key: string;
}
export interface ControlWebhook {
  id: string;
  secret: string;
}
export type ControlDelivery = ReturnType<SandboxControl["deliveries"]>[number];

/** 2025-01-15T12:00:00Z: a fixed base clock, so time only moves through advanceClock. */
export const T0 = Date.UTC(2025, 0, 15, 12);
export const HOUR = 3_600_000;
export const DAY = 24 * HOUR;

export async function sandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const sb = await startSandbox({ now: () => T0, fillDelayMs: 1_000, webhookRetryDelaysMs: [20, 40, 80], ...options });
  onTestFinished(() => sb.stop());
  return sb;
}

export type Call = <T = unknown>(
  method: string,
  path: string,
  init?: { body?: unknown; raw?: string; headers?: Record<string, string> },
) => Promise<Reply<T>>;

export function client(base: string, key?: string): Call {
  return async <T>(method: string, path: string, init: Parameters<Call>[2] = {}): Promise<Reply<T>> => {
    const headers: Record<string, string> = { ...init.headers };
    if (key !== undefined) headers["x-api-key"] = key;
    let body: string | undefined = init.raw;
    if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers["content-type"] = "application/json";
    }
    const response = await fetch(`${base}${path}`, { method, headers, body });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T, headers: response.headers };
  };
}

export interface AccountFixture {
  accountId: string;
  keys: { read: string; purchase: string; full: string };
  read: Call;
  purchase: Call;
  full: Call;
}

export function account(sb: Sandbox, trx = "100"): AccountFixture {
  const { accountId } = sb.control.createAccount({ trx });
  const keys = {
    read: sb.control.createKey(accountId, { scope: "read" }).key,
    purchase: sb.control.createKey(accountId, { scope: "purchase" }).key,
    full: sb.control.createKey(accountId, { scope: "full" }).key,
  };
  return { accountId, keys, read: client(sb.url, keys.read), purchase: client(sb.url, keys.purchase), full: client(sb.url, keys.full) };
}

export function newAddress(): string {
  return tronAddressFromAccountId(randomBytes(20));
}

let idempotencySeq = 0;
export function order(call: Call, body: Record<string, unknown>, idempotencyKey = `idem-${++idempotencySeq}`): Promise<Reply<WireOrder>> {
  return call<WireOrder>("POST", "/api/v1/orders", { body, headers: { "idempotency-key": idempotencyKey } });
}

export function expectProblem(reply: Reply, status: number, code: string): void {
  if (reply.status !== status || problemCode(reply.body) !== code) {
    throw new Error(`expected ${status} ${code}, got ${reply.status} ${JSON.stringify(reply.body)}`);
  }
}

function problemCode(body: unknown): unknown {
  return typeof body === "object" && body !== null && "code" in body ? body.code : undefined;
}

/** Sum of the ledger by kind, in SUN. */
export function ledgerTotals(sb: Sandbox, accountId: string): Record<LedgerKind, bigint> {
  const totals = { deposit: 0n, charge: 0n, refund: 0n, fire: 0n, withdraw: 0n };
  for (const entry of sb.control.ledger(accountId)) totals[entry.kind] += entry.sun;
  return totals;
}

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** A local webhook receiver answering with the given statuses in turn (the last one repeats). */
export async function receiver(statuses: number[] = [200]): Promise<{ url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      const status = statuses[Math.min(received.length - 1, statuses.length - 1)] ?? 200;
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  onTestFinished(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, received };
}
