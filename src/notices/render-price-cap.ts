/** The notices of a rule's price cap: paused above it, resumed under it (the price seen and the cap). */
import type { AutomationRule } from "../marketplace/index.js";
import { code } from "../format/html.js";
import { kindIcon, kindLabel } from "../rules/labels.js";
import { perReferenceEnergy } from "../rules/price-cap.js";
import { openRuleButton, type Notice, type NoticeLocale } from "./render.js";

type CapRule = Pick<AutomationRule, "id" | "type" | "targetAddress" | "autoResume" | "volume">;

export interface CapPrice {
  priceSun: bigint;
  capSun: bigint;
}

function capVars(rule: CapRule, seen: CapPrice, { t, fmt }: NoticeLocale) {
  const per = perReferenceEnergy(seen.priceSun, rule.volume);
  const trx = fmt.trx;
  return {
    rule: `${kindIcon(rule)} ${kindLabel(rule, t)}`,
    address: code(rule.targetAddress),
    price: code(trx(seen.priceSun)),
    cap: code(trx(seen.capSun)),
    per: per === undefined ? "" : t("notice-cap-per-65k", { price: code(trx(per)) }),
  };
}


export function renderCapPaused(rule: CapRule, seen: CapPrice, l: NoticeLocale): Notice {
  const lines = [l.t("notice-cap-paused", capVars(rule, seen, l)), l.t(rule.autoResume ? "notice-cap-resumes" : "notice-cap-resume-yourself")];
  return { text: lines.join("\n"), replyMarkup: openRuleButton(rule, l.t) };
}

export function renderCapResumed(rule: CapRule, seen: CapPrice, l: NoticeLocale): Notice {
  return { text: l.t("notice-cap-resumed", capVars(rule, seen, l)), replyMarkup: openRuleButton(rule, l.t) };
}
