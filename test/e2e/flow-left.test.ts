/**
 * A command sent in the middle of a flow (issue 30 item 10): the flow is left visibly (its message
 * says it was cancelled, its buttons gone) and the command is answered; no question stays on screen.
 */
import { afterEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { userChat } from "../support/user-chat.js";
import { loadTranslations } from "../../src/i18n/translations.js";

const USER = 30_010;
const tr = loadTranslations("en");

let h: Harness | undefined;
afterEach(async () => {
  await h?.stop();
  h = undefined;
});

const { sent, edited, say } = userChat(() => h!.tg, USER);

describe("a command in the middle of a flow", () => {
  for (const [locale, kind] of [
    ["en", "refill"],
    ["ru", "renewal"],
  ] as const) {
    it(`(${locale}) /${kind} then /balance: the flow's message says the ${kind} was cancelled, has no buttons, and /balance is answered`, async () => {
      h = await startHarness();
      await h.givenUserWithKey(USER, { trx: "1000" });
      await h.store.users.setLanguage(USER, locale);
      const t = (key: string, vars?: Record<string, string>) => tr.t(locale, key, vars);

      await say(`/${kind}`);
      const ask = await sent((text) => text.includes(t(`auto-intro-${kind}`).split("\n")[0]!));
      const flowId = (ask.response as { result: { message_id: number } }).result.message_id;

      await say("/balance");
      const left = await edited((text) => text === t("auto-cancelled", { kind: t(`rules-kind-${kind}`) }));
      expect(left.payload.message_id).toBe(flowId);
      expect(h.tg.buttons(USER, flowId)).toEqual([]);
      await sent((text) => text.includes(t("balance-title")));
    });
  }
});
