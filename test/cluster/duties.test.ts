/** The leader's duties: started in order at each election, stopped in reverse, never half-started. */
import { expect, it } from "vitest";
import pino from "pino";
import { leaderDuties, senderDuty, type Duty } from "../../src/cluster/duties.js";

const logger = pino({ level: "silent" });

function recorded(log: string[], name: string, failStart = false): Duty {
  return () => {
    if (failStart) return Promise.reject(new Error(`${name} cannot start`));
    log.push(`start ${name}`);
    return Promise.resolve(() => (log.push(`stop ${name}`), Promise.resolve()));
  };
}

it("starts the duties in order, stops them in reverse, and starts them afresh at the next term", async () => {
  const log: string[] = [];
  const role = leaderDuties([recorded(log, "sender"), recorded(log, "watchers"), recorded(log, "polling")], logger);
  await role.elected();
  await role.deposed();
  await role.deposed(); // a second deposal stops nothing twice
  await role.elected();
  expect(log).toEqual(["start sender", "start watchers", "start polling", "stop polling", "stop watchers", "stop sender", "start sender", "start watchers", "start polling"]);
});

it("a duty that cannot start stops the ones that did, and the election hears of it", async () => {
  const log: string[] = [];
  const role = leaderDuties([recorded(log, "sender"), recorded(log, "watchers", true), recorded(log, "polling")], logger);
  await expect(role.elected()).rejects.toThrow("watchers cannot start");
  expect(log).toEqual(["start sender", "stop sender"]);
});

it("an enqueue wakes the sender of the current term only", async () => {
  const wakes: number[] = [];
  let made = 0;
  const current: { wake?: () => void } = {};
  const duty = senderDuty(() => {
    const n = ++made;
    return { start: () => undefined, stop: () => Promise.resolve(), wake: () => wakes.push(n) };
  }, current);
  const stop = await duty();
  current.wake?.();
  await stop();
  current.wake?.(); // between terms: nobody to wake (the next leader finds the notice)
  const stop2 = await duty();
  current.wake?.();
  await stop2();
  expect(wakes).toEqual([1, 2]);
});
