import { createHash, createHmac } from "node:crypto";
import type { FileStorage } from "./index.ts";

export interface S3Config {
  /** e.g. https://s3.eu-west-1.amazonaws.com, https://oss-cn-hangzhou.aliyuncs.com, http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Prepended to every key, e.g. "essay-grader/". */
  prefix?: string;
}

const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => createHmac("sha256", key).update(data).digest();

/** RFC 3986 encoding of one path segment, as S3's canonical URI wants it. */
function encodeSegment(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** AWS Signature Version 4 headers for one request (path-style URL, no query string). */
export function signV4(input: {
  method: string;
  url: URL;
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
  now?: Date;
}): Record<string, string> {
  const service = input.service ?? "s3";
  const amzDate = (input.now ?? new Date())
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
  const dateStamp = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    host: input.url.host,
    "x-amz-content-sha256": input.payloadHash,
    "x-amz-date": amzDate,
  };
  const names = Object.keys(headers).sort();
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    input.method,
    input.url.pathname,
    "",
    ...names.map((n) => `${n}:${headers[n]}`),
    "",
    signedHeaders,
    input.payloadHash,
  ].join("\n");
  const scope = `${dateStamp}/${input.region}/${service}/aws4_request`;
  const stringToSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  const kDate = hmac(`AWS4${input.secretAccessKey}`, dateStamp);
  const kSigning = hmac(hmac(hmac(kDate, input.region), service), "aws4_request");
  const signature = createHmac("sha256", kSigning).update(stringToSign).digest("hex");
  return {
    "x-amz-content-sha256": input.payloadHash,
    "x-amz-date": amzDate,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/** An S3-compatible bucket (AWS S3, MinIO, Aliyun OSS S3 API…), path-style requests signed with SigV4. */
export class S3Storage implements FileStorage {
  readonly driver = "s3";
  constructor(
    private readonly config: S3Config,
    private readonly fetchImpl: typeof fetch = globalThis.fetch,
  ) {}

  private url(key: string): URL {
    const base = this.config.endpoint.replace(/\/+$/, "");
    const full = `${this.config.prefix ?? ""}${key}`;
    return new URL(`${base}/${encodeSegment(this.config.bucket)}/${full.split("/").map(encodeSegment).join("/")}`);
  }

  private async request(method: string, key: string, body?: Uint8Array, contentType?: string): Promise<Response> {
    const url = this.url(key);
    const signed = signV4({
      method,
      url,
      payloadHash: sha256(body ?? ""),
      region: this.config.region,
      accessKeyId: this.config.accessKeyId,
      secretAccessKey: this.config.secretAccessKey,
    });
    return this.fetchImpl(url, {
      method,
      headers: { ...signed, ...(contentType ? { "content-type": contentType } : {}) },
      body: body ? Buffer.from(body) : undefined,
      signal: AbortSignal.timeout(30_000),
    });
  }

  async put(key: string, bytes: Uint8Array, contentType: string): Promise<void> {
    const res = await this.request("PUT", key, bytes, contentType);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status}`);
  }

  async get(key: string): Promise<Buffer | null> {
    const res = await this.request("GET", key);
    if (res.status === 404) {
      await res.arrayBuffer();
      return null;
    }
    if (!res.ok) throw new Error(`S3 GET ${key} failed: ${res.status}`);
    return Buffer.from(await res.arrayBuffer());
  }

  async delete(key: string): Promise<void> {
    const res = await this.request("DELETE", key);
    await res.arrayBuffer();
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
  }
}
