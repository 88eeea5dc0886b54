/** The fake Bot API's public types: its options, the calls it records, and the FakeBotApi a test drives. */
import type { Message, Update, UserFromGetMe } from "grammy/types";

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
