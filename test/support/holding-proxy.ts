/**
 * A proxy in front of the sandbox that holds back the answers to the requests matching a pattern
 * until the test releases them: a marketplace call made slow at a chosen moment, without timing.
 */
import { startForwardingProxy } from "./forwarding-proxy.js";

export interface HoldingProxy {
  url: string;
  /** Requests matching the pattern seen so far. */
  held(): number;
  /** Lets the held answers go, and every later one at once. */
  release(): void;
  close(): Promise<void>;
}

export async function startHoldingProxy(upstream: () => string, hold: RegExp): Promise<HoldingProxy> {
  let held = 0;
  let released = false;
  const waiting: Array<() => void> = [];
  const proxy = await startForwardingProxy(upstream, (path) => {
    const holdThis = hold.test(path);
    if (holdThis) held++;
    return (pass) => (holdThis && !released ? waiting.push(pass) : pass());
  });
  return {
    url: proxy.url,
    held: () => held,
    release: () => {
      released = true;
      waiting.splice(0).forEach((pass) => pass());
    },
    close: () => proxy.close(),
  };
}
