/** Webhook endpoints and their delivery queue: Standard Webhooks signatures, retries with backoff, a log. */
import { randomBytes, randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { isoAt, type Clock } from "./clock.js";
import { badRequest, notFound } from "./errors.js";
import { newWebhookSecret, signStandardWebhook } from "./sign.js";

export type EventType = "order.filled" | "order.failed" | "webhook.ping";

export interface WebhookEndpoint {
  id: string;
  accountId: string;
  url: string;
  secret: string;
  removed: AbortController;
}

export interface DeliveryRecord {
  webhookId: string;
  eventId: string;
  type: string;
  attempt: number;
  status: number | "error";
  at: number;
}

interface Event {
  id: string;
  type: EventType;
  body: string;
}

export class Webhooks {
  private readonly endpoints = new Map<string, WebhookEndpoint>();
  private readonly log: DeliveryRecord[] = [];
  private readonly pending = new Set<Promise<void>>();
  private readonly stopping = new AbortController();

  constructor(
    private readonly clock: Clock,
    private readonly retryDelaysMs: readonly number[],
    private readonly timeoutMs = 5_000,
  ) {}

  create(accountId: string, url: string): WebhookEndpoint {
    if (!isHttpUrl(url)) throw badRequest("request.invalid_url", "url must be an absolute http(s) URL");
    const endpoint: WebhookEndpoint = { id: randomUUID(), accountId, url, secret: newWebhookSecret(), removed: new AbortController() };
    this.endpoints.set(endpoint.id, endpoint);
    return endpoint;
  }

  /** The account's endpoint, or 404 for an unknown or foreign id. */
  get(accountId: string, id: string): WebhookEndpoint {
    const endpoint = this.endpoints.get(id);
    if (!endpoint || endpoint.accountId !== accountId) throw notFound("webhook.not_found", `no webhook endpoint ${id}`);
    return endpoint;
  }

  remove(accountId: string, id: string): void {
    const endpoint = this.get(accountId, id);
    endpoint.removed.abort();
    this.endpoints.delete(id);
  }

  ping(accountId: string, id: string): void {
    this.enqueue([this.get(accountId, id)], "webhook.ping", {});
  }

  /** Queues an event to every endpoint of the account. */
  emit(accountId: string, type: EventType, data: Record<string, unknown>): void {
    this.enqueue([...this.endpoints.values()].filter((e) => e.accountId === accountId), type, data);
  }

  deliveries(webhookId?: string): DeliveryRecord[] {
    return this.log.filter((d) => webhookId === undefined || d.webhookId === webhookId);
  }

  /** Resolves once every queued delivery has succeeded, run out of retries, or been cancelled. */
  async flush(): Promise<void> {
    while (this.pending.size > 0) await Promise.allSettled([...this.pending]);
  }

  stop(): void {
    this.stopping.abort();
  }

  private enqueue(endpoints: WebhookEndpoint[], type: EventType, data: Record<string, unknown>): void {
    if (endpoints.length === 0 || this.stopping.signal.aborted) return;
    const id = `msg_${randomBytes(18).toString("base64url")}`;
    const event: Event = { id, type, body: JSON.stringify({ id, type, createdAt: isoAt(this.clock.now()), data }) };
    for (const endpoint of endpoints) {
      const job = this.deliver(endpoint, event).finally(() => this.pending.delete(job));
      this.pending.add(job);
    }
  }

  private async deliver(endpoint: WebhookEndpoint, event: Event): Promise<void> {
    const cancelled = AbortSignal.any([this.stopping.signal, endpoint.removed.signal]);
    for (let attempt = 1; !cancelled.aborted; attempt++) {
      const status = await this.attempt(endpoint, event, cancelled);
      if (cancelled.aborted) return;
      this.log.push({ webhookId: endpoint.id, eventId: event.id, type: event.type, attempt, status, at: this.clock.now() });
      if (typeof status === "number" && status >= 200 && status < 300) return;
      const delay = this.retryDelaysMs[attempt - 1];
      if (delay === undefined) return;
      try {
        await sleep(delay, undefined, { signal: cancelled, ref: false });
      } catch {
        return;
      }
    }
  }

  private async attempt(endpoint: WebhookEndpoint, event: Event, cancelled: AbortSignal): Promise<number | "error"> {
    const timestamp = Math.floor(this.clock.baseNow() / 1000);
    try {
      const response = await fetch(endpoint.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "tron-marketplace-sandbox",
          "webhook-id": event.id,
          "webhook-timestamp": String(timestamp),
          "webhook-signature": signStandardWebhook(endpoint.secret, event.id, timestamp, event.body),
        },
        body: event.body,
        redirect: "manual",
        signal: AbortSignal.any([cancelled, AbortSignal.timeout(this.timeoutMs)]),
      });
      await response.body?.cancel();
      return response.status;
    } catch {
      return "error";
    }
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}
