import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { parseTelegramHtml } from "../../src/dev/telegram-fake/fake-bot-api.js";
import { MarketplaceError } from "../../src/marketplace/errors.js";
import { BAD_CHECKSUM, BOT_USERNAME, startWatchedHarness, USDT_CONTRACT, type PublicSpy } from "./check-support.js";

let h: Harness;
let spy: PublicSpy;
beforeEach(async () => {
  ({ h, spy } = await startWatchedHarness());
});
afterEach(async () => {
  await h.stop();
});

const USER = 3001;

interface Article {
  type: string;
  id: string;
  title: string;
  description?: string;
  input_message_content: { message_text: string; parse_mode?: string };
  reply_markup?: { inline_keyboard: Array<Array<{ text: string; url?: string; callback_data?: string }>> };
}

async function answerTo(query: string, languageCode = "en") {
  const { inlineQueryId } = await h.tg.inlineQuery({ userId: USER, query, languageCode });
  const call = await h.tg.waitForCall("answerInlineQuery", (p) => p.inline_query_id === inlineQueryId);
  expect((call.response as { ok: boolean }).ok).toBe(true);
  return call.payload as { results: Article[]; cache_time?: number; is_personal?: boolean; button?: { text: string; start_parameter?: string } };
}

describe("inline mode", () => {
  it("an address gives one card to send: HTML set explicitly, Buy deep-links to the bot", async () => {
    h.sandbox.control.setAddress(USDT_CONTRACT, { activated: true, energyLimit: 140_000n });
    const answer = await answerTo(`  ${USDT_CONTRACT} `);
    expect(answer.cache_time).toBe(10);
    expect(answer.is_personal).toBe(true);
    expect(answer.results).toHaveLength(1);
    const [card] = answer.results;
    expect(card!.type).toBe("article");
    expect(card!.title).toBe("🔍 Check TR7NHq…Lj6t");
    expect(card!.description).toBe("Energy 140,000 · bandwidth 600 · USDT transfers: 2");
    expect(card!.input_message_content.parse_mode).toBe("HTML");
    const shown = parseTelegramHtml(card!.input_message_content.message_text).text;
    expect(shown).toContain("Limit 140,000 · used 0 · available 140,000");
    expect(shown).toContain("• 2 USDT transfers to an address that holds USDT");
    expect(card!.reply_markup?.inline_keyboard.flat()).toEqual([{ text: "⚡ Buy energy", url: `https://t.me/${BOT_USERNAME}?start=buy_${USDT_CONTRACT}` }]);
  });

  it("in the user's language, so personal: Telegram must not hand one user's answer to another", async () => {
    const answer = await answerTo(USDT_CONTRACT, "ru");
    expect(answer.is_personal).toBe(true);
    expect(answer.results[0]?.title).toBe("🔍 Проверить TR7NHq…Lj6t");
    expect(answer.results[0]?.input_message_content.message_text).toContain("Пропускная способность");
  });

  it("partial or other text: no results and a button that opens the bot", async () => {
    for (const query of ["", "T", "TR7NHqjeKQ", "hello there", `${USDT_CONTRACT} extra`]) {
      const answer = await answerTo(query);
      expect(answer.results, query).toEqual([]);
      expect(answer.is_personal, query).toBe(true);
      expect(answer.button, query).toEqual({ text: "Type a TRON address (T…) to check it", start_parameter: "inline" });
    }
    expect(spy.checks).toEqual([]);
  });

  it("a wrong checksum says it is not valid without asking the checker; so does a 400 from the server", async () => {
    const answer = await answerTo(BAD_CHECKSUM);
    expect(answer.results).toEqual([]);
    expect(answer.button?.text).toBe("Not a valid TRON address: check it and try again");
    expect(spy.checks).toEqual([]);
    spy.checkAddress = () => Promise.reject(new MarketplaceError("http", "bad address", 400));
    const refused = await answerTo(USDT_CONTRACT);
    expect(refused.results).toEqual([]);
    expect(refused.button?.text).toBe("Not a valid TRON address: check it and try again");
  });

  it("when the node is down, one result says so (plain description, HTML message)", async () => {
    h.sandbox.control.setCheckerAvailable(false);
    const answer = await answerTo(USDT_CONTRACT);
    expect(answer.results).toHaveLength(1);
    expect(answer.results[0]?.title).toBe("Could not check TR7NHq…Lj6t");
    expect(answer.results[0]?.description).toBe("The TRON network node is unavailable right now. Please try again in a minute.");
    expect(answer.results[0]?.input_message_content.parse_mode).toBe("HTML");
  });
});
