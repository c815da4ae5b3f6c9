import type { SmsMessage, SmsProvider } from "./sms-provider.ts";

/** Texts nothing: the API returns the code and the web shows it in a demo notice (spec §9). */
export class DemoSmsProvider implements SmsProvider {
  readonly name = "demo";
  readonly revealsCode = true;
  readonly sent: SmsMessage[] = [];

  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
    if (this.sent.length > 100) this.sent.shift();
  }
}
