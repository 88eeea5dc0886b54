/**
 * A fake Telegram Bot API server speaking real HTTP on 127.0.0.1.
 *
 * Point grammY at it with
 *   new Bot(api.token, { client: { apiRoot: api.apiRoot }, botInfo: api.botInfo })
 * and drive the conversation with `sendText` / `tapButton` / ... while observing
 * what the bot sent through `calls`, `waitForCall`, `messages`, `buttons`, ...
 *
 * Text semantics follow Telegram: with `parse_mode: "HTML"` the stored/returned
 * `text` / `caption` is the rendered plain text (tags removed, `&amp;` decoded,
 * surrounding whitespace trimmed) plus `entities`. The exact payload the bot sent
 * is always available through `calls`. MarkdownV2/Markdown are accepted but not
 * rendered or validated (the text is stored as sent).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as delay } from "node:timers/promises";
import { Agent, request as undiciRequest } from "undici";
import type { Message, Update, UserFromGetMe } from "grammy/types";
import { testBotInfo } from "./bot-info.js";
import { ABORTED, ApiError, CHAT_ACTIONS, DEFAULT_ALLOWED, DEFAULT_TOKEN, MAX_CALLBACK_ANSWER, MAX_CAPTION, MAX_TEXT, NOT_MODIFIED, QUERY_TOO_OLD, RATE_LIMITED, WEBHOOK_MAX_ATTEMPTS, bad, chatIdOf, clone, errMessage, errorBody, getInt, getString, isObj, messageIdOf, normalizePayload, nowSec, promised, type CallContext, type CallWaiter, type ChatState, type ChatType, type Handler, type Json, type MsgRecord, type PendingPoll, type StoredPhoto, type UploadedFile, type UserInfo, updateType } from "./common.js";
import { parseRequest, readBody } from "./request.js";
import { render } from "./formatting.js";
import { flattenButtons, imageSize, inlineMarkup, parseReplyMarkup, summarizeResponse, truncate } from "./markup.js";

/** Telegram HTML as the fake renders it (the playground and the blog tests read it too). */
export { parseTelegramHtml } from "./formatting.js";


// ---------------------------------------------------------------------------
// Public API
// ---------------------------------------------------------------------------

export interface FakeBotApiOptions {
  /** Default "123456:TEST-TOKEN". Requests with another token get 401 Unauthorized. */
  token?: string;
  /** Merged into the default bot user returned by getMe. */
  botInfo?: Partial<UserFromGetMe>;
  /**
   * When set, sendMessage/sendPhoto/editMessageText beyond these rates (sliding
   * 1 s window, overall and per chat) answer 429 with parameters.retry_after.
   */
  rateLimit?: { globalPerSecond: number; perChatPerSecond: number };
  /** Answers every method this long after the request arrived (Telegram is not on loopback); default 0. */
  delayMs?: number;
  /**
   * Default true. When false, a webhook set by the bot is recorded but updates are not delivered:
   * they wait for the caller's own deliverer (`takeUpdates`), e.g. a benchmark delivering several
   * chats at once as Telegram does, where the built-in delivery sends one update at a time.
   */
  deliverWebhook?: boolean;
  /** Called with each call as it is recorded (its `at` is when it arrived), e.g. to time replies. */
  onCall?: (call: RecordedCall) => void;
}

export interface RecordedCall {
  method: string;
  payload: Record<string, unknown>;
  /** Date.now() when the request arrived. */
  at: number;
  /** The JSON body that was sent back ({ ok, result } or { ok:false, error_code, ... }). */
  response: unknown;
}

export type FakeFailure =
  | { code: 429; retryAfter: number }
  | { code: 403; description?: string }
  /** As Telegram answers getUpdates for a revoked token (401) or while another process polls (409). */
  | { code: 401 | 409; description?: string }
  | { code: 400 | 500 | 502; description?: string };

/** A chat member's status (Telegram's ChatMember kinds). */
export type FakeMemberStatus = "creator" | "administrator" | "member" | "restricted" | "left" | "kicked";

/** An administrator's rights that differ from the fake's defaults (all true except can_promote_members and the story rights). */
export type FakeAdminRights = Partial<
  Record<
    | "can_manage_chat"
    | "can_delete_messages"
    | "can_manage_video_chats"
    | "can_restrict_members"
    | "can_promote_members"
    | "can_change_info"
    | "can_invite_users"
    | "can_post_messages"
    | "can_edit_messages"
    | "can_pin_messages",
    boolean
  >
>;

export interface FakeMessage {
  messageId: number;
  from: "bot" | "user";
  text?: string;
  caption?: string;
  /** Present (true) only for photo messages. */
  photo?: boolean;
  /** Present only for document messages (sendDocument): the file's name as uploaded. */
  document?: { fileName: string; mimeType?: string };
  replyMarkup?: unknown;
  deleted: boolean;
  editedCount: number;
}

export interface FakeButton {
  text: string;
  callbackData?: string;
  url?: string;
  switchInlineQuery?: string;
  switchInlineQueryCurrentChat?: string;
  copyText?: string;
}

export interface FakeBotApi {
  readonly apiRoot: string;
  readonly token: string;
  readonly botInfo: UserFromGetMe;

  sendText(input: {
    chatId?: number;
    userId: number;
    text: string;
    languageCode?: string;
    chatType?: "private" | "group" | "supergroup";
    firstName?: string;
    username?: string;
  }): Promise<{ updateId: number; messageId: number }>;
  tap(input: {
    chatId?: number;
    userId: number;
    messageId: number;
    data: string;
    languageCode?: string;
  }): Promise<{ updateId: number; callbackQueryId: string }>;
  tapButton(input: {
    chatId?: number;
    userId: number;
    messageId?: number;
    text: string | RegExp;
    languageCode?: string;
  }): Promise<{ updateId: number; callbackQueryId: string }>;
  inlineQuery(input: { userId: number; query: string; languageCode?: string }): Promise<{ updateId: number; inlineQueryId: string }>;
  myChatMember(input: { userId: number; chatId?: number; status: "member" | "kicked" }): Promise<{ updateId: number }>;
  /**
   * Extra: a group, supergroup or channel as getChat, getChatMember and updates show it (a chat id
   * alone is a group, or a supergroup below -10^12; a channel must be set here).
   */
  setChat(input: { chatId: number; type: "group" | "supergroup" | "channel"; title?: string; username?: string }): void;
  /**
   * Extra: someone's status in a group or channel, as getChatMember and getChatAdministrators answer
   * (the bot is `botInfo.id`). Once the bot's own status is set, sends follow it: left or kicked is
   * 403, and in a channel anything but an administrator who may post is 400.
   */
  setChatMember(input: { chatId: number; userId: number; status: FakeMemberStatus; rights?: FakeAdminRights; firstName?: string; username?: string }): void;
  /**
   * A user's answer to a request_chat keyboard button of the bot: the chat_shared service message in
   * their private chat. Throws (a test error) unless the user's last reply keyboard has a request_chat
   * button with that request_id whose kind (channel or not) and required user rights fit the chat.
   */
  shareChat(input: { userId: number; requestId: number; chatId: number; languageCode?: string }): Promise<{ updateId: number; messageId: number }>;
  injectUpdate(update: Omit<Update, "update_id">): Promise<{ updateId: number }>;

  readonly calls: ReadonlyArray<RecordedCall>;
  callsOf(method: string): RecordedCall[];
  waitForCall(
    method: string | string[],
    predicate?: (payload: Record<string, unknown>) => boolean,
    timeoutMs?: number,
  ): Promise<RecordedCall>;
  messages(chatId: number): FakeMessage[];
  lastBotMessage(chatId: number): FakeMessage | undefined;
  /** Extra: the current Telegram `Message` object of a message (after edits), as the bot would see it. */
  rawMessage(chatId: number, messageId: number): Message | undefined;
  buttons(chatId: number, messageId?: number): FakeButton[];
  photoBytes(chatId: number, messageId: number): Buffer | undefined;
  /** The bytes of a document the bot sent (sendDocument), as uploaded. */
  documentBytes(chatId: number, messageId: number): Buffer | undefined;

