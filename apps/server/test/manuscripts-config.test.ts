import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config/env.ts";
import { createOcrFromConfig } from "../src/providers/ocr/index.ts";

describe("job and engine configuration", () => {
  it("defaults: both services, embedded engines, local storage, bounded retries", () => {
    const c = loadConfig({});
    expect(c.services).toEqual({ api: true, worker: true });
    expect(c.ocr.provider).toBe("embedded");
    expect(c.grader.provider).toBe("embedded");
    expect(c.storage.driver).toBe("local");
    expect(c.jobs).toMatchObject({ concurrencyOcr: 1, retryLimit: 3, expireSeconds: 600 });
  });

  it("SERVICES picks roles; unknown roles are refused", () => {
    expect(loadConfig({ SERVICES: "worker" }).services).toEqual({ api: false, worker: true });
    expect(loadConfig({ SERVICES: "api" }).services).toEqual({ api: true, worker: false });
    expect(() => loadConfig({ SERVICES: "api,cron" })).toThrow(ConfigError);
  });

  it("an OpenAI-compatible provider needs its URL and model, only when selected", () => {
    expect(() => loadConfig({ OCR_PROVIDER: "openai" })).toThrow(/OCR_OPENAI_BASE_URL/);
    expect(() => loadConfig({ GRADER_PROVIDER: "openai", GRADER_OPENAI_BASE_URL: "http://x" })).toThrow(
      /GRADER_OPENAI_MODEL/,
    );
    const c = loadConfig({
      OCR_PROVIDER: "openai",
      OCR_OPENAI_BASE_URL: "http://127.0.0.1:9/v1",
      OCR_OPENAI_MODEL: "vision",
      GRADER_OPENAI_MODEL: "ignored-when-embedded",
    });
    expect(c.ocr).toMatchObject({ provider: "openai", openai: { baseUrl: "http://127.0.0.1:9/v1", model: "vision" } });
    expect(c.grader.openai).toBeUndefined();
  });

  it("OCR_PROVIDER=baidu needs both Baidu keys; the base URL is optional and must be a URL", () => {
    expect(() => loadConfig({ OCR_PROVIDER: "baidu" })).toThrow(/OCR_BAIDU_API_KEY[\s\S]*OCR_BAIDU_SECRET_KEY/);
    expect(() => loadConfig({ OCR_PROVIDER: "baidu", OCR_BAIDU_API_KEY: "ak" })).toThrow(/OCR_BAIDU_SECRET_KEY/);
    expect(() => loadConfig({ OCR_PROVIDER: "baidu", OCR_BAIDU_SECRET_KEY: "sk" })).toThrow(/OCR_BAIDU_API_KEY/);
    expect(() =>
      loadConfig({
        OCR_PROVIDER: "baidu",
        OCR_BAIDU_API_KEY: "ak",
        OCR_BAIDU_SECRET_KEY: "sk",
        OCR_BAIDU_BASE_URL: "not a url",
      }),
    ).toThrow(/OCR_BAIDU_BASE_URL/);
    const c = loadConfig({ OCR_PROVIDER: "baidu", OCR_BAIDU_API_KEY: "ak", OCR_BAIDU_SECRET_KEY: "sk" });
    expect(c.ocr).toMatchObject({ provider: "baidu", baidu: { apiKey: "ak", secretKey: "sk" } });
    expect(c.ocr.baidu?.baseUrl).toBeUndefined();
    expect(c.ocr.openai).toBeUndefined();
    const engine = createOcrFromConfig(c.ocr);
    expect([engine.id, engine.version]).toEqual(["baidu", "handwriting-v1"]);
    const local = loadConfig({
      OCR_PROVIDER: "baidu",
      OCR_BAIDU_API_KEY: "ak",
      OCR_BAIDU_SECRET_KEY: "sk",
      OCR_BAIDU_BASE_URL: "http://127.0.0.1:9",
    });
    expect(local.ocr.baidu?.baseUrl).toBe("http://127.0.0.1:9");
    // Keys set while another provider is selected are ignored: nothing goes to Baidu unless OCR_PROVIDER=baidu.
    const off = loadConfig({ OCR_BAIDU_API_KEY: "ak", OCR_BAIDU_SECRET_KEY: "sk" });
    expect(off.ocr.provider).toBe("embedded");
    expect(off.ocr.baidu).toBeUndefined();
  });

  it("STORAGE_DRIVER=s3 needs endpoint, bucket and keys", () => {
    expect(() => loadConfig({ STORAGE_DRIVER: "s3" })).toThrow(/S3_BUCKET/);
    const c = loadConfig({
      STORAGE_DRIVER: "s3",
      S3_ENDPOINT: "http://127.0.0.1:9000",
      S3_BUCKET: "essays",
      S3_ACCESS_KEY_ID: "id",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(c.storage).toMatchObject({ driver: "s3", s3: { bucket: "essays", region: "us-east-1" } });
  });
});
