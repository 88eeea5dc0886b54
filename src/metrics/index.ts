/** Operator metrics (Prometheus) and the /metrics route. */
export { createMetrics, type Metrics, type GaugeSources } from "./metrics.js";
export { metricsRoute } from "./route.js";
