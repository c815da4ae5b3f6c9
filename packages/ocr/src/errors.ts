export type OcrErrorCode =
  | "OCR_BAD_IMAGE"
  | "OCR_TIMEOUT"
  | "OCR_ABORTED"
  | "OCR_PROVIDER"
  | "OCR_ENGINE"
  | "OCR_CONFIG"
  | "OCR_CLOSED";

const RETRYABLE: Record<OcrErrorCode, boolean> = {
  OCR_BAD_IMAGE: false,
  OCR_TIMEOUT: true,
  OCR_ABORTED: false,
  OCR_PROVIDER: true,
  OCR_ENGINE: true,
  OCR_CONFIG: false,
  OCR_CLOSED: false,
};

export class OcrError extends Error {
  readonly code: OcrErrorCode;
  readonly retryable: boolean;
  constructor(code: OcrErrorCode, message: string, opts: { retryable?: boolean; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = "OcrError";
    this.code = code;
    this.retryable = opts.retryable ?? RETRYABLE[code];
  }
}

export interface SerializedError {
  code: OcrErrorCode;
  message: string;
  retryable: boolean;
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof OcrError) return { code: err.code, message: err.message, retryable: err.retryable };
  const message = err instanceof Error ? err.message : String(err);
  return { code: "OCR_ENGINE", message, retryable: true };
}

export function deserializeError(e: SerializedError): OcrError {
  return new OcrError(e.code, e.message, { retryable: e.retryable });
}
