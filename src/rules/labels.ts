/** How a rule's kind reads in a card, a list or a pushed notice. */
import { ruleKind, type AutomationRule, type RuleKind } from "../marketplace/index.js";
import type { Translate } from "../format/formatter.js";
import { escapeHtml } from "../format/html.js";

const KIND_ICON: Record<RuleKind, string> = { refill: "🔁", renewal: "📅", smart: "🧠", unknown: "⚙️" };

export function kindIcon(rule: Pick<AutomationRule, "type">): string {
  return KIND_ICON[ruleKind(rule.type)];
}

/** "Auto-refill"; an unknown type is shown as the server wrote it. */
export function kindLabel(rule: Pick<AutomationRule, "type">, t: Translate): string {
  const kind = ruleKind(rule.type);
  return kind === "unknown" ? escapeHtml(rule.type) : t(`rules-kind-${kind}`);
}
