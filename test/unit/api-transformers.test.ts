import { describe, expect, it } from "vitest";
import { htmlByDefault } from "../../src/telegram/api-transformers.js";

/** What the transformer hands on: the payload the Bot API call would be made with. */
async function sent(method: string, payload: Record<string, unknown>): Promise<Record<string, unknown>> {
  let handed: unknown;
  await htmlByDefault(
    (_method, p) => {
      handed = p;
      return Promise.resolve({ ok: true, result: true as never });
    },
    method as never,
    payload as never,
  );
  return handed as Record<string, unknown>;
}

describe("HTML by default", () => {
  it("sends texts as HTML without link previews, leaving the caller's payload as it was", async () => {
    const payload = { chat_id: 1, text: "<b>hi</b>" };
    expect(await sent("sendMessage", payload)).toEqual({ chat_id: 1, text: "<b>hi</b>", parse_mode: "HTML", link_preview_options: { is_disabled: true } });
    expect(payload).toEqual({ chat_id: 1, text: "<b>hi</b>" });
    // a caption: HTML, no link preview option (the method has none)
    expect(await sent("sendPhoto", { chat_id: 1, photo: "x" })).toEqual({ chat_id: 1, photo: "x", parse_mode: "HTML" });
  });

  it("keeps what the caller chose, and leaves other methods alone", async () => {
    const plain = { chat_id: 1, text: "a_b", parse_mode: "MarkdownV2", link_preview_options: { is_disabled: false } };
    expect(await sent("editMessageText", plain)).toBe(plain);
    const tap = { callback_query_id: "q" };
    expect(await sent("answerCallbackQuery", tap)).toBe(tap);
  });
});