  failNext(method: string, failure: FakeFailure, times?: number): void;
  blockChat(chatId: number): void;
  unblockChat(chatId: number): void;
  readonly webhook: { url?: string; secretToken?: string };
  pendingUpdates(): number;
  /** Removes and returns the updates waiting for delivery (for a caller-side deliverer). */
  takeUpdates(): Update[];
  reset(): void;
  stop(): Promise<void>;
}

export async function startFakeBotApi(options: FakeBotApiOptions = {}): Promise<FakeBotApi> {
  const api = new FakeBotApiServer(options);
  await api.listen();
  return api;
}

// ---------------------------------------------------------------------------
// The server
// ---------------------------------------------------------------------------

class FakeBotApiServer implements FakeBotApi {
  readonly token: string;
  readonly botInfo: UserFromGetMe;

  private root = "";
  private readonly server: Server;
  private readonly agent = new Agent({ keepAliveTimeout: 1000, keepAliveMaxTimeout: 1000 });
  private readonly handlers: Map<string, { name: string; fn: Handler }>;
  private readonly rateLimit: FakeBotApiOptions["rateLimit"];
  private readonly delayMs: number;
  private readonly deliverWebhook: boolean;
  private readonly onCall: FakeBotApiOptions["onCall"];

  private readonly callLog: RecordedCall[] = [];
  private consumed = new WeakSet<RecordedCall>();
  private waiters: CallWaiter[] = [];

  private chats = new Map<number, ChatState>();
  private users = new Map<number, UserInfo>();
  private queue: Update[] = [];
  private nextUpdateId = 1001;
  private allowedUpdates: ReadonlySet<string> = DEFAULT_ALLOWED;
  private poll: PendingPoll | undefined;
  private failures = new Map<string, FakeFailure[]>();
  private blocked = new Set<number>();
  private commands = new Map<string, unknown[]>();
  private botTexts = new Map<string, string>();
  private menuButtons = new Map<string, Json>();
  private openCallbackQueries = new Set<string>();
  private openInlineQueries = new Set<string>();
  private photos = new Map<string, StoredPhoto>();
  private idCounter = 0;
  private webhookState: { url?: string; secretToken?: string } = {};
  private webhookError: { date: number; message: string } | undefined;
  /** setWebhook's max_connections; Telegram's default is 40. */
  private webhookMaxConnections = 40;
  private delivery: { abort: AbortController } | undefined;
  private globalSends: number[] = [];
  private chatSends = new Map<number, number[]>();
  private stopped = false;

  constructor(options: FakeBotApiOptions) {
    this.token = options.token ?? DEFAULT_TOKEN;
    const id = Number(this.token.split(":")[0]);
    this.botInfo = testBotInfo({ id: Number.isSafeInteger(id) && id > 0 ? id : 123456, ...options.botInfo });
    this.rateLimit = options.rateLimit;
    this.delayMs = options.delayMs ?? 0;
    this.deliverWebhook = options.deliverWebhook ?? true;
    this.onCall = options.onCall;
    this.handlers = this.buildHandlers();
    this.server = createServer((req, res) => void this.onRequest(req, res));
    this.server.on("clientError", (_err, socket) => socket.destroy());
  }

  listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(0, "127.0.0.1", () => {
        this.server.off("error", reject);
        const { port } = this.server.address() as AddressInfo;
        this.root = `http://127.0.0.1:${port}`;
        resolve();
      });
    });
  }

  get apiRoot(): string {
    return this.root;
  }

  get calls(): ReadonlyArray<RecordedCall> {
    return this.callLog;
  }

  get webhook(): { url?: string; secretToken?: string } {
    return { ...this.webhookState };
  }

  // --- HTTP ---------------------------------------------------------------

  private async onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const body = await readBody(req);
      const match = /^\/bot([^/]+)\/([^/]+)\/?$/.exec(url.pathname);
      if (!match) {
        sendJson(res, 404, { ok: false, error_code: 404, description: "Not Found" });
        return;
      }
      const token = decodeURIComponent(match[1] ?? "");
      const method = match[2] ?? "";
      let parsed: { payload: Json; files: Map<string, UploadedFile> } = { payload: {}, files: new Map() };
      let parseError: ApiError | undefined;
      try {
        parsed = parseRequest(req.headers["content-type"], body, url.searchParams);
      } catch (err) {
        parseError = err instanceof ApiError ? err : bad(errMessage(err));
      }
      const onAbort = (cb: () => void) => {
        res.on("close", () => {
          if (!res.writableFinished) cb();
        });
      };
      const outcome = await this.dispatch(token, method, parsed.payload, parsed.files, onAbort, parseError);
      if (outcome) sendJson(res, outcome.status, outcome.body);
    } catch (err) {
      const status = err instanceof ApiError ? err.code : 500;
      const description = err instanceof ApiError ? err.description : `Internal Server Error: ${errMessage(err)}`;
      sendJson(res, status, { ok: false, error_code: status, description });
    }
  }

  private async dispatch(
    token: string,
    rawMethod: string,
    payload: Json,
    files: Map<string, UploadedFile>,
    onAbort: (cb: () => void) => void,
    parseError?: ApiError,
  ): Promise<{ status: number; body: Json } | undefined> {
    const at = Date.now();
    if (this.delayMs > 0) await delay(this.delayMs);
    const entry = this.handlers.get(rawMethod.toLowerCase());
    const method = entry?.name ?? rawMethod;
    let body: Json;
    if (token !== this.token) body = errorBody(new ApiError(401, "Unauthorized"));
    else if (!entry) body = errorBody(new ApiError(404, "Not Found: method not found"));
    else if (parseError) body = errorBody(parseError);
    else {
      try {
        this.applyInjectedFailure(method);
        this.applyRateLimit(method, payload);
        const result = await entry.fn(payload, { files, onAbort });
        if (result === ABORTED) return undefined;
        body = { ok: true, result };
      } catch (err) {
        body = errorBody(err instanceof ApiError ? err : new ApiError(500, `Internal Server Error: ${errMessage(err)}`));
      }
    }
    this.record({ method, payload, at, response: body });
    return { status: body.ok === true ? 200 : Number(body.error_code), body };
  }

  private applyInjectedFailure(method: string): void {
    const queue = this.failures.get(method.toLowerCase());
    const failure = queue?.shift();
    if (!failure) return;
    if (queue && queue.length === 0) this.failures.delete(method.toLowerCase());
    switch (failure.code) {
      case 429: {
        const retryAfter = Math.max(0, Math.round(failure.retryAfter));
        throw new ApiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
      }
      case 403:
        throw new ApiError(403, failure.description ?? "Forbidden: bot was blocked by the user");
      case 401:
        throw new ApiError(401, failure.description ?? "Unauthorized");
      case 409:
        throw new ApiError(409, failure.description ?? "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running");
      case 400:
        throw new ApiError(400, failure.description ?? "Bad Request: injected failure");
      case 500:
        throw new ApiError(500, failure.description ?? "Internal Server Error");
      case 502:
        throw new ApiError(502, failure.description ?? "Bad Gateway");
    }
  }

  private applyRateLimit(method: string, payload: Json): void {
    const limits = this.rateLimit;
    if (!limits || !RATE_LIMITED.has(method)) return;
    const now = Date.now();
    const prune = (arr: number[]) => {
      let n = 0;
      while (n < arr.length && (arr[n] ?? 0) <= now - 1000) n++;
      if (n > 0) arr.splice(0, n);
    };
    prune(this.globalSends);
    const chatId = getInt(payload, "chat_id");
    let perChat: number[] | undefined;
    if (chatId !== undefined) {
      perChat = this.chatSends.get(chatId) ?? [];
      this.chatSends.set(chatId, perChat);
      prune(perChat);
    }
    let freeAt: number | undefined;
    if (this.globalSends.length >= limits.globalPerSecond) {
      freeAt = (this.globalSends[this.globalSends.length - limits.globalPerSecond] ?? now) + 1000;
    }
    if (perChat && perChat.length >= limits.perChatPerSecond) {
      const t = (perChat[perChat.length - limits.perChatPerSecond] ?? now) + 1000;
      freeAt = Math.max(freeAt ?? 0, t);
    }
    if (freeAt !== undefined) {
      const retryAfter = Math.max(1, Math.ceil((freeAt - now) / 1000));
      throw new ApiError(429, `Too Many Requests: retry after ${retryAfter}`, retryAfter);
    }
    this.globalSends.push(now);
    perChat?.push(now);
  }

  private record(call: RecordedCall): void {
    this.callLog.push(call);
    this.onCall?.(call);
    const index = this.waiters.findIndex((w) => this.matches(w.methods, w.predicate, call));
    const waiter = this.waiters[index];
    if (waiter) {
      this.waiters.splice(index, 1);
      clearTimeout(waiter.timer);
      this.consumed.add(call);
      waiter.resolve(call);
    }
  }

  // --- method handlers --------------------------------------------------------

  private buildHandlers(): Map<string, { name: string; fn: Handler }> {
    const h: Record<string, Handler> = {
      getMe: () => this.botInfo,
      logOut: () => true,
      close: () => true,
      getUpdates: (p, ctx) => this.getUpdates(p, ctx),
      setWebhook: (p) => this.setWebhook(p),
      deleteWebhook: (p) => {
        this.stopDelivery();
        this.webhookState = {};
        this.webhookError = undefined;
        if (p.drop_pending_updates === true) this.queue = [];
        return true;
      },
      getWebhookInfo: () => {
        const info: Json = {
          url: this.webhookState.url ?? "",
          has_custom_certificate: false,
          pending_update_count: this.queue.length,
        };
        if (this.webhookState.url) {
          info.max_connections = this.webhookMaxConnections;
          if (this.webhookError) {
            info.last_error_date = this.webhookError.date;
            info.last_error_message = this.webhookError.message;
          }
        }
        return info;
      },
      sendMessage: (p) => this.sendMessage(p),
      sendPhoto: (p, ctx) => this.sendPhoto(p, ctx),
      sendDocument: (p, ctx) => this.sendDocument(p, ctx),
      editMessageText: (p) => this.editMessageText(p),
      editMessageCaption: (p) => this.editMessageCaption(p),
      editMessageReplyMarkup: (p) => this.editMessageReplyMarkup(p),
      deleteMessage: (p) => {
        const rec = this.chats.get(chatIdOf(p))?.messages.get(messageIdOf(p));
        if (!rec || rec.deleted) throw bad("message to delete not found");
        rec.deleted = true;
        return true;
      },
      deleteMessages: (p) => {
        const chat = this.chats.get(chatIdOf(p));
        const ids = p.message_ids;
        if (!Array.isArray(ids) || ids.length === 0 || ids.length > 100) throw bad("message identifiers are invalid");
        for (const id of ids) {
          const rec = chat?.messages.get(Number(id));
          if (rec) rec.deleted = true;
        }
        return true;
      },
      sendChatAction: (p) => {
        this.targetChat(p, true);
        if (!CHAT_ACTIONS.has(getString(p, "action") ?? "")) throw bad("wrong parameter action in request");
        return true;
      },
      answerCallbackQuery: (p) => {
        const id = getString(p, "callback_query_id") ?? "";
        if (!this.openCallbackQueries.has(id)) throw bad(QUERY_TOO_OLD);
        const text = getString(p, "text");
        if (text !== undefined && text.length > MAX_CALLBACK_ANSWER) throw bad("MESSAGE_TOO_LONG");
        this.openCallbackQueries.delete(id);
        return true;
      },
      answerInlineQuery: (p) => this.answerInlineQuery(p),
      setMyCommands: (p) => {
        const commands = p.commands;
        if (!Array.isArray(commands)) throw bad("can't parse commands JSON object");
        if (commands.length > 100) throw bad("too many commands");
        for (const c of commands) {
          if (!isObj(c) || typeof c.command !== "string" || !/^[a-z0-9_]{1,32}$/.test(c.command)) {
            throw bad("BOT_COMMAND_INVALID");
          }
          if (typeof c.description !== "string" || c.description.trim().length < 1 || c.description.length > 256) {
            throw bad("BOT_COMMAND_DESCRIPTION_INVALID");
          }
        }
        if (commands.length === 0) this.commands.delete(commandsKey(p));
        else this.commands.set(commandsKey(p), clone(commands));
        return true;
      },
      getMyCommands: (p) => clone(this.commands.get(commandsKey(p)) ?? []),
      deleteMyCommands: (p) => {
        this.commands.delete(commandsKey(p));
        return true;
      },
      // Cheap extras commonly called at bot start-up.
      setMyDescription: (p) => this.setBotText("description", p),
      getMyDescription: (p) => ({ description: this.botTexts.get(`description|${getString(p, "language_code") ?? ""}`) ?? "" }),
      setMyShortDescription: (p) => this.setBotText("short_description", p),
      getMyShortDescription: (p) => ({
        short_description: this.botTexts.get(`short_description|${getString(p, "language_code") ?? ""}`) ?? "",
      }),
      setMyName: (p) => this.setBotText("name", p),
      getMyName: (p) => ({ name: this.botTexts.get(`name|${getString(p, "language_code") ?? ""}`) ?? this.botInfo.first_name }),
      setChatMenuButton: (p) => {
        const button = p.menu_button;
        const key = getString(p, "chat_id") ?? "";
        if (button === undefined) this.menuButtons.delete(key);
        else if (isObj(button) && typeof button.type === "string") this.menuButtons.set(key, clone(button));
        else throw bad("can't parse menu button JSON object");
        return true;
      },
      getChatMenuButton: (p) => clone(this.menuButtons.get(getString(p, "chat_id") ?? "") ?? { type: "default" }),
      getChat: (p) => {
        const chat = this.memberChat(p);
        return { ...this.chatObject(chat), accent_color_id: 0, max_reaction_count: 11, accepted_gift_types: { unlimited_gifts: false, limited_gifts: false, unique_gifts: false, premium_subscription: false } };
      },
      getChatMember: (p) => {
        const chat = this.memberChat(p);
        const userId = getInt(p, "user_id");
        if (userId === undefined || userId <= 0) throw bad("invalid user_id specified");
        // a private chat has two members: its user and the bot
        if (chat.type === "private") return { status: userId === chat.id || userId === this.botInfo.id ? "member" : "left", user: userId === this.botInfo.id ? this.botUser() : this.userObject(this.ensureUser(userId)) };
        return this.memberObject(chat, userId);
      },
      getChatAdministrators: (p) => {
        const chat = this.memberChat(p);
        if (chat.type === "private") throw bad("there are no administrators in the private chat");
        return [...chat.members.entries()].filter(([, m]) => m.status === "creator" || m.status === "administrator").map(([id]) => this.memberObject(chat, id));
      },
    };
    return new Map(Object.entries(h).map(([name, fn]) => [name.toLowerCase(), { name, fn }]));
  }

  private setBotText(field: string, p: Json): true {
    const value = getString(p, field) ?? "";
    const key = `${field}|${getString(p, "language_code") ?? ""}`;
    if (value === "") this.botTexts.delete(key);
    else this.botTexts.set(key, value);
    return true;
  }

  private getUpdates(p: Json, ctx: CallContext): Update[] | Promise<Update[] | typeof ABORTED> {
    if (this.webhookState.url) {
      throw new ApiError(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first");
    }
    const offset = getInt(p, "offset") ?? 0;
    const limit = Math.min(100, Math.max(1, getInt(p, "limit") ?? 100));
    const timeoutRaw = Number(p.timeout ?? 0);
    const timeout = Number.isFinite(timeoutRaw) ? Math.min(50, Math.max(0, timeoutRaw)) : 0;
    if (Array.isArray(p.allowed_updates)) {
      this.allowedUpdates = p.allowed_updates.length > 0 ? new Set(p.allowed_updates.map(String)) : DEFAULT_ALLOWED;
    }
    if (offset > 0) this.queue = this.queue.filter((u) => u.update_id >= offset);
    else if (offset < 0) this.queue = this.queue.slice(offset);
    this.poll?.finish(
      new ApiError(409, "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running"),
    );
    const ready = this.collect(limit);
    if (ready.length > 0 || timeout === 0 || this.stopped) return ready;
    return new Promise((resolve, reject) => {
      const poll: PendingPoll = {
        limit,
        timer: setTimeout(() => poll.finish(), timeout * 1000),
        finish: (outcome) => {
          if (this.poll !== poll) return;
          this.poll = undefined;
          clearTimeout(poll.timer);
          if (outcome === "aborted") resolve(ABORTED);
          else if (outcome) reject(outcome);
          else resolve(this.collect(limit));
        },
      };
      this.poll = poll;
      ctx.onAbort(() => poll.finish("aborted"));
    });
  }

  /** Unconfirmed updates the bot may receive (drops those excluded by allowed_updates). */
  private collect(limit: number): Update[] {
    this.queue = this.queue.filter((u) => this.allowedUpdates.has(updateType(u)));
    return clone(this.queue.slice(0, limit));
  }

  private setWebhook(p: Json): true {
    const url = getString(p, "url") ?? "";
    if (url === "") {
      this.stopDelivery();
      this.webhookState = {};
      if (p.drop_pending_updates === true) this.queue = [];
      return true;
    }
    if (!/^https?:\/\/[^\s]+$/i.test(url)) throw bad("bad webhook: An HTTPS URL must be provided for webhook");
    const secret = getString(p, "secret_token");
    if (secret !== undefined && !/^[A-Za-z0-9_-]{1,256}$/.test(secret)) {
      throw bad("secret token contains unallowed characters");
    }
    if (Array.isArray(p.allowed_updates)) {
      this.allowedUpdates = p.allowed_updates.length > 0 ? new Set(p.allowed_updates.map(String)) : DEFAULT_ALLOWED;
    }
    const maxConnections = getInt(p, "max_connections") ?? 40;
    if (maxConnections < 1 || maxConnections > 100) throw bad("bad webhook: max_connections must be between 1 and 100");
    if (p.drop_pending_updates === true) this.queue = [];
    this.stopDelivery();
    this.webhookMaxConnections = maxConnections;
    this.webhookState = secret !== undefined ? { url, secretToken: secret } : { url };
    this.webhookError = undefined;
    this.poll?.finish(
      new ApiError(409, "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first"),
    );
    setImmediate(() => this.startDelivery());
    return true;
  }

  private sendMessage(p: Json): Message {
    const chat = this.targetChat(p, true);
    const r = render(getString(p, "text") ?? "", p.parse_mode, p.entities);
    if (r.text.length === 0) throw bad("message text is empty");
    if (r.text.length > MAX_TEXT) throw bad("message is too long");
    const markup = parseReplyMarkup(p.reply_markup);
    const replyTo = this.replyTarget(chat, p);
    const messageId = chat.nextMessageId++;
    const message: Json = { message_id: messageId, from: this.botUser(), chat: this.chatObject(chat), date: nowSec() };
    if (replyTo) message.reply_to_message = replyTo;
    message.text = r.text;
    if (r.entities.length > 0) message.entities = r.entities;
    const inline = inlineMarkup(markup);
    if (inline) message.reply_markup = inline;
    const rec: MsgRecord = { messageId, from: "bot", message, text: r.text, entities: r.entities, photo: false, deleted: false, editedCount: 0 };
    if (markup) rec.replyMarkup = markup;
    chat.messages.set(messageId, rec);
    return clone(message) as unknown as Message;
  }

  private sendPhoto(p: Json, ctx: CallContext): Message {
    const chat = this.targetChat(p, true);
    const photo = this.resolvePhoto(p.photo, ctx.files);
    const r = render(getString(p, "caption") ?? "", p.parse_mode, p.caption_entities);
    if (r.text.length > MAX_CAPTION) throw bad("message caption is too long");
    const markup = parseReplyMarkup(p.reply_markup);
    const replyTo = this.replyTarget(chat, p);
    const messageId = chat.nextMessageId++;
    const message: Json = { message_id: messageId, from: this.botUser(), chat: this.chatObject(chat), date: nowSec() };
    if (replyTo) message.reply_to_message = replyTo;
    message.photo = clone(photo.sizes);
    if (r.text) message.caption = r.text;
    if (r.entities.length > 0) message.caption_entities = r.entities;
    if (p.has_spoiler === true) message.has_media_spoiler = true;
    const inline = inlineMarkup(markup);
    if (inline) message.reply_markup = inline;
    const rec: MsgRecord = { messageId, from: "bot", message, photo: true, entities: r.entities, deleted: false, editedCount: 0 };
    if (r.text) rec.caption = r.text;
    if (markup) rec.replyMarkup = markup;
    if (photo.bytes) rec.bytes = photo.bytes;
    chat.messages.set(messageId, rec);
    return clone(message) as unknown as Message;
  }

  /** A document uploaded with the request (attach://): its bytes are kept (documentBytes), not resent by file_id. */
  private sendDocument(p: Json, ctx: CallContext): Message {
    const chat = this.targetChat(p, true);
    const value = p.document;
    if (typeof value !== "string" || value === "") throw bad("there is no document in the request");
    const file = value.startsWith("attach://") ? ctx.files.get(value.slice("attach://".length)) : undefined;
    if (!file) throw bad("wrong file identifier/HTTP URL specified");
    if (file.data.length === 0) throw bad("file must be non-empty");
    const fileName = file.filename ?? "document";
    const r = render(getString(p, "caption") ?? "", p.parse_mode, p.caption_entities);
    if (r.text.length > MAX_CAPTION) throw bad("message caption is too long");
    const markup = parseReplyMarkup(p.reply_markup);
    const replyTo = this.replyTarget(chat, p);
    const messageId = chat.nextMessageId++;
    const n = ++this.idCounter;
    const document: Json = { file_id: `BQACAgIAAxkBAAFAKE${n}`, file_unique_id: `AgADFAKE${n}`, file_name: fileName, file_size: file.data.length };
    if (file.contentType !== undefined) document.mime_type = file.contentType;
    const message: Json = { message_id: messageId, from: this.botUser(), chat: this.chatObject(chat), date: nowSec(), document };
    if (replyTo) message.reply_to_message = replyTo;
    if (r.text) message.caption = r.text;
    if (r.entities.length > 0) message.caption_entities = r.entities;
    const inline = inlineMarkup(markup);
    if (inline) message.reply_markup = inline;
    const rec: MsgRecord = { messageId, from: "bot", message, photo: false, entities: r.entities, deleted: false, editedCount: 0, bytes: Buffer.from(file.data) };
    rec.document = file.contentType === undefined ? { fileName } : { fileName, mimeType: file.contentType };
    if (r.text) rec.caption = r.text;
    if (markup) rec.replyMarkup = markup;
    chat.messages.set(messageId, rec);
    return clone(message) as unknown as Message;
  }

  private resolvePhoto(value: unknown, files: Map<string, UploadedFile>): StoredPhoto {
    if (typeof value !== "string" || value === "") throw bad("there is no photo in the request");
    if (value.startsWith("attach://")) {
      const file = files.get(value.slice("attach://".length));
      if (!file) throw bad("there is no photo in the request");
      if (file.data.length === 0) throw bad("file must be non-empty");
      return this.storePhoto(file.data, imageSize(file.data) ?? { width: 512, height: 512 });
    }
    const known = this.photos.get(value);
    if (known) return known;
    if (/^https?:\/\/\S+$/i.test(value)) return this.storePhoto(undefined, { width: 800, height: 600 });
    throw bad("wrong file identifier/HTTP URL specified");
  }

  private storePhoto(bytes: Buffer | undefined, size: { width: number; height: number }): StoredPhoto {
    const n = ++this.idCounter;
    const scale = Math.min(1, 90 / Math.max(size.width, size.height, 1));
    const dims = [
      { width: Math.max(1, Math.round(size.width * scale)), height: Math.max(1, Math.round(size.height * scale)) },
      size,
    ];
    const sizes = dims.map((d, i) => {
      const s: Json = {
        file_id: `AgACAgIAAxkBAAFAKE${n}x${i}`,
        file_unique_id: `AQADFAKE${n}x${i}`,
        width: d.width,
        height: d.height,
      };
      if (bytes) s.file_size = bytes.length;
      return s;
    });
    const stored: StoredPhoto = bytes ? { sizes, bytes } : { sizes };
    for (const s of sizes) this.photos.set(String(s.file_id), stored);
    return stored;
  }

  private editTarget(p: Json): MsgRecord {
    const rec = this.chats.get(chatIdOf(p))?.messages.get(messageIdOf(p));
    if (!rec || rec.deleted) throw bad("message to edit not found");
    if (rec.from !== "bot") throw bad("message can't be edited");
    return rec;
  }

  private editMarkup(p: Json): Json | undefined {
    const markup = parseReplyMarkup(p.reply_markup);
    if (markup && !("inline_keyboard" in markup)) throw bad("inline keyboard expected");
    return markup;
  }

  private applyEdit(rec: MsgRecord, markup: Json | undefined): Message {
    rec.editedCount++;
    if (markup) rec.replyMarkup = markup;
    else delete rec.replyMarkup;
    const inline = inlineMarkup(markup);
    if (inline) rec.message.reply_markup = inline;
    else delete rec.message.reply_markup;
    rec.message.edit_date = nowSec();
    return clone(rec.message) as unknown as Message;
  }

  private editMessageText(p: Json): Message | true {
    const inlineMessage = p.inline_message_id !== undefined;
    const rec = inlineMessage ? undefined : this.editTarget(p);
    if (rec?.photo) throw bad("there is no text in the message to edit");
    const r = render(getString(p, "text") ?? "", p.parse_mode, p.entities);
    if (r.text.length === 0) throw bad("message text is empty");
    if (r.text.length > MAX_TEXT) throw bad("message is too long");
    const markup = this.editMarkup(p);
    if (!rec) return true;
    if (
      rec.text === r.text &&
      JSON.stringify(rec.entities ?? []) === JSON.stringify(r.entities) &&
      JSON.stringify(inlineMarkup(rec.replyMarkup)) === JSON.stringify(inlineMarkup(markup))
    ) {
      throw bad(NOT_MODIFIED);
    }
    rec.text = r.text;
    rec.entities = r.entities;
    rec.message.text = r.text;
    if (r.entities.length > 0) rec.message.entities = r.entities;
    else delete rec.message.entities;
    return this.applyEdit(rec, markup);
  }

  private editMessageCaption(p: Json): Message | true {
    const inlineMessage = p.inline_message_id !== undefined;
    const rec = inlineMessage ? undefined : this.editTarget(p);
    if (rec && !rec.photo) throw bad("there is no caption in the message to edit");
    const r = render(getString(p, "caption") ?? "", p.parse_mode, p.caption_entities);
    if (r.text.length > MAX_CAPTION) throw bad("message caption is too long");
    const markup = this.editMarkup(p);
    if (!rec) return true;
    if (
      (rec.caption ?? "") === r.text &&
      JSON.stringify(rec.entities ?? []) === JSON.stringify(r.entities) &&
      JSON.stringify(inlineMarkup(rec.replyMarkup)) === JSON.stringify(inlineMarkup(markup))
    ) {
      throw bad(NOT_MODIFIED);
    }
    if (r.text) {
      rec.caption = r.text;
      rec.message.caption = r.text;
    } else {
      delete rec.caption;
      delete rec.message.caption;
    }
    rec.entities = r.entities;
    if (r.entities.length > 0) rec.message.caption_entities = r.entities;
    else delete rec.message.caption_entities;
    return this.applyEdit(rec, markup);
  }

  private editMessageReplyMarkup(p: Json): Message | true {
    const inlineMessage = p.inline_message_id !== undefined;
    const rec = inlineMessage ? undefined : this.editTarget(p);
    const markup = this.editMarkup(p);
    if (!rec) return true;
    if (JSON.stringify(inlineMarkup(rec.replyMarkup)) === JSON.stringify(inlineMarkup(markup))) throw bad(NOT_MODIFIED);
    return this.applyEdit(rec, markup);
  }

  private answerInlineQuery(p: Json): true {
    const id = getString(p, "inline_query_id") ?? "";
    if (!this.openInlineQueries.has(id)) throw bad(QUERY_TOO_OLD);
    const results = p.results;
    if (!Array.isArray(results)) throw bad("can't parse inline query results JSON object");
    if (results.length > 50) throw bad("RESULTS_TOO_MUCH");
    const ids = new Set<string>();
    for (const result of results) {
      if (!isObj(result) || typeof result.type !== "string" || typeof result.id !== "string") {
        throw bad("can't parse InlineQueryResult JSON object");
      }
      const bytes = Buffer.byteLength(result.id, "utf8");
      if (bytes < 1 || bytes > 64) throw bad("RESULT_ID_INVALID");
      if (ids.has(result.id)) throw bad("RESULT_ID_DUPLICATE");
      ids.add(result.id);
      if (result.reply_markup !== undefined) parseReplyMarkup(result.reply_markup);
      const content = result.input_message_content;
      if (isObj(content) && content.message_text !== undefined) {
        const r = render(getString(content, "message_text") ?? "", content.parse_mode, content.entities);
        if (r.text.length === 0) throw bad("MESSAGE_EMPTY");
        if (r.text.length > MAX_TEXT) throw bad("MESSAGE_TOO_LONG");
      }
    }
    this.openInlineQueries.delete(id);
    return true;
  }

  private replyTarget(chat: ChatState, p: Json): Json | undefined {
    const params = isObj(p.reply_parameters) ? p.reply_parameters : undefined;
    const id = params ? getInt(params, "message_id") : getInt(p, "reply_to_message_id");
    if (id === undefined) return undefined;
    const rec = chat.messages.get(id);
    if (!rec || rec.deleted) {
      if (params?.allow_sending_without_reply === true || p.allow_sending_without_reply === true) return undefined;
      throw bad("message to be replied not found");
    }
    const replied = clone(rec.message);
    delete replied.reply_to_message;
    return replied;
  }

  // --- chats & users ---------------------------------------------------------

  private targetChat(p: Json, isSend: boolean): ChatState {
    const chatId = chatIdOf(p);
    if (isSend && this.blocked.has(chatId)) {
      throw new ApiError(403, chatId > 0 ? "Forbidden: bot was blocked by the user" : "Forbidden: bot was kicked from the group chat");
    }
    const chat = this.ensureChat(chatId);
    if (isSend && chat.type !== "private") {
      const bot = chat.members.get(this.botInfo.id);
      if (bot && (bot.status === "left" || bot.status === "kicked")) throw this.notMember(chat);
      if (bot && chat.type === "channel" && !(bot.status === "creator" || (bot.status === "administrator" && bot.rights.can_post_messages !== false))) {
        throw bad("need administrator rights in the channel chat");
      }
    }
    return chat;
  }

  private notMember(chat: ChatState): ApiError {
    return new ApiError(403, `Forbidden: bot is not a member of the ${chat.type === "channel" ? "channel" : chat.type === "supergroup" ? "supergroup" : "group"} chat`);
  }

  /** A group or channel the bot may look into (getChat, getChatMember, getChatAdministrators). */
  private memberChat(p: Json): ChatState {
    const chatId = chatIdOf(p);
    const chat = this.chats.get(chatId);
    if (!chat) throw bad("chat not found");
    const bot = chat.members.get(this.botInfo.id);
    if (chat.type !== "private" && bot && (bot.status === "left" || bot.status === "kicked")) throw this.notMember(chat);
    return chat;
  }

  private memberObject(chat: ChatState, userId: number): Json {
    const entry = chat.members.get(userId);
    const user = userId === this.botInfo.id ? this.botUser() : this.userObject(this.ensureUser(userId));
    const status = entry?.status ?? "left";
    switch (status) {
      case "creator":
        return { status, user, is_anonymous: false };
      case "administrator": {
        const rights: Json = {
          can_be_edited: false,
          is_anonymous: false,
          can_manage_chat: true,
          can_delete_messages: true,
          can_manage_video_chats: true,
          can_restrict_members: true,
          can_promote_members: false,
          can_change_info: true,
          can_invite_users: true,
          can_post_stories: false,
          can_edit_stories: false,
          can_delete_stories: false,
        };
        if (chat.type === "channel") Object.assign(rights, { can_post_messages: true, can_edit_messages: true });
        else rights.can_pin_messages = true;
        return { status, user, ...rights, ...entry?.rights };
      }
      case "restricted":
        return {
          status,
          user,
          is_member: true,
          can_send_messages: false,
          can_send_audios: false,
          can_send_documents: false,
          can_send_photos: false,
          can_send_videos: false,
          can_send_video_notes: false,
          can_send_voice_notes: false,
          can_send_polls: false,
          can_send_other_messages: false,
          can_add_web_page_previews: false,
          can_change_info: false,
          can_invite_users: false,
          can_pin_messages: false,
          can_manage_topics: false,
          until_date: 0,
        };
      case "kicked":
        return { status, user, until_date: 0 };
      default:
        return { status, user };
    }
  }

  setChat(input: Parameters<FakeBotApi["setChat"]>[0]): void {
    if (input.chatId >= 0) throw new Error(`FakeBotApi.setChat: ${input.chatId} is not a group or channel id (they are negative)`);
    const chat = this.ensureChat(input.chatId, input.type);
    chat.type = input.type;
    if (input.title !== undefined) chat.title = input.title;
    else chat.title ??= input.type === "channel" ? "Test Channel" : "Test Group";
    if (input.username !== undefined) chat.username = input.username;
  }

  setChatMember(input: Parameters<FakeBotApi["setChatMember"]>[0]): void {
    if (input.chatId >= 0) throw new Error(`FakeBotApi.setChatMember: ${input.chatId} is not a group or channel id`);
    const chat = this.ensureChat(input.chatId);
    if (input.userId !== this.botInfo.id) {
      const patch: { firstName?: string; username?: string } = {};
      if (input.firstName !== undefined) patch.firstName = input.firstName;
      if (input.username !== undefined) patch.username = input.username;
      this.ensureUser(input.userId, patch);
    }
    chat.members.set(input.userId, { status: input.status, rights: { ...input.rights } });
  }

  shareChat(input: Parameters<FakeBotApi["shareChat"]>[0]): Promise<{ updateId: number; messageId: number }> {
    return promised(() => {
      const shared = this.chats.get(input.chatId);
      if (!shared || shared.type === "private") throw new Error(`FakeBotApi.shareChat: no group or channel ${input.chatId} (setChat it first)`);
      const user = this.ensureUser(input.userId, input.languageCode !== undefined ? { languageCode: input.languageCode } : {});
      const chat = this.ensureChat(input.userId, "private");
      const keyboard = this.sortedMessages(input.userId)
        .filter((r) => r.from === "bot" && isObj(r.replyMarkup) && ("keyboard" in r.replyMarkup || "remove_keyboard" in r.replyMarkup))
        .pop()?.replyMarkup;
      const rows = isObj(keyboard) && Array.isArray(keyboard.keyboard) ? (keyboard.keyboard as unknown[][]) : [];
      const button = rows.flat().find((b): b is Json => isObj(b) && isObj(b.request_chat) && b.request_chat.request_id === input.requestId);
      const request = button && isObj(button.request_chat) ? button.request_chat : undefined;
      if (!request) throw new Error(`FakeBotApi.shareChat: the last reply keyboard in chat ${input.userId} has no request_chat button with request_id ${input.requestId}`);
      if ((request.chat_is_channel === true) !== (shared.type === "channel")) {
        throw new Error(`FakeBotApi.shareChat: request ${input.requestId} asks for a ${request.chat_is_channel === true ? "channel" : "group"}, chat ${input.chatId} is a ${shared.type}`);
      }
      const mine = shared.members.get(input.userId)?.status;
      if (request.chat_is_created === true && mine !== "creator") throw new Error(`FakeBotApi.shareChat: request ${input.requestId} wants a chat the user created`);
      if (isObj(request.user_administrator_rights) && mine !== "creator" && mine !== "administrator") {
        throw new Error(`FakeBotApi.shareChat: request ${input.requestId} wants a chat the user administers; they are "${mine ?? "left"}" in ${input.chatId}`);
      }
      const messageId = chat.nextMessageId++;
      const chatShared: Json = { request_id: input.requestId, chat_id: input.chatId };
      if (request.request_title === true && shared.title) chatShared.title = shared.title;
      if (request.request_username === true && shared.username) chatShared.username = shared.username;
      const message: Json = { message_id: messageId, from: this.userObject(user), chat: this.chatObject(chat), date: nowSec(), chat_shared: chatShared };
      chat.messages.set(messageId, { messageId, from: "user", message, photo: false, deleted: false, editedCount: 0 });
      const updateId = this.enqueue({ message: clone(message) });
      return { updateId, messageId };
    });
  }

  private ensureUser(id: number, patch: { firstName?: string; username?: string; languageCode?: string } = {}): UserInfo {
    let user = this.users.get(id);
    if (!user) {
      user = { id, firstName: patch.firstName ?? "Test", languageCode: patch.languageCode ?? "en" };
      this.users.set(id, user);
    } else {
      if (patch.firstName !== undefined) user.firstName = patch.firstName;
      if (patch.languageCode !== undefined) user.languageCode = patch.languageCode;
    }
    if (patch.username !== undefined) user.username = patch.username;
    return user;
  }

  private ensureChat(chatId: number, type?: ChatType): ChatState {
    let chat = this.chats.get(chatId);
    if (!chat) {
      const t: ChatType = type ?? (chatId > 0 ? "private" : chatId < -1_000_000_000_000 ? "supergroup" : "group");
      chat = { id: chatId, type: t, messages: new Map(), nextMessageId: 1, members: new Map() };
      if (t !== "private") chat.title = t === "channel" ? "Test Channel" : "Test Group";
      this.chats.set(chatId, chat);
    }
    return chat;
  }

  private chatObject(chat: ChatState): Json {
    if (chat.type !== "private") {
      const obj: Json = { id: chat.id, type: chat.type, title: chat.title ?? "Test Group" };
      if (chat.username) obj.username = chat.username;
      return obj;
    }
    const user = this.users.get(chat.id);
    const obj: Json = { id: chat.id, type: "private", first_name: user?.firstName ?? "Test" };
    if (user?.username) obj.username = user.username;
    return obj;
  }

  private userObject(user: UserInfo): Json {
    const obj: Json = { id: user.id, is_bot: false, first_name: user.firstName };
    if (user.username) obj.username = user.username;
    obj.language_code = user.languageCode;
    return obj;
  }

  private botUser(): Json {
    return { id: this.botInfo.id, is_bot: true, first_name: this.botInfo.first_name, username: this.botInfo.username };
  }

  // --- update injection --------------------------------------------------------

  private enqueue(partial: Json): number {
    if (this.stopped) throw new Error("FakeBotApi: cannot inject updates, the server is stopped");
    const updateId = this.nextUpdateId++;
    this.queue.push({ update_id: updateId, ...partial });
    if (this.webhookState.url) this.startDelivery();
    else if (this.poll && this.collect(this.poll.limit).length > 0) this.poll.finish();
    return updateId;
  }

  sendText(input: Parameters<FakeBotApi["sendText"]>[0]): Promise<{ updateId: number; messageId: number }> {
    return promised(() => {
      const patch: { firstName?: string; username?: string; languageCode?: string } = {};
      if (input.firstName !== undefined) patch.firstName = input.firstName;
      if (input.username !== undefined) patch.username = input.username;
      if (input.languageCode !== undefined) patch.languageCode = input.languageCode;
      const user = this.ensureUser(input.userId, patch);
      const chatId = input.chatId ?? input.userId;
      const chat = this.ensureChat(chatId, input.chatType ?? (chatId === input.userId ? "private" : undefined));
      const messageId = chat.nextMessageId++;
      const message: Json = {
        message_id: messageId,
        from: this.userObject(user),
        chat: this.chatObject(chat),
        date: nowSec(),
        text: input.text,
      };
      const command = /^\/[A-Za-z0-9_]{1,32}(?:@[A-Za-z0-9_]{1,64})?/.exec(input.text);
      const entities = command ? [{ type: "bot_command", offset: 0, length: command[0].length }] : [];
      if (command) message.entities = entities;
      chat.messages.set(messageId, {
        messageId,
        from: "user",
        message,
        text: input.text,
        entities,
        photo: false,
        deleted: false,
        editedCount: 0,
      });
      const updateId = this.enqueue({ message: clone(message) });
      return { updateId, messageId };
    });
  }

  tap(input: Parameters<FakeBotApi["tap"]>[0]): Promise<{ updateId: number; callbackQueryId: string }> {
    return promised(() => {
      const chatId = input.chatId ?? input.userId;
      const rec = this.chats.get(chatId)?.messages.get(input.messageId);
      if (!rec) {
        throw new Error(`FakeBotApi.tap: there is no message ${input.messageId} in chat ${chatId}`);
      }
      const user = this.ensureUser(input.userId, input.languageCode !== undefined ? { languageCode: input.languageCode } : {});
      const callbackQueryId = String(4_000_000_000_000 + ++this.idCounter);
      this.openCallbackQueries.add(callbackQueryId);
      const updateId = this.enqueue({
        callback_query: {
          id: callbackQueryId,
          from: this.userObject(user),
          message: clone(rec.message),
          chat_instance: String(1_000_000_000 + Math.abs(chatId)),
          data: input.data,
        },
      });
      return { updateId, callbackQueryId };
    });
  }

  async tapButton(input: Parameters<FakeBotApi["tapButton"]>[0]): Promise<{ updateId: number; callbackQueryId: string }> {
    const chatId = input.chatId ?? input.userId;
    const rec = this.keyboardMessage(chatId, input.messageId);
    const label = String(input.text);
    if (!rec) {
      const where = input.messageId !== undefined ? `message ${input.messageId}` : "any bot message";
      throw new Error(`FakeBotApi.tapButton(${label}): no inline keyboard on ${where} in chat ${chatId}`);
    }
    const buttons = flattenButtons(rec.replyMarkup);
    const button = buttons.find((b) => (typeof input.text === "string" ? b.text === input.text : input.text.test(b.text)));
    if (!button) {
      throw new Error(
        `FakeBotApi.tapButton: no button matching ${label} on message ${rec.messageId} in chat ${chatId}; ` +
          `available: ${JSON.stringify(buttons.map((b) => b.text))}`,
      );
    }
    if (button.callbackData === undefined) {
      throw new Error(`FakeBotApi.tapButton: button ${JSON.stringify(button.text)} has no callback_data (${JSON.stringify(button)})`);
    }
    const tap: Parameters<FakeBotApi["tap"]>[0] = { chatId, userId: input.userId, messageId: rec.messageId, data: button.callbackData };
    if (input.languageCode !== undefined) tap.languageCode = input.languageCode;
    return this.tap(tap);
  }

  inlineQuery(input: { userId: number; query: string; languageCode?: string }): Promise<{ updateId: number; inlineQueryId: string }> {
    return promised(() => {
      const user = this.ensureUser(input.userId, input.languageCode !== undefined ? { languageCode: input.languageCode } : {});
      const inlineQueryId = String(5_000_000_000_000 + ++this.idCounter);
      this.openInlineQueries.add(inlineQueryId);
      const updateId = this.enqueue({
        inline_query: { id: inlineQueryId, from: this.userObject(user), query: input.query, offset: "", chat_type: "sender" },
      });
      return { updateId, inlineQueryId };
    });
  }

  myChatMember(input: { userId: number; chatId?: number; status: "member" | "kicked" }): Promise<{ updateId: number }> {
    return promised(() => {
      const user = this.ensureUser(input.userId);
      const chatId = input.chatId ?? input.userId;
      const chat = this.ensureChat(chatId, chatId === input.userId ? "private" : undefined);
      const bot = this.botUser();
      const kicked = { user: bot, status: "kicked", until_date: 0 };
      const member = { user: bot, status: "member" };
      // A private chat "kicked" means the user blocked the bot: sends now fail with 403.
      if (input.status === "kicked") this.blocked.add(chatId);
      else this.blocked.delete(chatId);
      const updateId = this.enqueue({
        my_chat_member: {
          chat: this.chatObject(chat),
          from: this.userObject(user),
          date: nowSec(),
          old_chat_member: input.status === "kicked" ? member : kicked,
          new_chat_member: input.status === "kicked" ? kicked : member,
        },
      });
      return { updateId };
    });
  }

  injectUpdate(update: Omit<Update, "update_id">): Promise<{ updateId: number }> {
    return promised(() => {
      const raw = clone(update) as Json;
      const cq = raw.callback_query;
      if (isObj(cq) && typeof cq.id === "string") this.openCallbackQueries.add(cq.id);
      const iq = raw.inline_query;
      if (isObj(iq) && typeof iq.id === "string") this.openInlineQueries.add(iq.id);
      const msg = raw.message;
      if (isObj(msg) && isObj(msg.chat) && typeof msg.chat.id === "number" && typeof msg.message_id === "number") {
        const type = msg.chat.type;
        const chat = this.ensureChat(msg.chat.id, type === "private" || type === "group" || type === "supergroup" || type === "channel" ? type : undefined);
        const rec: MsgRecord = {
          messageId: msg.message_id,
          from: "user",
          message: clone(msg),
          photo: Array.isArray(msg.photo),
          deleted: false,
          editedCount: 0,
        };
        if (typeof msg.text === "string") rec.text = msg.text;
        if (typeof msg.caption === "string") rec.caption = msg.caption;
        chat.messages.set(msg.message_id, rec);
        chat.nextMessageId = Math.max(chat.nextMessageId, msg.message_id + 1);
      }
      return { updateId: this.enqueue(raw) };
    });
  }

  // --- webhook delivery ------------------------------------------------------------

  private startDelivery(): void {
    if (!this.deliverWebhook || this.delivery || this.stopped || !this.webhookState.url) return;
    const abort = new AbortController();
    this.delivery = { abort };
    void this.deliveryLoop(abort.signal).finally(() => {
      if (this.delivery?.abort !== abort) return;
      this.delivery = undefined;
      // An update may have been queued while the loop was finishing.
      if (!abort.signal.aborted && this.queue.length > 0) this.startDelivery();
    });
  }

  private stopDelivery(): void {
    this.delivery?.abort.abort();
    this.delivery = undefined;
  }

  private async deliveryLoop(signal: AbortSignal): Promise<void> {
    let failures = 0;
    while (!signal.aborted && !this.stopped) {
      const { url, secretToken } = this.webhookState;
      if (!url) return;
      this.queue = this.queue.filter((u) => this.allowedUpdates.has(updateType(u)));
      const update = this.queue[0];
      if (!update) return;
      let delivered = false;
      try {
        const headers: Record<string, string> = { "content-type": "application/json" };
        if (secretToken !== undefined) headers["x-telegram-bot-api-secret-token"] = secretToken;
        const res = await undiciRequest(url, {
          method: "POST",
          headers,
          body: JSON.stringify(update),
          dispatcher: this.agent,
          signal,
          headersTimeout: 60_000,
          bodyTimeout: 60_000,
        });
        const text = await res.body.text();
        if (res.statusCode >= 200 && res.statusCode < 300) {
          delivered = true;
          await this.handleWebhookReply(text);
        } else {
          this.webhookError = { date: nowSec(), message: `Wrong response from the webhook: ${res.statusCode} ${truncate(text, 100)}` };
        }
      } catch (err) {
        if (signal.aborted) return;
        this.webhookError = { date: nowSec(), message: `Connection failed: ${errMessage(err)}` };
      }
      if (delivered || ++failures >= WEBHOOK_MAX_ATTEMPTS) {
        const index = this.queue.indexOf(update);
        if (index >= 0) this.queue.splice(index, 1);
        failures = 0;
      } else {
        try {
          await delay(50 * 2 ** failures, undefined, { signal });
        } catch {
          return;
        }
      }
    }
  }

  /** grammY's webhook reply: the webhook response body may itself be an API call. */
  private async handleWebhookReply(text: string): Promise<void> {
    if (!text.trim().startsWith("{")) return;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return;
    }
    if (!isObj(body) || typeof body.method !== "string") return;
    const { method, ...payload } = body;
    await this.dispatch(this.token, method, normalizePayload(payload), new Map(), () => {});
  }

  // --- observation -----------------------------------------------------------------

  callsOf(method: string): RecordedCall[] {
    const m = method.toLowerCase();
    return this.callLog.filter((c) => c.method.toLowerCase() === m);
  }

  private matches(methods: string[], predicate: ((payload: Record<string, unknown>) => boolean) | undefined, call: RecordedCall) {
    if (this.consumed.has(call) || !methods.includes(call.method.toLowerCase())) return false;
    if (!predicate) return true;
    try {
      return predicate(call.payload);
    } catch {
      return false;
    }
  }

  waitForCall(
    method: string | string[],
    predicate?: (payload: Record<string, unknown>) => boolean,
    timeoutMs = 5000,
  ): Promise<RecordedCall> {
    const methods = (Array.isArray(method) ? method : [method]).map((m) => m.toLowerCase());
    const existing = this.callLog.find((c) => this.matches(methods, predicate, c));
    if (existing) {
      this.consumed.add(existing);
      return Promise.resolve(existing);
    }
    if (this.stopped) return Promise.reject(new Error("FakeBotApi.waitForCall: the server is stopped"));
    return new Promise<RecordedCall>((resolve, reject) => {
      const waiter: CallWaiter = {
        methods,
        resolve,
        reject,
        timer: setTimeout(() => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(new Error(this.describeTimeout(method, predicate, methods, timeoutMs)));
        }, timeoutMs),
      };
      if (predicate) waiter.predicate = predicate;
      this.waiters.push(waiter);
    });
  }

  private describeTimeout(
    method: string | string[],
    predicate: ((payload: Record<string, unknown>) => boolean) | undefined,
    methods: string[],
    timeoutMs: number,
  ): string {
    const name = Array.isArray(method) ? method.join("|") : method;
    const lines = [`FakeBotApi.waitForCall(${name}${predicate ? ", <predicate>" : ""}) timed out after ${timeoutMs} ms.`];
    const sameMethod = this.callLog.filter((c) => methods.includes(c.method.toLowerCase()));
    const unconsumed = sameMethod.filter((c) => !this.consumed.has(c));
    lines.push(
      `${name} calls so far: ${sameMethod.length} (${sameMethod.length - unconsumed.length} already consumed by earlier waitForCall` +
        `${predicate ? `, ${unconsumed.length} unconsumed ones rejected by the predicate` : ""}).`,
    );
    const interesting = this.callLog.filter(
      (c) => !(c.method === "getUpdates" && isObj(c.response) && c.response.ok === true && Array.isArray(c.response.result) && c.response.result.length === 0),
    );
    const recent = interesting.slice(-15);
    lines.push(`Recent calls (${recent.length} of ${this.callLog.length}; empty getUpdates hidden; * = consumed):`);
    for (const c of recent) {
      lines.push(
        `  ${this.consumed.has(c) ? "*" : " "} ${c.method} ${truncate(JSON.stringify(c.payload), 160)} -> ${summarizeResponse(c.response)}`,
      );
    }
    if (recent.length === 0) lines.push("  (none)");
    lines.push(
      `Pending updates: ${this.queue.length}; delivery: ${this.webhookState.url ? `webhook ${this.webhookState.url}` : this.poll ? "long poll waiting" : "no long poll waiting"}.`,
    );
    if (this.webhookError) lines.push(`Last webhook error: ${this.webhookError.message}`);
    return lines.join("\n");
  }

  private snapshot(rec: MsgRecord): FakeMessage {
    const out: FakeMessage = { messageId: rec.messageId, from: rec.from, deleted: rec.deleted, editedCount: rec.editedCount };
    if (rec.text !== undefined) out.text = rec.text;
    if (rec.caption !== undefined) out.caption = rec.caption;
    if (rec.photo) out.photo = true;
    if (rec.document) out.document = { ...rec.document };
    if (rec.replyMarkup !== undefined) out.replyMarkup = clone(rec.replyMarkup);
    return out;
  }

  private sortedMessages(chatId: number): MsgRecord[] {
    return [...(this.chats.get(chatId)?.messages.values() ?? [])].sort((a, b) => a.messageId - b.messageId);
  }

  messages(chatId: number): FakeMessage[] {
    return this.sortedMessages(chatId).map((r) => this.snapshot(r));
  }

  lastBotMessage(chatId: number): FakeMessage | undefined {
    const rec = this.sortedMessages(chatId)
      .filter((r) => r.from === "bot")
      .pop();
    return rec ? this.snapshot(rec) : undefined;
  }

  rawMessage(chatId: number, messageId: number): Message | undefined {
    const rec = this.chats.get(chatId)?.messages.get(messageId);
    return rec ? (clone(rec.message) as unknown as Message) : undefined;
  }

  private keyboardMessage(chatId: number, messageId?: number): MsgRecord | undefined {
    if (messageId !== undefined) {
      const rec = this.chats.get(chatId)?.messages.get(messageId);
      return rec && inlineMarkup(rec.replyMarkup) ? rec : undefined;
    }
    return this.sortedMessages(chatId)
      .filter((r) => r.from === "bot" && !r.deleted && inlineMarkup(r.replyMarkup))
      .pop();
  }

  buttons(chatId: number, messageId?: number): FakeButton[] {
    return flattenButtons(this.keyboardMessage(chatId, messageId)?.replyMarkup);
  }

  photoBytes(chatId: number, messageId: number): Buffer | undefined {
    const bytes = this.chats.get(chatId)?.messages.get(messageId)?.bytes;
    return bytes ? Buffer.from(bytes) : undefined;
  }

  /** The bytes of a document the bot sent (sendDocument), as uploaded. */
  documentBytes(chatId: number, messageId: number): Buffer | undefined {
    const rec = this.chats.get(chatId)?.messages.get(messageId);
    return rec?.document && rec.bytes ? Buffer.from(rec.bytes) : undefined;
  }

  pendingUpdates(): number {
    return this.queue.length;
  }

  takeUpdates(): Update[] {
    const taken = this.queue.filter((u) => this.allowedUpdates.has(updateType(u)));
    this.queue = [];
    return taken;
  }

  // --- fault injection ---------------------------------------------------------------

  failNext(method: string, failure: FakeFailure, times = 1): void {
    const key = method.toLowerCase();
    const queue = this.failures.get(key) ?? [];
    for (let i = 0; i < times; i++) queue.push(failure);
    this.failures.set(key, queue);
  }

  blockChat(chatId: number): void {
    this.blocked.add(chatId);
  }

  unblockChat(chatId: number): void {
    this.blocked.delete(chatId);
  }

  // --- lifecycle -------------------------------------------------------------------------

  reset(): void {
    this.callLog.length = 0;
    this.consumed = new WeakSet();
    this.chats.clear();
    this.users.clear();
    this.queue = [];
    this.allowedUpdates = DEFAULT_ALLOWED;
    this.failures.clear();
    this.blocked.clear();
    this.commands.clear();
    this.botTexts.clear();
    this.menuButtons.clear();
    this.openCallbackQueries.clear();
    this.openInlineQueries.clear();
    this.photos.clear();
    this.stopDelivery();
    this.webhookState = {};
    this.webhookError = undefined;
    this.globalSends = [];
    this.chatSends.clear();
    // update_id keeps increasing so that a bot that is still polling (with a high offset) sees new updates.
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    this.poll?.finish();
    this.stopDelivery();
    for (const w of this.waiters.splice(0)) {
      clearTimeout(w.timer);
      w.reject(new Error("FakeBotApi.waitForCall: the server was stopped"));
    }
    // Let answered long polls flush before the sockets are torn down.
    await new Promise((resolve) => setImmediate(resolve));
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server.closeAllConnections();
    await closed;
    await this.agent.destroy();
  }
}

function commandsKey(p: Json): string {
  const scope = isObj(p.scope) ? p.scope : { type: "default" };
  return [scope.type, scope.chat_id ?? "", scope.user_id ?? "", getString(p, "language_code") ?? ""].map(String).join("|");
}

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}
