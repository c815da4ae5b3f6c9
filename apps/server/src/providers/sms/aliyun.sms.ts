import { createHmac, randomUUID } from "node:crypto";
import type { TVerificationPurpose } from "@essay/contract";
import { type SmsMessage, type SmsProvider, SmsSendError } from "./sms-provider.ts";

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** https://dysmsapi.aliyuncs.com; tests point it at a local server. */
  endpoint: string;
  timeoutMs?: number;
}

/** RFC 3986 encoding as Aliyun's RPC signature wants it (space %20, `*` %2A, `~` kept). */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** Signature method HMAC-SHA1, version 1.0: sign "METHOD&%2F&" + encoded canonical query with "secret&". */
export function signAliyunRpc(method: string, params: Record<string, string>, accessKeySecret: string): string {
  const canonical = Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key] ?? "")}`)
    .join("&");
  const stringToSign = `${method}&${percentEncode("/")}&${percentEncode(canonical)}`;
  return createHmac("sha1", `${accessKeySecret}&`).update(stringToSign).digest("base64");
}

/** Mainland numbers go without +86; others as country code plus number without "+". */
export function aliyunPhone(phoneNumber: string): string {
  return phoneNumber.startsWith("+86") ? phoneNumber.slice(3) : phoneNumber.replace(/^\+/, "");
}

/** Aliyun Dysms SendSms over its RPC HTTP API, signed by hand (no SDK). */
export class AliyunSmsProvider implements SmsProvider {
  readonly name = "aliyun";
  readonly texts = true;
  revealsCode(_purpose?: TVerificationPurpose): boolean {
    return false;
  }
  constructor(private readonly options: AliyunSmsOptions) {}

  async send(message: SmsMessage): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.options.accessKeyId,
      Action: "SendSms",
      Format: "JSON",
      PhoneNumbers: aliyunPhone(message.phoneNumber),
      RegionId: "cn-hangzhou",
      SignName: this.options.signName,
      SignatureMethod: "HMAC-SHA1",
      SignatureNonce: randomUUID(),
      SignatureVersion: "1.0",
      TemplateCode: this.options.templateCode,
      TemplateParam: JSON.stringify({ code: message.code }),
      Timestamp: new Date().toISOString().replace(/\.\d{3}Z$/, "Z"),
      Version: "2017-05-25",
    };
    params.Signature = signAliyunRpc("POST", params, this.options.accessKeySecret);
    const body = Object.entries(params)
      .map(([k, v]) => `${percentEncode(k)}=${percentEncode(v)}`)
      .join("&");
    let response: Response;
    try {
      response = await fetch(this.options.endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new SmsSendError("Aliyun SMS request failed", { cause: error });
    }
    const text = await response.text();
    let result: { Code?: string; Message?: string } = {};
    try {
      result = JSON.parse(text) as typeof result;
    } catch {
      // not JSON: reported below
    }
    if (!response.ok || result.Code !== "OK") {
      throw new SmsSendError(
        `Aliyun SMS refused: ${result.Code ?? response.status} ${result.Message ?? text.slice(0, 200)}`,
      );
    }
  }
}
