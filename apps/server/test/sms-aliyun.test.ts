import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config/env.ts";
import { AliyunSmsProvider, aliyunPhone, percentEncode, signAliyunRpc } from "../src/providers/sms/aliyun.sms.ts";
import { createSmsProvider } from "../src/providers/sms/index.ts";
import { createInvitation, randomPhone } from "./factories.ts";
import { startTestApp, type TestApp } from "./harness.ts";

interface Received {
  method: string;
  contentType: string | undefined;
  params: Record<string, string>;
}

/** A stand-in for dysmsapi.aliyuncs.com that checks the signature like Aliyun does. */
async function fakeAliyun(secret: string, answer: (p: Record<string, string>) => { status: number; body: unknown }) {
  const received: Received[] = [];
  const server = http.createServer(async (req, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const params = Object.fromEntries(new URLSearchParams(raw));
    received.push({ method: req.method ?? "", contentType: req.headers["content-type"], params });
    const { Signature, ...rest } = params;
    const ok = Signature === signAliyunRpc("POST", rest, secret);
    const reply = ok
      ? answer(params)
      : { status: 400, body: { Code: "SignatureDoesNotMatch", Message: "bad signature" } };
    res.writeHead(reply.status, { "content-type": "application/json" });
    res.end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { endpoint, received, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const OPTIONS = {
  accessKeyId: "testid",
  accessKeySecret: "testsecret",
  signName: "作文批改",
  templateCode: "SMS_1234",
};

describe("Aliyun SMS provider", () => {
  it("percent-encodes the RFC 3986 way Aliyun signs", () => {
    expect(percentEncode("a b*c~d'(!)")).toBe("a%20b%2Ac~d%27%28%21%29");
    expect(percentEncode("作")).toBe("%E4%BD%9C");
    expect(percentEncode("/")).toBe("%2F");
  });

  it("signs HMAC-SHA1 over the sorted canonical query (Aliyun's documented example)", () => {
    // From Aliyun's RPC signature documentation (AccessKeySecret "testsecret").
    const params = {
      AccessKeyId: "testid",
      Action: "DescribeRegions",
      Format: "XML",
      SignatureMethod: "HMAC-SHA1",
      SignatureNonce: "3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf",
      SignatureVersion: "1.0",
      Timestamp: "2016-02-23T12:46:24Z",
      Version: "2014-05-26",
    };
    expect(signAliyunRpc("GET", params, "testsecret")).toBe("OLeaidS1JvxuMvnyHOwuJ+uX5qY=");
  });

  it("sends mainland numbers without +86 and others without +", () => {
    expect(aliyunPhone("+8613800138001")).toBe("13800138001");
    expect(aliyunPhone("+85291234567")).toBe("85291234567");
  });

  it("POSTs a signed SendSms request with the code as template parameter", async () => {
    const fake = await fakeAliyun("testsecret", () => ({
      status: 200,
      body: { Code: "OK", Message: "OK", BizId: "1" },
    }));
    try {
      const provider = new AliyunSmsProvider({ ...OPTIONS, endpoint: fake.endpoint });
      expect(provider.revealsCode("register")).toBe(false);
      await provider.send({ phoneNumber: "+8613800138001", code: "123456", purpose: "register" });
      expect(fake.received).toHaveLength(1);
      const [req] = fake.received;
      expect(req?.method).toBe("POST");
      expect(req?.contentType).toBe("application/x-www-form-urlencoded");
      expect(req?.params).toMatchObject({
        Action: "SendSms",
        Version: "2017-05-25",
        AccessKeyId: "testid",
        PhoneNumbers: "13800138001",
        SignName: "作文批改",
        TemplateCode: "SMS_1234",
        TemplateParam: '{"code":"123456"}',
        SignatureMethod: "HMAC-SHA1",
        SignatureVersion: "1.0",
        Format: "JSON",
      });
      expect(req?.params.Timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    } finally {
      await fake.close();
    }
  });

  it("rejects when Aliyun answers with an error code or the signature is wrong", async () => {
    const fake = await fakeAliyun("testsecret", () => ({
      status: 200,
      body: { Code: "isv.BUSINESS_LIMIT_CONTROL", Message: "limit" },
    }));
    try {
      const provider = new AliyunSmsProvider({ ...OPTIONS, endpoint: fake.endpoint });
      await expect(provider.send({ phoneNumber: "+8613800138001", code: "1", purpose: "register" })).rejects.toThrow(
        /BUSINESS_LIMIT_CONTROL/,
      );
      const badKey = new AliyunSmsProvider({ ...OPTIONS, accessKeySecret: "other", endpoint: fake.endpoint });
      await expect(badKey.send({ phoneNumber: "+8613800138001", code: "1", purpose: "register" })).rejects.toThrow(
        /SignatureDoesNotMatch/,
      );
    } finally {
      await fake.close();
    }
  });
});

describe("SMS configuration", () => {
  it("defaults to the demo provider", () => {
    const config = loadConfig({});
    expect(config.sms).toEqual({ provider: "demo" });
    const demo = createSmsProvider(config.sms);
    expect(demo.revealsCode("register")).toBe(true);
    // sign-in and reset codes on screen would let anyone into any account
    expect(demo.revealsCode("login")).toBe(false);
    expect(demo.revealsCode("reset")).toBe(false);
  });

  it("requires the Aliyun variables only when SMS_PROVIDER=aliyun", () => {
    expect(() => loadConfig({ SMS_PROVIDER: "aliyun" })).toThrow(ConfigError);
    try {
      loadConfig({ SMS_PROVIDER: "aliyun", ALIYUN_SMS_ACCESS_KEY_ID: "id" });
    } catch (error) {
      expect((error as ConfigError).problems.join("\n")).toMatch(/ALIYUN_SMS_ACCESS_KEY_SECRET/);
      expect((error as ConfigError).problems.join("\n")).not.toMatch(/ALIYUN_SMS_ACCESS_KEY_ID/);
    }
    const config = loadConfig({
      SMS_PROVIDER: "aliyun",
      ALIYUN_SMS_ACCESS_KEY_ID: "id",
      ALIYUN_SMS_ACCESS_KEY_SECRET: "secret",
      ALIYUN_SMS_SIGN_NAME: "sign",
      ALIYUN_SMS_TEMPLATE_CODE: "SMS_1",
    });
    expect(config.sms).toMatchObject({ provider: "aliyun", endpoint: "https://dysmsapi.aliyuncs.com" });
    expect(createSmsProvider(config.sms).name).toBe("aliyun");
    expect(() => loadConfig({ SMS_PROVIDER: "carrier-pigeon" })).toThrow(ConfigError);
  });
});

describe("API with the Aliyun provider", () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof fakeAliyun>>;
  let failNext = false;
  beforeAll(async () => {
    fake = await fakeAliyun("testsecret", () =>
      failNext ? { status: 200, body: { Code: "isv.MOBILE_NUMBER_ILLEGAL" } } : { status: 200, body: { Code: "OK" } },
    );
    t = await startTestApp("pglite", { sms: new AliyunSmsProvider({ ...OPTIONS, endpoint: fake.endpoint }) });
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
  });

  it("texts the code and does not reveal it in the response", async () => {
    const phoneNumber = randomPhone();
    await createInvitation(t.db, { invitedPhone: phoneNumber });
    const res = await t.client().post("/api/auth/send-verification-code", { phoneNumber, purpose: "register" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, expiresInSeconds: 300, delivery: "sms" });
    const sent = fake.received.at(-1)?.params;
    expect(sent?.PhoneNumbers).toBe(phoneNumber.slice(3));
    const code = JSON.parse(sent?.TemplateParam ?? "{}").code as string;
    const check = await t
      .client()
      .post("/api/auth/check-verification-code", { phoneNumber, purpose: "register", code });
    expect(check.status).toBe(200);
  });

  it("a provider failure is 502 SMS_SEND_FAILED", async () => {
    failNext = true;
    try {
      const phoneNumber = randomPhone();
      await createInvitation(t.db, { invitedPhone: phoneNumber });
      const res = await t.client().post("/api/auth/send-verification-code", { phoneNumber, purpose: "register" });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ code: "SMS_SEND_FAILED", message: "Failed to send verification code" });
    } finally {
      failNext = false;
    }
  });
});
