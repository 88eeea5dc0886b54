/** Shared by the check, inline and blog e2e tests: a harness whose public marketplace calls can be watched and replaced. */
import type { AddressCheck, BlogPost, PublicClient } from "../../src/marketplace/index.js";
import { startHarness, type Harness } from "../support/harness.js";

export const USDT_CONTRACT = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t";
export const ZERO_ADDRESS = "T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb";
/** USDT_CONTRACT with its last character changed: the right shape, a wrong checksum. */
export const BAD_CHECKSUM = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u";
export const BOT_USERNAME = "energy_test_bot";
/** The sandbox's clock stands still, so used resources do not recover between two calls. */
export const SANDBOX_NOW = Date.UTC(2026, 0, 15, 12, 0, 0);

export interface PublicSpy {
  checks: string[];
  posts: Array<{ slug: string; locale: string | undefined }>;
  /** When set, answers instead of the sandbox. */
  checkAddress?: (address: string) => Promise<AddressCheck>;
  blogPost?: (slug: string, locale: string | undefined) => Promise<BlogPost>;
}

export async function startWatchedHarness(): Promise<{ h: Harness; spy: PublicSpy }> {
  const spy: PublicSpy = { checks: [], posts: [] };
  const h = await startHarness({
    sandbox: { now: () => SANDBOX_NOW },
    extendDeps: (deps) => {
      const real = deps.marketplace.public;
      const watched: PublicClient = {
        checkAddress: (address, options) => {
          spy.checks.push(address);
          return spy.checkAddress ? spy.checkAddress(address) : real.checkAddress(address, options);
        },
        blogPost: (slug, locale, options) => {
          spy.posts.push({ slug, locale });
          return spy.blogPost ? spy.blogPost(slug, locale) : real.blogPost(slug, locale, options);
        },
      };
      return { ...deps, marketplace: { ...deps.marketplace, public: watched } };
    },
  });
  return { h, spy };
}

/**
 * The next message the bot sends to `chatId`, or edits there (a flow's one message changes in
 * place), whose HTML matches `pattern`: what was sent and what the user sees.
 */
export async function botSays(h: Harness, chatId: number, pattern?: RegExp): Promise<{ text: string; html: string; messageId: number }> {
  const call = await h.tg.waitForCall(["sendMessage", "editMessageText"], (p) => p.chat_id === chatId && (!pattern || pattern.test(String(p.text))));
  const { result } = call.response as { result: { message_id: number; text: string } };
  return { text: result.text, html: String(call.payload.text), messageId: result.message_id };
}
