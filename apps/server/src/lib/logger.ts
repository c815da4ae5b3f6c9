import pino, { type Logger, type LoggerOptions } from "pino";
import pretty from "pino-pretty";

export type LogFormat = "auto" | "pretty" | "json";

/** Only an error's kind, code and first line survive: driver messages and fields carry the submitted values. */
export function safeError(error: unknown, depth = 0): Record<string, unknown> | undefined {
  if (!error || typeof error !== "object") return error === undefined ? undefined : { message: String(error) };
  const e = error as { name?: unknown; code?: unknown; message?: unknown; stack?: unknown; cause?: unknown };
  const message = redactMessage(typeof e.message === "string" ? e.message : "");
  const stackFrames =
    typeof e.stack === "string"
      ? e.stack
          .split("\n")
          .filter((line) => /^\s+at /.test(line))
          .slice(0, 8)
          .join("\n")
      : undefined;
  return {
    type: typeof e.name === "string" ? e.name : "Error",
    ...(typeof e.code === "string" || typeof e.code === "number" ? { code: e.code } : {}),
    message,
    ...(stackFrames ? { stack: stackFrames } : {}),
    ...(e.cause && depth < 3 ? { cause: safeError(e.cause, depth + 1) } : {}),
  };
}

/**
 * Drizzle puts the statement's parameters in its message ("Failed query: … params: +86138…, Li Hua");
 * PostgreSQL's own messages quote values after "Key (…)=(…)". Keep the statement, drop the values.
 */
export function redactMessage(message: string): string {
  return message
    .replace(/\nparams:[\s\S]*$/, "\nparams: [redacted]")
    .replace(/=\([^)]*\)/g, "=(…)")
    .slice(0, 500);
}

export interface LogSettings {
  level: string;
  format: LogFormat;
}

/** JSON lines for machines; one readable line per event on a terminal (or when asked with LOG_FORMAT=pretty). */
export function createLogger(settings: LogSettings, stream: NodeJS.WritableStream = process.stdout): Logger {
  const usePretty = settings.format === "pretty" || (settings.format === "auto" && Boolean(process.stdout.isTTY));
  const options: LoggerOptions = {
    level: settings.level,
    serializers: { err: (error: unknown) => safeError(error), error: (error: unknown) => safeError(error) },
    redact: ["req.headers.cookie", "req.headers.authorization"],
  };
  if (!usePretty) return pino(options, stream);
  return pino(
    options,
    pretty({
      destination: stream,
      colorize: Boolean((stream as { isTTY?: boolean }).isTTY),
      translateTime: "SYS:HH:MM:ss",
      ignore: "pid,hostname,reqId,statusCode,ms",
      singleLine: true,
      sync: true,
    }),
  );
}
