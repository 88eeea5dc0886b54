/**
 * Master-key rotation, done once at start-up and by `npm run secrets:rotate`: every secret sealed
 * with a previous master key (SECRETS_KEY_PREVIOUS) is sealed with the current one, so the previous
 * key can be dropped. Secrets sealed with a key the bot does not have at all (SECRETS_KEY replaced
 * without keeping the old one) cannot be opened: they are counted and reported in one clear line,
 * and their owners are asked to add them again when they next use them.
 */
import type { Logger } from "../logger.js";
import type { Store } from "./index.js";

export interface RotationReport {
  resealed: number;
  unreadable: number;
  detail: Awaited<ReturnType<Store["resealSecrets"]>>;
}

export async function rotateSecrets(store: Pick<Store, "resealSecrets">): Promise<RotationReport> {
  const detail = await store.resealSecrets();
  return {
    resealed: detail.apiKeys.resealed + detail.webhookSecrets.resealed,
    unreadable: detail.apiKeys.unreadable + detail.webhookSecrets.unreadable,
    detail,
  };
}

export const UNREADABLE_SECRETS =
  "secrets sealed with a master key this bot does not have (SECRETS_KEY changed without keeping the old one in SECRETS_KEY_PREVIOUS): their users are asked to add them again";

/** The start-up pass: logs how many secrets were re-sealed, and one line for unreadable ones. */
export async function rotateSecretsAtStartUp(store: Pick<Store, "resealSecrets">, logger: Logger, previousKeys: number): Promise<RotationReport> {
  const report = await rotateSecrets(store);
  const counts = { apiKeys: report.detail.apiKeys, webhookSecrets: report.detail.webhookSecrets };
  if (previousKeys > 0 || report.resealed > 0) logger.info(counts, `re-sealed ${report.resealed} secrets with the current master key`);
  if (report.unreadable > 0) logger.error(counts, `${report.unreadable} ${UNREADABLE_SECRETS}`);
  return report;
}
