/**
 * What a key was refused (403 insufficient_scope), read from the error's own call label
 * ("POST /api/v1/orders failed: …", set by the HTTP transport), so the message can say what this
 * key can't do and which scope would: orders and rules need purchase, webhooks need full.
 */
import type { MarketplaceError } from "../../marketplace/errors.js";

export type RefusedOperation = { operation: "orders" | "rules" | "webhooks"; scope: "purchase" | "full" };

const CALL_LABEL = /^(?:GET|POST|PUT|PATCH|DELETE) \/api\/v1\/([a-z-]+)/;

export function refusedOperation(err: MarketplaceError): RefusedOperation | undefined {
  const area = CALL_LABEL.exec(err.message)?.[1];
  switch (area) {
    case "orders":
      return { operation: "orders", scope: "purchase" };
    case "automations":
      return { operation: "rules", scope: "purchase" };
    case "webhooks":
      return { operation: "webhooks", scope: "full" };
    default:
      return undefined;
  }
}
