/**
 * /blog with a slug that could change the route once decoded (issue 29): it is answered "not
 * found" and no request reaches the marketplace (`/blog ..` used to ask for GET /api/v1/blog/).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startHarness, type Harness } from "../support/harness.js";
import { recordRequestsTo, type RequestRecorder } from "../support/marketplace-requests.js";

let h: Harness;
let sent: RequestRecorder;
beforeEach(async () => {
  h = await startHarness();
  sent = recordRequestsTo(h.sandbox.url);
});
afterEach(async () => {
  sent.stop();
  await h.stop();
});

const USER = 4101;

describe("/blog with a slug that is no path segment", () => {
  for (const slug of ["..", "%2e%2e", ".", "%2E%2e%2Fwallet", "a%2Fb", "%252e%252e", "x%3Fy", "x%23y"]) {
    it(`/blog ${slug}: not found, and nothing is asked of the marketplace`, async () => {
      await h.tg.sendText({ userId: USER, text: `/blog ${slug}`, languageCode: "ru" });
      await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER);
      expect(h.tg.lastBotMessage(USER)?.text?.startsWith(`Статьи с именем ${slug} нет. Проверьте имя`)).toBe(true);
      expect(sent.requests).toEqual([]);
    });
  }

  it("a real slug still reaches the marketplace (the recorder sees requests)", async () => {
    await h.tg.sendText({ userId: USER, text: "/blog how-to-save-on-usdt-fees" });
    await h.tg.waitForCall("sendMessage", (p) => p.chat_id === USER);
    // the post, then the post it links to (to open that link in the chat)
    expect(sent.requests.map((r) => r.path)).toEqual(["/api/v1/blog/posts/how-to-save-on-usdt-fees?locale=en", "/api/v1/blog/posts/what-is-energy?locale=en"]);
  });
});
