/**
 * Edit on a rule's card (features/rules) starts the rule's flow again (features/automations) with
 * today's answers kept: the flow's id and the rule it is given are this shared contract, so
 * neither feature imports the other. The rule travels as JSON (a conversation's arguments are
 * stored), hence the volumes as decimal strings.
 */
import { ruleKind, ruleStatusKind, type AutomationRule } from "../../marketplace/index.js";

export const RULE_EDIT_FLOW = "rule-edit";

export interface RuleEditArgs {
  id: string;
  /** The rules list page the card came from (its way back). */
  page: number;
  kind: "refill" | "renewal" | "smart";
  address: string;
  minimal: string | null;
  volume: string | null;
  duration: string | null;
  autoResume: boolean;
  /** Paused today (for any reason): the new rule starts active, which the preview says. */
  paused: boolean;
  /** The rule's max price (SUN) kept by the bot, if any. */
  capSun: string | null;
}

/** The rule as the edit flow needs it; undefined for a kind the bot cannot create again. */
export function ruleEditArgs(rule: AutomationRule, page: number, capSun: bigint | null): RuleEditArgs | undefined {
  const kind = ruleKind(rule.type);
  if (kind === "unknown") return undefined;
  const text = (value: bigint | null) => (value === null ? null : value.toString());
  return {
    id: rule.id,
    page,
    kind,
    address: rule.targetAddress,
    minimal: text(rule.minimal),
    volume: text(rule.volume),
    duration: rule.duration,
    autoResume: rule.autoResume,
    paused: ruleStatusKind(rule.status) === "paused",
    capSun: text(capSun),
  };
}
