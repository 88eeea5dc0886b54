/**
 * What each simulated user sends next in the realistic load: a fixed cycle per kind of user,
 * commands, menu taps, keyed and public marketplace calls and answers inside conversations.
 * Taps use a callback button the bot really sent to that chat (read from the fake Bot API's
 * record of its last message with an inline keyboard), never hard-coded callback data.
 */
import type { FakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";

export const ADDRESSES = ["TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t", "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb"] as const;

/** A step: text to send, or a tap on the first or last callback button of the bot's last keyboard. */
type Step = { text: string } | { tap: "first" | "last" };

/** Users with a key: balance, a purchase started (resource button, then the address as text) and cancelled. */
const KEYED: Step[] = [
  { text: "/start" },
  { tap: "last" },
  { text: "/balance" },
  { text: "/buy" },
  { tap: "first" },
  { text: ADDRESSES[0] },
  { text: "/cancel" },
  { text: "/help" },
  { text: `/check ${ADDRESSES[1]}` },
  { text: "/balance" },
];
/** Users without a key: the public address check, directly and as a conversation (asked, then answered). */
const PUBLIC: Step[] = [
  { text: "/start" },
  { tap: "last" },
  { text: "/help" },
  { text: `/check ${ADDRESSES[0]}` },
  { text: "/check" },
  { text: ADDRESSES[1] },
  { text: "/start" },
  { text: "/help" },
  { text: `/check ${ADDRESSES[1]}` },
  { text: "/cancel" },
];

/**
 * One kind of step alone, repeated by every chat (`npm run bench` with BENCH_ONLY=load-kinds): which
 * kinds of update the bot's CPU per update departs from the floor's most. Flows are their steps in turn.
 */
export const ONE_KIND: Record<string, Step[]> = {
  "/start": [{ text: "/start" }],
  "/help": [{ text: "/help" }],
  "/start, then a tap": [{ text: "/start" }, { tap: "last" }],
  "/balance": [{ text: "/balance" }],
  "/check <address>": [{ text: `/check ${ADDRESSES[1]}` }],
  "/check flow (asked, answered)": [{ text: "/check" }, { text: ADDRESSES[1] }],
  "/buy flow (resource, address, /cancel)": [{ text: "/buy" }, { tap: "first" }, { text: ADDRESSES[0] }, { text: "/cancel" }],
};

/**
 * Kinds every chat of which has a key, as the users who take these steps in the mix do (only the
 * keyed users buy): without a key /buy answers "add a key first" and the steps after it are other
 * steps, which the floor does not mirror.
 */
export const KEYED_KINDS: ReadonlySet<string> = new Set(["/buy flow (resource, address, /cancel)"]);

export interface ScriptedChat {
  id: number;
  keyed: boolean;
  step: number;
  /** The steps this chat repeats, instead of its kind of user's cycle. */
  cycle?: readonly Step[];
}

export interface Sent {
  kind: string;
  updateId: number;
  /** Set for taps: the callback query to attribute answerCallbackQuery to. */
  callbackQueryId?: string;
}

/** Injects the chat's next update into the fake Bot API (which queues it for the deliverer). */
export async function sendNext(tg: FakeBotApi, chat: ScriptedChat): Promise<Sent> {
  const cycle = chat.cycle ?? (chat.keyed ? KEYED : PUBLIC);
  const step = cycle[chat.step++ % cycle.length]!;
  if ("text" in step) {
    const { updateId } = await tg.sendText({ userId: chat.id, text: step.text, firstName: "Load", languageCode: ["en", "ru", "zh"][chat.id % 3] });
    return { kind: step.text.startsWith("/") ? step.text.split(" ")[0]! : "text answer", updateId };
  }
  const message = [...tg.messages(chat.id)].reverse().find((m) => m.from === "bot" && !m.deleted && callbackButtons(m.replyMarkup).length > 0);
  const buttons = message ? callbackButtons(message.replyMarkup) : [];
  const data = step.tap === "first" ? buttons[0] : buttons.at(-1);
  if (!message || data === undefined) {
    // nothing to tap (the bot sent no keyboard): the user starts over instead
    const { updateId } = await tg.sendText({ userId: chat.id, text: "/start", firstName: "Load" });
    return { kind: "/start (no button to tap)", updateId };
  }
  const { updateId, callbackQueryId } = await tg.tap({ userId: chat.id, messageId: message.messageId, data });
  return { kind: "tap", updateId, callbackQueryId };
}

function callbackButtons(markup: unknown): string[] {
  const rows = (markup as { inline_keyboard?: Array<Array<{ callback_data?: string }>> } | undefined)?.inline_keyboard ?? [];
  return rows.flat().flatMap((b) => (b.callback_data === undefined ? [] : [b.callback_data]));
}
