import fs from "node:fs";
import path from "node:path";
import type { TVerificationPurpose } from "@essay/contract";
import type { SmsMessage, SmsProvider } from "./sms-provider.ts";

/** Codes that something else already guards: an invitation code (register) or a signed-in session (phone change). */
const SHOWN_ON_SCREEN: ReadonlySet<TVerificationPurpose> = new Set(["register", "change_old", "change_new"]);

export const OUTBOX_FILE = "sms-outbox.log";

/**
 * Texts nothing. Registration and phone-change codes go back to the browser for the spec's demo notice. Sign-in and
 * reset codes never do (anyone could then sign in as anyone): they are appended to `DATA_DIR/sms-outbox.log`
 * (0600, the server account only), where the administrator reads them with `npm run -s cli -- sms-outbox`.
 */
export class DemoSmsProvider implements SmsProvider {
  readonly name = "demo";
  readonly texts = false;
  readonly sent: SmsMessage[] = [];

  constructor(private readonly outboxDir?: string) {}

  revealsCode(purpose: TVerificationPurpose): boolean {
    return SHOWN_ON_SCREEN.has(purpose);
  }

  async send(message: SmsMessage): Promise<void> {
    this.sent.push(message);
    if (this.sent.length > 100) this.sent.shift();
    if (this.outboxDir && !this.revealsCode(message.purpose)) {
      const line = JSON.stringify({ at: new Date().toISOString(), ...message });
      await fs.promises.appendFile(path.join(this.outboxDir, OUTBOX_FILE), `${line}\n`, { mode: 0o600 });
    }
  }
}

/** The outbox's latest messages, newest last (for the CLI). */
export function readOutbox(dataDir: string, phoneNumber?: string, limit = 10): SmsMessage[] {
  let text = "";
  try {
    text = fs.readFileSync(path.join(dataDir, OUTBOX_FILE), "utf8");
  } catch {
    return [];
  }
  const messages: (SmsMessage & { at: string })[] = [];
  for (const line of text.split("\n")) {
    if (!line.trim()) continue;
    try {
      messages.push(JSON.parse(line) as SmsMessage & { at: string });
    } catch {
      // a torn line from a crash: skip it
    }
  }
  return messages.filter((m) => !phoneNumber || m.phoneNumber === phoneNumber).slice(-limit);
}
