import { describe, expect, it } from "vitest";
import { pickLocale } from "../../src/bot/i18n.js";

describe("pickLocale", () => {
  it("takes the primary subtag of Telegram's language_code, case-insensitively", () => {
    expect(pickLocale("ru", "en")).toBe("ru");
    expect(pickLocale("en-US", "ru")).toBe("en");
    expect(pickLocale("zh-hans", "en")).toBe("zh");
    expect(pickLocale("ZH_TW", "en")).toBe("zh");
  });

  it("falls back for unsupported, empty or missing codes", () => {
    expect(pickLocale("de", "en")).toBe("en");
    expect(pickLocale("", "ru")).toBe("ru");
    expect(pickLocale(undefined, "zh")).toBe("zh");
    expect(pickLocale("-en", "ru")).toBe("ru");
  });
});
