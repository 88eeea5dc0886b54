import { timingSafeEqual } from "node:crypto";
import type { Hono } from "hono";
import type { Metrics } from "./metrics.js";

/**
 * GET /metrics in Prometheus' text format, only with `Authorization: Bearer <METRICS_TOKEN>` (401
 * otherwise): the figures say how busy the bot is and who leads, nothing a stranger should read.
 * Without a token configured the route is not there (404).
 */
export function metricsRoute(app: Hono, metrics: Metrics, token: string): void {
  const expected = Buffer.from(`Bearer ${token}`);
  app.get("/metrics", async (c) => {
    const given = Buffer.from(c.req.header("authorization") ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return c.text("unauthorized", 401, { "www-authenticate": "Bearer" });
    return c.body(await metrics.registry.metrics(), 200, { "content-type": metrics.registry.contentType });
  });
}
