import type { FakeBotApi } from "../../src/dev/telegram-fake/fake-bot-api.js";

/**
 * One user's private chat with the bot, for e2e tests: what the bot sent or edited there, and the
 * user's text and taps. Takes a getter because the harness is rebuilt before each test.
 */
export function userChat(tg: () => FakeBotApi, userId: number) {
  const withText = (method: string) => (predicate: (text: string) => boolean) =>
    tg().waitForCall(method, (p) => p.chat_id === userId && predicate(String(p.text)));
  return {
    sent: withText("sendMessage"),
    edited: withText("editMessageText"),
    say: (text: string) => tg().sendText({ userId, text }),
    tap: (label: RegExp | string) => tg().tapButton({ userId, text: label }),
  };
}
