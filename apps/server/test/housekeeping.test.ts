import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { purgeExpired } from "../src/modules/accounts/housekeeping.ts";
import { signedIn } from "./factories.ts";
import { startTestApp, type TestApp, testDatabases } from "./harness.ts";

describe.each(testDatabases())("housekeeping (%s)", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(kind);
  });
  afterAll(() => t?.close());

  it("purges expired sessions, old codes and old rate-limit events, keeping live ones", async () => {
    const q = t.testDb.database.query;
    const live = await signedIn(t);
    const dead = await signedIn(t);
    await q("update sessions set expires_at = now() - interval '1 hour' where user_id = $1", [dead.user.id]);
    await q(
      `insert into verification_codes (phone_number, purpose, code_hash, created_at, expires_at)
       values ('+8613000000001', 'register', 'x', now() - interval '3 days', now() - interval '3 days'),
              ('+8613000000002', 'register', 'y', now(), now() + interval '5 minutes')`,
    );
    await q(
      `insert into rate_limits (key, hits, window_start, updated_at, blocked_until) values
         ('old', 3, now() - interval '2 days', now() - interval '2 days', now() - interval '2 days'),
         ('blocked', 9, now() - interval '2 days', now() - interval '2 days', now() + interval '1 hour'),
         ('new', 1, now(), now(), now())`,
    );
    await purgeExpired(t.db);
    expect(await q("select 1 from sessions where user_id = $1", [dead.user.id])).toHaveLength(0);
    expect((await live.client.get("/api/auth/me")).status).toBe(200);
    const codes = await q<{ phone_number: string }>(
      "select phone_number from verification_codes where phone_number like '+861300000000%'",
    );
    expect(codes.map((c) => c.phone_number)).toEqual(["+8613000000002"]);
    const limits = await q<{ key: string }>(
      "select key from rate_limits where key in ('old', 'blocked', 'new') order by key",
    );
    // a row still blocking is kept however old its window
    expect(limits.map((e) => e.key)).toEqual(["blocked", "new"]);
  });
});
