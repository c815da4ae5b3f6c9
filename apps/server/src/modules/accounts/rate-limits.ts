import { and, desc, eq, gt, lt } from "drizzle-orm";
import type { Queryable } from "../../db/client.ts";
import { rateLimitEvents } from "../../db/schema.ts";
import { fail } from "../../lib/fail.ts";

export interface RateRule {
  key: string;
  limit: number;
  windowMs: number;
}

const KEEP_MS = 25 * 60 * 60 * 1000;

/**
 * Sliding-window limits counted over a table of events, so they hold across processes and restarts.
 * `assertAllowed` throws 429 RATE_LIMITED with Retry-After (seconds until the oldest counted event leaves the window).
 */
export class RateLimiter {
  constructor(private readonly db: Queryable) {}

  async retryAfterSeconds(rule: RateRule, now = new Date()): Promise<number> {
    const rows = await this.db
      .select({ createdAt: rateLimitEvents.createdAt })
      .from(rateLimitEvents)
      .where(
        and(eq(rateLimitEvents.key, rule.key), gt(rateLimitEvents.createdAt, new Date(now.getTime() - rule.windowMs))),
      )
      .orderBy(desc(rateLimitEvents.createdAt))
      .limit(rule.limit);
    const oldest = rows[rule.limit - 1];
    if (!oldest) return 0;
    return Math.max(1, Math.ceil((oldest.createdAt.getTime() + rule.windowMs - now.getTime()) / 1000));
  }

  async assertAllowed(rules: RateRule[], now = new Date()): Promise<void> {
    let wait = 0;
    for (const rule of rules) wait = Math.max(wait, await this.retryAfterSeconds(rule, now));
    if (wait > 0) throw fail("RATE_LIMITED", { headers: { "retry-after": String(wait) } });
  }

  async record(keys: string[], now = new Date()): Promise<void> {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return;
    await this.db.insert(rateLimitEvents).values(unique.map((key) => ({ key, createdAt: now })));
    if (Math.random() < 0.02) {
      await this.db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, new Date(now.getTime() - KEEP_MS)));
    }
  }
}

const MINUTE = 60_000;
export const LIMITS = {
  /** Failed sign-ins: 10 per 15 minutes per phone and per client IP. */
  signInPhone: (phone: string): RateRule => ({ key: `signin:phone:${phone}`, limit: 10, windowMs: 15 * MINUTE }),
  signInIp: (ip: string): RateRule => ({ key: `signin:ip:${ip}`, limit: 10, windowMs: 15 * MINUTE }),
  /**
   * SMS sends: 1 per 60 s per phone and purpose (a resend cooldown: registering and then changing the phone at once
   * is legitimate), and 10 per day per phone across purposes.
   */
  smsMinute: (phone: string, purpose: string): RateRule => ({
    key: `sms:${purpose}:${phone}`,
    limit: 1,
    windowMs: MINUTE,
  }),
  smsDay: (phone: string): RateRule => ({ key: `sms:${phone}`, limit: 10, windowMs: 24 * 60 * MINUTE }),
};
