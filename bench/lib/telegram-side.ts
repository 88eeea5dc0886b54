/**
 * The Telegram side of the realistic load: updates offered on a fixed schedule, delivered to the
 * bot's webhook as Telegram delivers them: one chat's updates one at a time (the next only after
 * the webhook answered the previous one) and at most `maxConnections` requests in flight overall.
 * Each update is timed from when it was due ("ready at Telegram", so waiting for the chat or for
 * a free connection counts) to the bot's first reply for that chat, as the fake Bot API records it.
 */
import { Pool } from "undici";
import type { Update } from "grammy/types";
import type { FakeBotApi, RecordedCall } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { sendNext, type ScriptedChat } from "./chat-script.js";

/** The Bot API calls that count as the bot's first reply to an update (sendChatAction does not). */
export const REPLY_METHODS = new Set(["sendMessage", "editMessageText", "sendPhoto", "answerCallbackQuery"]);

export interface Delivery {
  chat: Chat;
  /** Date.now() ms when the update was due at Telegram. */
  due: number;
  kind?: string;
  /** When it could have been sent (due, and the chat's previous update answered). */
  deliverableAt?: number;
  sentAt?: number;
  answeredAt?: number;
  status?: number;
  error?: string;
  firstReplyAt?: number;
  firstReplyMethod?: string;
}

interface Chat extends ScriptedChat {
  pending: Delivery[];
  busy: boolean;
  /** The update the chat's replies belong to: the last one delivered (per-chat order makes this exact). */
  current?: Delivery;
  /** The one delivered before it: a reply that reached the fake before `current` was sent is its. */
  previous?: Delivery;
}

export interface OfferOptions {
  tg: FakeBotApi;
  webhookUrl: string;
  secretToken?: string;
  maxConnections: number;
  chats: ScriptedChat[];
  ratePerSecond: number;
  seconds: number;
}

export class TelegramSide {
  readonly deliveries: Delivery[] = [];
  inFlight = 0;
  maxInFlight = 0;
  private readonly chats = new Map<number, Chat>();
  private readonly byCallbackQuery = new Map<string, Chat>();
  /** Updates taken from the fake Bot API's queue, by id: several chats inject before any takes its own. */
  private readonly taken = new Map<number, Update>();
  private readonly ready: Chat[] = [];
  private readyHead = 0;
  private readonly pool: Pool;
  private readonly path: string;

  constructor(private readonly options: OfferOptions) {
    for (const c of options.chats) this.chats.set(c.id, { ...c, pending: [], busy: false });
    const url = new URL(options.webhookUrl);
    this.path = url.pathname + url.search;
    this.pool = new Pool(url.origin, { connections: options.maxConnections, pipelining: 1, keepAliveTimeout: 30_000 });
  }

  /** For the fake Bot API's onCall: the first reply call of each delivered update. */
  onCall(call: RecordedCall): void {
    if (!REPLY_METHODS.has(call.method)) return;
    const chatId = call.payload.chat_id;
    const chat = chatId !== undefined ? this.chats.get(Number(chatId)) : this.byCallbackQuery.get(String(call.payload.callback_query_id));
    // the fake records a call after its answer delay, with `at` when it arrived: the update the
    // reply belongs to is the one that had been sent by then
    const sentAt = chat?.current?.sentAt;
    const delivery = sentAt === undefined || sentAt > call.at ? chat?.previous : chat?.current;
    if (!delivery || delivery.firstReplyAt !== undefined) return;
    delivery.firstReplyAt = call.at;
    delivery.firstReplyMethod = call.method;
  }

  /** Offers the whole schedule; resolves once every update was delivered and answered (or gave up). */
  async run(): Promise<void> {
    const { ratePerSecond, seconds } = this.options;
    const chats = [...this.chats.values()];
    const total = Math.round(ratePerSecond * seconds);
    const interval = 1000 / ratePerSecond;
    const start = Date.now();
    let next = 0;
    await new Promise<void>((resolve) => {
      const tick = () => {
        const now = Date.now();
        // round-robin over the chats: with 2,000 chats at 1,000/s each chat is due every 2 s
        while (next < total && start + next * interval <= now) {
          const chat = chats[next % chats.length]!;
          const delivery: Delivery = { chat, due: start + next * interval };
          this.deliveries.push(delivery);
          chat.pending.push(delivery);
          if (!chat.busy && chat.pending.length === 1) this.makeReady(chat, now);
          next++;
        }
        this.pump();
        if (next < total) setTimeout(tick, Math.max(0, start + next * interval - Date.now()));
        else resolve();
      };
      tick();
    });
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline && this.deliveries.some((d) => d.answeredAt === undefined)) await sleep(50);
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }

  private makeReady(chat: Chat, now: number): void {
    chat.pending[0]!.deliverableAt = Math.max(now, chat.pending[0]!.due);
    this.ready.push(chat);
  }

  private pump(): void {
    while (this.inFlight < this.options.maxConnections && this.readyHead < this.ready.length) {
      const chat = this.ready[this.readyHead++]!;
      if (this.readyHead > 4096) {
        this.ready.splice(0, this.readyHead);
        this.readyHead = 0;
      }
      void this.deliver(chat);
    }
  }

  private async deliver(chat: Chat): Promise<void> {
    const delivery = chat.pending.shift()!;
    chat.busy = true;
    chat.previous = chat.current;
    chat.current = delivery;
    this.inFlight++;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    try {
      const sent = await sendNext(this.options.tg, chat);
      delivery.kind = sent.kind;
      if (sent.callbackQueryId) this.byCallbackQuery.set(sent.callbackQueryId, chat);
      for (const u of this.options.tg.takeUpdates()) this.taken.set(u.update_id, u);
      const update = this.taken.get(sent.updateId);
      this.taken.delete(sent.updateId);
      if (!update) throw new Error(`update ${sent.updateId} was not queued`);
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (this.options.secretToken) headers["x-telegram-bot-api-secret-token"] = this.options.secretToken;
      delivery.sentAt = Date.now();
      const res = await this.pool.request({ path: this.path, method: "POST", headers, body: JSON.stringify(update), headersTimeout: 60_000, bodyTimeout: 60_000 });
      await res.body.text();
      delivery.status = res.statusCode;
    } catch (err) {
      delivery.error = err instanceof Error ? err.message : String(err);
    }
    delivery.answeredAt = Date.now();
    this.inFlight--;
    chat.busy = false;
    if (chat.pending.length > 0) this.makeReady(chat, delivery.answeredAt);
    this.pump();
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
