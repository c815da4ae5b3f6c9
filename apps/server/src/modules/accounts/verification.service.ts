import type { TSendVerificationCodeResponse } from "@essay/contract";
import type { Queryable } from "../../db/client.ts";
import { fail } from "../../lib/fail.ts";
import type { SmsProvider } from "../../providers/sms/index.ts";
import { LIMITS, type RateLimiter } from "./rate-limits.ts";
import { CODE_TTL_MS, type CodeTarget, issueCode } from "./verification-codes.ts";

type Log = { error(obj: unknown, msg: string): void };

/**
 * Issues a code and texts it, within the per-phone send limits (1 per 60 s, 10 per day; the caller has counted the
 * address's and the instance's). Sign-in and reset codes
 * (`deliver` false when the phone has no account) answer identically either way: the limits count, the SMS leaves
 * after the reply, and a failed send is logged rather than reported.
 */
export async function sendCode(
  deps: { db: Queryable; sms: SmsProvider; limiter: RateLimiter; log?: Log },
  target: CodeTarget,
  options: { deliver?: boolean } = {},
): Promise<TSendVerificationCodeResponse> {
  await deps.limiter.hit([LIMITS.smsMinute(target.phoneNumber, target.purpose), LIMITS.smsDay(target.phoneNumber)]);
  const shown = !deps.sms.texts && deps.sms.revealsCode(target.purpose);
  const reply: TSendVerificationCodeResponse = {
    success: true,
    expiresInSeconds: CODE_TTL_MS / 1000,
    delivery: deps.sms.texts ? "sms" : shown ? "screen" : "outbox",
  };
  const blind = target.purpose === "login" || target.purpose === "reset";
  if (blind) {
    if (options.deliver !== false) {
      const code = await issueCode(deps.db, target);
      setImmediate(() => {
        deps.sms
          .send({ phoneNumber: target.phoneNumber, purpose: target.purpose, code })
          .catch((error: unknown) =>
            deps.log?.error({ err: error, provider: deps.sms.name }, "verification SMS failed"),
          );
      });
    }
    return reply;
  }
  const code = await issueCode(deps.db, target);
  try {
    await deps.sms.send({ phoneNumber: target.phoneNumber, purpose: target.purpose, code });
  } catch (error) {
    deps.log?.error({ err: error, provider: deps.sms.name }, "verification SMS failed");
    throw fail("SMS_SEND_FAILED");
  }
  return { ...reply, ...(shown ? { verificationCode: code } : {}) };
}
