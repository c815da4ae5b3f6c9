import type { FastifyInstance } from "fastify";
import type { Queryable } from "../src/db/client.ts";
import { buildApp } from "../src/http/app.ts";
import type { ScryptParams } from "../src/modules/accounts/passwords.ts";
import { DemoSmsProvider } from "../src/providers/sms/demo.sms.ts";
import type { SmsProvider } from "../src/providers/sms/index.ts";
import { type DatabaseKind, openTestDatabase, type TestDatabase } from "./databases.ts";

export { testDatabases } from "./databases.ts";

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  headers: Headers;
  body: T;
}

/** Real fetch over HTTP with a cookie jar, like one browser. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly baseUrl: string,
    private readonly defaultHeaders: Record<string, string> = {},
  ) {}

  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests
  async request<T = any>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...this.defaultHeaders,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => {
        const [k = "", v = ""] = a.trim().split("=");
        if (k.toLowerCase() === "max-age") return Number(v) <= 0;
        if (k.toLowerCase() === "expires") return new Date(v).getTime() <= Date.now();
        return false;
      });
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : undefined;
    } catch {
      // keep text
    }
    return { status: res.status, headers: res.headers, body: parsed as T };
  }

  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests
  get<T = any>(path: string) {
    return this.request<T>("GET", path);
  }
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests
  post<T = any>(path: string, body: unknown = {}, headers?: Record<string, string>) {
    return this.request<T>("POST", path, body, headers);
  }
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests
  put<T = any>(path: string, body: unknown) {
    return this.request<T>("PUT", path, body);
  }
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests
  patch<T = any>(path: string, body: unknown) {
    return this.request<T>("PATCH", path, body);
  }
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are checked by the tests
  delete<T = any>(path: string) {
    return this.request<T>("DELETE", path);
  }
}

export interface TestApp {
  kind: DatabaseKind;
  testDb: TestDatabase;
  db: Queryable;
  app: FastifyInstance;
  baseUrl: string;
  sms: DemoSmsProvider;
  /** A new browser (empty cookie jar). */
  client(headers?: Record<string, string>): TestClient;
  close(): Promise<void>;
}

/**
 * scrypt cost in API tests: the production cost (N=2^17, 0.5 s a hash here) over hundreds of sign-ins would add
 * minutes. The rehash test and the real-server tests run the production cost.
 */
export const TEST_HASHING: ScryptParams = { N: 16384, r: 8, p: 1 };

/** Fresh database of `kind`, the real app on 127.0.0.1 port 0. */
export async function startTestApp(
  kind: DatabaseKind,
  /** `passwordHashing: undefined` runs the production cost. */
  options: {
    sms?: SmsProvider;
    publicUrl?: string;
    passwordHashing?: ScryptParams | undefined;
    trustProxyHops?: number;
    smsPerHour?: number;
  } = {},
): Promise<TestApp> {
  const testDb = await openTestDatabase(kind);
  const sms = new DemoSmsProvider();
  const app = await buildApp({
    config: {
      publicUrl: options.publicUrl,
      logLevel: "silent",
      nodeEnv: "test",
      trustProxyHops: options.trustProxyHops,
      smsPerHour: options.smsPerHour,
    },
    database: testDb.database,
    sms: options.sms ?? sms,
    passwordHashing: "passwordHashing" in options ? options.passwordHashing : TEST_HASHING,
  });
  return listenTestApp(kind, testDb, app, sms);
}

/** Listens on 127.0.0.1 port 0 and wraps the app for tests; `close` stops it and drops its database. */
export async function listenTestApp(
  kind: DatabaseKind,
  testDb: TestDatabase,
  app: FastifyInstance,
  sms: DemoSmsProvider,
): Promise<TestApp> {
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  const baseUrl = `http://127.0.0.1:${address.port}`;
  return {
    kind,
    testDb,
    db: testDb.database.db,
    app,
    baseUrl,
    sms,
    client: (headers) => new TestClient(baseUrl, headers),
    async close() {
      await app.close();
      await testDb.dispose();
    },
  };
}
