import path from "node:path";
import { z } from "zod";

const ALIYUN_REQUIRED = [
  "ALIYUN_SMS_ACCESS_KEY_ID",
  "ALIYUN_SMS_ACCESS_KEY_SECRET",
  "ALIYUN_SMS_SIGN_NAME",
  "ALIYUN_SMS_TEMPLATE_CODE",
] as const;

export type SmsConfig =
  | { provider: "demo" }
  | {
      provider: "aliyun";
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
      endpoint: string;
    };

function smsConfig(env: {
  SMS_PROVIDER: "demo" | "aliyun";
  ALIYUN_SMS_ACCESS_KEY_ID?: string | undefined;
  ALIYUN_SMS_ACCESS_KEY_SECRET?: string | undefined;
  ALIYUN_SMS_SIGN_NAME?: string | undefined;
  ALIYUN_SMS_TEMPLATE_CODE?: string | undefined;
  ALIYUN_SMS_ENDPOINT: string;
}): SmsConfig {
  if (env.SMS_PROVIDER === "demo") return { provider: "demo" };
  return {
    provider: "aliyun",
    accessKeyId: env.ALIYUN_SMS_ACCESS_KEY_ID ?? "",
    accessKeySecret: env.ALIYUN_SMS_ACCESS_KEY_SECRET ?? "",
    signName: env.ALIYUN_SMS_SIGN_NAME ?? "",
    templateCode: env.ALIYUN_SMS_TEMPLATE_CODE ?? "",
    endpoint: env.ALIYUN_SMS_ENDPOINT,
  };
}

/** The variables the server understands; anything else prefixed with these names is a typo we refuse. */
const ZEnv = z
  .object({
    /** Port the API and the web app are served on. */
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Interface to bind; 127.0.0.1 keeps a laptop install private, 0.0.0.0 serves a school network. */
    HOST: z.string().min(1).default("127.0.0.1"),
    /** Folder for the embedded database, uploaded photos and local state. */
    DATA_DIR: z.string().min(1).default("./data"),
    /** PostgreSQL connection string; when unset the embedded database (PGlite) in DATA_DIR is used. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
      .optional(),
    /** Public origin of the app (https://essays.school.example); decides cookie Secure and the Origin check. */
    PUBLIC_URL: z.url().optional(),
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    /** pino level. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Who texts verification codes: `demo` returns the code to the UI (no SMS), `aliyun` sends it via Aliyun Dysms. */
    SMS_PROVIDER: z.enum(["demo", "aliyun"]).default("demo"),
    /** Aliyun Dysms credentials and template; required only when SMS_PROVIDER=aliyun. */
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().min(1).optional(),
    /** Template with one `${code}` variable, e.g. SMS_123456789. */
    ALIYUN_SMS_TEMPLATE_CODE: z.string().min(1).optional(),
    ALIYUN_SMS_ENDPOINT: z.url().default("https://dysmsapi.aliyuncs.com"),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER !== "aliyun") return;
    for (const key of ALIYUN_REQUIRED) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when SMS_PROVIDER=aliyun" });
    }
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    sms: smsConfig(env),
  }));

export type AppConfig = z.output<typeof ZEnv>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Reads the environment once; an empty string counts as unset so `PORT= npm start` takes the default. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const known = ZEnv.in.shape;
  const input: Record<string, string> = {};
  for (const key of Object.keys(known)) {
    const value = source[key];
    if (value !== undefined && value !== "") input[key] = value;
  }
  const parsed = ZEnv.safeParse(input);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".") || "env"}: ${i.message}`));
  }
  return Object.freeze(parsed.data);
}
