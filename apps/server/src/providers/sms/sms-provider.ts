import type { TVerificationPurpose } from "@essay/contract";

export interface SmsMessage {
  /** Dial code plus number, "+8613800138001". */
  phoneNumber: string;
  code: string;
  purpose: TVerificationPurpose;
}

/** Sends verification codes. Codes are generated and checked by the server whatever the provider. */
export interface SmsProvider {
  readonly name: string;
  /** True when codes really leave as text messages. */
  readonly texts: boolean;
  /**
   * True when no SMS is sent and the API hands this code back for the UI's demo notice. Never for `login` and `reset`
   * codes: shown on screen they would let anyone into any account.
   */
  revealsCode(purpose: TVerificationPurpose): boolean;
  send(message: SmsMessage): Promise<void>;
}

export class SmsSendError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SmsSendError";
  }
}
