/** A bounded loopback load with autocannon: fixed duration and connections, figures out. */
import autocannon from "autocannon";

export interface LoadResult {
  requests: number;
  /** How long the load ran (autocannon rounds durations to whole seconds). */
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadOptions {
  url: string;
  durationSeconds: number;
  connections: number;
  /** Builds each request: a body and headers (e.g. a fresh signed event or a fresh update). */
  makeRequest: () => { body: string; headers: Record<string, string> };
  path: string;
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.durationSeconds,
    pipelining: 1,
    timeout: 10,
    requests: [
      {
        method: "POST",
        path: options.path,
        setupRequest: (req) => {
          const { body, headers } = options.makeRequest();
          return { ...req, body, headers: { ...req.headers, "content-type": "application/json", ...headers } };
        },
      },
    ],
  });
  return {
    requests: result.requests.total,
    seconds: result.duration,
    perSecond: result.requests.average,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}
