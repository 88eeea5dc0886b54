import { describe, expect, it } from "vitest";
import { signStandardWebhook } from "../../src/dev/sandbox/sign.js";

describe("signStandardWebhook", () => {
  it("matches the Standard Webhooks reference vector", () => {
    expect(
      signStandardWebhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, '{"test": 2432232314}'),
    ).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  it("accepts the timestamp as a string and changes with any input", () => {
    const base = signStandardWebhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", "1614265330", '{"test": 2432232314}');
    expect(base).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
    expect(signStandardWebhook("whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265331, '{"test": 2432232314}')).not.toBe(base);
  });
});
