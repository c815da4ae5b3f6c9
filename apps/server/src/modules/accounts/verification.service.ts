import type { TSendVerificationCodeResponse } from "@essay/contract";
import type { Queryable } from "../../db/client.ts";
import { fail } from "../../lib/fail.ts";
import type { SmsProvider } from "../../providers/sms/index.ts";
import { LIMITS, type RateLimiter } from "./rate-limits.ts";
import { CODE_TTL_MS, type CodeTarget, issueCode } from "./verification-codes.ts";

/** Issues a code and texts it, within the per-phone send limits (1 per 60 s, 10 per day). */
export async function sendCode(
  deps: { db: Queryable; sms: SmsProvider; limiter: RateLimiter; log?: { error(obj: unknown, msg: string): void } },
  target: CodeTarget,
): Promise<TSendVerificationCodeResponse> {
  const rules = [LIMITS.smsMinute(target.phoneNumber, target.purpose), LIMITS.smsDay(target.phoneNumber)];
  await deps.limiter.assertAllowed(rules);
  await deps.limiter.record(rules.map((r) => r.key));
  const code = await issueCode(deps.db, target);
  try {
    await deps.sms.send({ phoneNumber: target.phoneNumber, purpose: target.purpose, code });
  } catch (error) {
    deps.log?.error({ err: error, provider: deps.sms.name }, "verification SMS failed");
    throw fail("SMS_SEND_FAILED");
  }
  return {
    success: true,
    expiresInSeconds: CODE_TTL_MS / 1000,
    ...(deps.sms.revealsCode ? { verificationCode: code } : {}),
  };
}
