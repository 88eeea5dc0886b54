import { createHmac, randomBytes } from "node:crypto";

/** Standard Webhooks: `v1,` + base64 HMAC-SHA256 of `${id}.${timestamp}.${body}`, key = base64 after `whsec_`. */
export function signStandardWebhook(secret: string, id: string, timestamp: number | string, body: string): string {
  const key = Buffer.from(secret.startsWith("whsec_") ? secret.slice("whsec_".length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${id}.${timestamp}.${body}`).digest("base64")}`;
}

export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString("base64")}`;
}
