/** A rule's firings (the marketplace keeps the last 50), newest first, a page at a time. */
import { kindIcon, kindLabel } from "../../rules/labels.js";
import { InlineKeyboard } from "grammy";
import type { AutomationRule, RuleFiring } from "../../marketplace/index.js";
import type { Formatter, Translate } from "../../format/formatter.js";
import { code } from "../../format/html.js";
import { RuleActions } from "./rule-card.js";
import type { RenderedList } from "./rules-list.js";

export const FIRES_PAGE_SIZE = 10;
const MAX_FIRES = 50;

function newestFirst(fires: readonly RuleFiring[]): RuleFiring[] {
  const at = (f: RuleFiring) => {
    const ms = Date.parse(f.createdAt);
    return Number.isNaN(ms) ? -Infinity : ms;
  };
  return fires
    .map((fire, index) => ({ fire, index }))
    .sort((a, b) => at(b.fire) - at(a.fire) || a.index - b.index)
    .slice(0, MAX_FIRES)
    .map((e) => e.fire);
}

export function renderRuleFires(
  rule: AutomationRule,
  fires: readonly RuleFiring[],
  requestedPage: number,
  t: Translate,
  fmt: Formatter,
): RenderedList {
  const ordered = newestFirst(fires);
  const pages = Math.max(1, Math.ceil(ordered.length / FIRES_PAGE_SIZE));
  const page = Math.min(Math.max(0, Math.trunc(requestedPage) || 0), pages - 1);
  const first = page * FIRES_PAGE_SIZE;
  const lines = [`${kindIcon(rule)} <b>${kindLabel(rule, t)}</b> · ${code(rule.targetAddress)}`, "", `<b>${t("rules-fires-title")}</b>`];
  if (ordered.length === 0) {
    lines.push(t("rules-fires-empty"));
  } else {
    lines.push(t("rules-fires-intro", { count: ordered.length, max: MAX_FIRES }), "");
    ordered.slice(first, first + FIRES_PAGE_SIZE).forEach((fire, i) => {
      const parts = [t("rules-part-volume", { volume: fmt.volume(fire.volume) })];
      if (fire.duration !== null) parts.push(fmt.duration(fire.duration, t));
      parts.push(code(fmt.trx(fire.priceTrx)));
      lines.push(`${first + i + 1}. ${fmt.dateTime(fire.createdAt)} — ${parts.join(" · ")}`);
    });
    if (pages > 1) lines.push("", t("rules-list-page", { page: page + 1, pages }));
  }
  const keyboard = new InlineKeyboard();
  if (page > 0) keyboard.text(t("button-prev"), RuleActions.fires(rule.id, page - 1));
  if (page < pages - 1) keyboard.text(t("button-next"), RuleActions.fires(rule.id, page + 1));
  keyboard.text(t("button-refresh"), RuleActions.fires(rule.id, page)).row();
  keyboard.text(t("rules-button-back-to-rule"), RuleActions.open(rule.id));
  return { text: lines.join("\n"), keyboard, page };
}
