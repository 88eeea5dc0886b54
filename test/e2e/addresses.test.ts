/** /addresses (in Russian): names, live energy, paging, Buy / Check / Rename / Forget, and names offered where an address is asked. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { freshAddress, nextShown, text } from "./buy-support.js";
import { shortAddress } from "../../src/tron/address.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness();
});
afterEach(async () => {
  await h.stop();
});

const USER = 4101;
const labels = () => h.tg.buttons(USER).map((b) => b.text);
const say = (text: string) => h.tg.sendText({ userId: USER, text });
const tap = (label: string | RegExp) => h.tg.tapButton({ userId: USER, text: label });

/** A Russian-speaking user with a key and `count` saved addresses, the first one newest. */
async function givenAddresses(count: number): Promise<string[]> {
  await h.givenUserWithKey(USER);
  await h.store.users.setLanguage(USER, "ru");
  const addresses = Array.from({ length: count }, () => freshAddress());
  for (const [i, a] of addresses.entries()) await h.store.recentAddresses.remember(USER, a, 1_000_000 - i);
  return addresses;
}

describe("/addresses", () => {
  it("lists the addresses with their live energy; a name is checked, saved and offered by the buy flow", async () => {
    const [main, other] = await givenAddresses(2);
    h.sandbox.control.setAddress(main!, { activated: true, energyLimit: 70_000n });

    await say("/addresses");
    const list = text(await nextShown(h, /Ваши адреса/));
    expect(list).toContain(`<code>${main}</code>`);
    expect(list).toContain(`<code>${other}</code>`);
    expect(list).toContain("сейчас доступно 70");
    expect(labels()).toEqual([`1. ${shortAddress(main!)}`, `2. ${shortAddress(other!)}`, "📋 Несколько адресов"]);

    await tap(`1. ${shortAddress(main!)}`);
    await nextShown(h, /без названия/);
    expect(labels()).toEqual(["⚡ Купить энергию", "🔍 Проверить", "✏️ Переименовать", "🗑 Забыть", "⬅️ Назад"]);

    await tap(/Переименовать/);
    await nextShown(h, /Пришлите название/);
    await say("<b>Главный</b>");
    await nextShown(h, /не может быть &lt;/);
    await say("Очень длинное название кошелька для тестов");
    await nextShown(h, /Слишком длинное название/);
    expect((await h.store.recentAddresses.get(USER, main!))?.label).toBeNull();
    await say("  Основной  ");
    await nextShown(h, /теперь называется <b>Основной<\/b>/);
    expect((await h.store.recentAddresses.get(USER, main!))?.label).toBe("Основной");
    // a name made of words, digits and underscores is a name, not a pasted secret
    await tap(/Назад/);
    await nextShown(h, /<b>Основной<\/b>/);
    await tap(new RegExp(`Основной · ${shortAddress(main!)}|1\\. `));
    await nextShown(h, /Основной/);
    await tap(/Переименовать/);
    await nextShown(h, /Пришлите название/);
    await say("Binance_withdrawals_2024");
    await nextShown(h, /теперь называется <b>Binance_withdrawals_2024<\/b>/);
    expect((await h.store.recentAddresses.get(USER, main!))?.label).toBe("Binance_withdrawals_2024");
    await tap(/Назад/);
    await nextShown(h, /Binance_withdrawals_2024/);
    await tap(/Binance_withdrawals_2024/);
    await nextShown(h, /Binance_withdrawals_2024/);
    await tap(/Переименовать/);
    await nextShown(h, /Пришлите название/);
    await say("Основной");
    await nextShown(h, /теперь называется <b>Основной<\/b>/);

    // the same name for another address is refused
    await tap(/Назад/);
    await nextShown(h, /<b>Основной<\/b>/);
    await tap(`2. ${shortAddress(other!)}`);
    await nextShown(h, /без названия/);
    await tap(/Переименовать/);
    await nextShown(h, /Пришлите название/);
    await say("основной");
    await nextShown(h, /уже занято другим адресом/);
    await tap(/Отмена/);

    // the buy flow offers it by name, and a typed name picks it
    await say("/buy");
    await nextShown(h, /Что вы хотите купить/);
    await tap(/Энергия/);
    await nextShown(h, /TRON-адрес/);
    expect(labels()).toContain(`Основной · ${shortAddress(main!)}`);
    await say("ОСНОВНОЙ");
    const volume = text(await nextShown(h, /Сколько/));
    expect(volume).toContain(shortAddress(main!));

    // /check without an address offers it by name too
    await say("/check");
    await nextShown(h, /Пришлите адрес TRON для проверки/);
    expect(labels()).toEqual([`Основной · ${shortAddress(main!)}`, `${shortAddress(other!)}`, "✖️ Отмена"]);
    await say("основной");
    await h.tg.waitForCall("editMessageText", (p) => String(p.text).includes(main!) && String(p.text).includes("Энергия"));
  });

  it("pages with ◀️ ▶️ in place; Forget removes an address; Buy starts the buy flow with the address", async () => {
    const addresses = await givenAddresses(7);
    await say("/addresses");
    const first = await nextShown(h, /страница 1 из 2/);
    expect(labels()).toContain("▶️");
    await tap("▶️");
    const second = await h.tg.waitForCall("editMessageText", (p) => /страница 2 из 2/.test(String(p.text)));
    expect(second.payload.message_id).toBe((first.response as { result: { message_id: number } }).result.message_id);
    expect(labels().slice(0, 2)).toEqual([`6. ${shortAddress(addresses[5]!)}`, `7. ${shortAddress(addresses[6]!)}`]);

    await tap(`7. ${shortAddress(addresses[6]!)}`);
    await nextShown(h, /без названия/);
    await tap(/Забыть/);
    await nextShown(h, /Забыть .*\?/);
    expect(labels()).toEqual(["🗑 Да, забыть", "Оставить"]);
    // Keep it: back to the card, nothing forgotten
    await tap("Оставить");
    await nextShown(h, /без названия/);
    expect(await h.store.recentAddresses.get(USER, addresses[6]!)).toBeDefined();
    await tap(/Забыть/);
    await nextShown(h, /Забыть .*\?/);
    await tap("🗑 Да, забыть");
    await nextShown(h, /забыт/);
    expect(await h.store.recentAddresses.get(USER, addresses[6]!)).toBeUndefined();
    expect(labels()).not.toContain(`7. ${shortAddress(addresses[6]!)}`);

    await tap(`6. ${shortAddress(addresses[5]!)}`);
    await nextShown(h, /без названия/);
    // Check sends the address's full card; the address card stays
    await tap(/Проверить/);
    await h.tg.waitForCall("sendMessage", (p) => String(p.text).includes(`<code>${addresses[5]}</code>`));
    // "Купить энергию" is energy: straight to its volume step (issue 30), not "what would you like to buy?"
    await tap(/Купить энергию/);
    const volume = text(await nextShown(h, /Сколько|Что вы хотите купить/));
    expect(volume).toContain("Энергия");
    expect(volume).toContain(shortAddress(addresses[5]!));
  });

  it("an empty list offers buying; the checker down shows the addresses without energy", async () => {
    await h.givenUserWithKey(USER);
    await h.store.users.setLanguage(USER, "zh");
    await say("/addresses");
    await nextShown(h, /您还没有保存的地址/);
    expect(labels()).toEqual([expect.stringContaining("能量")]);

    const address = freshAddress();
    await h.store.recentAddresses.remember(USER, address);
    h.sandbox.control.setCheckerAvailable(false);
    await say("/addresses");
    const list = text(await nextShown(h, /您的地址/));
    expect(list).toContain(`<code>${address}</code>`);
    expect(list).toContain("地址检查服务没有响应");
  });
});
