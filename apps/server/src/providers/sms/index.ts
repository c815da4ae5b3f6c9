import type { SmsConfig } from "../../config/env.ts";
import { AliyunSmsProvider } from "./aliyun.sms.ts";
import { DemoSmsProvider } from "./demo.sms.ts";
import type { SmsProvider } from "./sms-provider.ts";

export type { SmsMessage, SmsProvider } from "./sms-provider.ts";
export { SmsSendError } from "./sms-provider.ts";

export function createSmsProvider(config: SmsConfig): SmsProvider {
  switch (config.provider) {
    case "demo":
      return new DemoSmsProvider();
    case "aliyun":
      return new AliyunSmsProvider(config);
  }
}
