/**
 * No dead ends on money (in Russian): a 402 while creating a rule keeps the answers and offers
 * Deposit and Try again; the daily spend limit says how much of it is spent and when it resets.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { userChat } from "../support/user-chat.js";
import { confirm, freshAddress, intentIdOnCard, nextShown, text } from "./buy-support.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 4301;
const { sent, edited, say } = userChat(() => h.tg, USER);
const tapRu = (label: RegExp, messageId?: number) => h.tg.tapButton({ userId: USER, text: label, messageId });

describe("a 402 while creating a rule", () => {
  it("keeps the answers: the shortfall with Deposit and Try again, and Try again after a deposit creates the rule", async () => {
    const { accountId, apiKey } = await h.givenUserWithKey(USER, { trx: "2" });
    await h.store.users.setLanguage(USER, "ru");
    const address = freshAddress();
    await say("/renewal");
    const first = await sent((t) => t.includes("TRON"));
    const flowId = (first.response as { result: { message_id: number } }).result.message_id;
    await say(address);
    await edited((t) => t.includes("Сколько энергии продлевать"));
    await say("65k");
    await edited((t) => t.includes("Автовозобновление?"));
    await tapRu(/^Да$/);
    await edited((t) => t.includes("Проверьте новое правило автопродления"));
    await tapRu(/Подтвердить/, flowId);

    const refused = text(await edited((t) => t.includes("Пополните баланс хотя бы на")));
    expect(refused).toMatch(/на балансе <code>2,0+ TRX<\/code>/);
    expect(h.tg.buttons(USER, flowId).map((b) => b.text)).toEqual(["💳 Пополнить", "🔁 Попробовать снова", "✖️ Отмена"]);
    expect(await h.marketplace.forKey(apiKey).listRules()).toHaveLength(0);

    h.sandbox.control.deposit(accountId, "50");
    await tapRu(/Попробовать снова/, flowId);
    // the preview again, with the answers given before and the new balance
    const again = text(await edited((t) => t.includes("Проверьте новое правило автопродления") && /52,0+ TRX/.test(t)));
    expect(again).toContain(address);
    expect(again).toContain("65");
    await tapRu(/Подтвердить/, flowId);
    await edited((t) => t.includes("Правило создано"));
    const rules = await h.marketplace.forKey(apiKey).listRules();
    expect(rules).toHaveLength(1);
    expect(rules[0]).toMatchObject({ targetAddress: address, volume: 65_000n, autoResume: true });
  });
});

describe("the daily spend limit", () => {
  it("says how much of the limit is spent today, that this order would pass it, and the time to the UTC reset", async () => {
    const { accountId } = await h.givenUserWithKey(USER, { trx: "100", dailyLimitTrx: "10" });
    await h.store.users.setLanguage(USER, "ru");
    const address = freshAddress();
    h.sandbox.control.setAddress(address, { activated: true });
    const buy = async () => {
      await say(`/buy energy ${address} 65k 1d`);
      await nextShown(h, /Итого к оплате/);
      return intentIdOnCard(h, USER);
    };
    const placed = await buy();
    await confirm(h, USER, placed, /Статус/);

    const refused = text(await confirm(h, USER, await buy(), /лимит/));
    expect(refused).toMatch(/превысит дневной лимит трат ключа: сегодня \(по UTC\) уже потрачено 5,36 TRX из 10,00 TRX/);
    expect(refused).toMatch(/обнулится в 00:00 UTC, через \d+ ч \d+ мин/);
    expect(h.sandbox.control.orderCount(accountId)).toBe(1);
  });
});
