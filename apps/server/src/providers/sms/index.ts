import type { SmsConfig } from "../../config/env.ts";
import { AliyunSmsProvider } from "./aliyun.sms.ts";
import { DemoSmsProvider } from "./demo.sms.ts";
import type { SmsProvider } from "./sms-provider.ts";

export type { SmsMessage, SmsProvider } from "./sms-provider.ts";
export { SmsSendError } from "./sms-provider.ts";

/** `dataDir`: where the demo provider keeps its outbox of sign-in and reset codes. */
export function createSmsProvider(config: SmsConfig, dataDir?: string): SmsProvider {
  switch (config.provider) {
    case "demo":
      return new DemoSmsProvider(dataDir);
    case "aliyun":
      return new AliyunSmsProvider(config);
  }
}
