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
    /** How long start-up keeps retrying a PostgreSQL server it cannot reach before giving up with a message. */
    DATABASE_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** Public origin of the app (https://essays.school.example); decides cookie Secure and the Origin check. */
    PUBLIC_URL: z.url().optional(),
    /**
     * How many reverse proxies stand in front of the server. 0 (default): X-Forwarded-For is ignored and the connecting
     * address is the client's; 1: the address the one proxy appended is the client's; and so on.
     */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
    /** Verification SMS the whole instance may send in an hour (caps what an abuser can cost with a real provider). */
    SMS_MAX_PER_HOUR: z.coerce.number().int().min(1).default(200),
    /** …and one address may ask for in an hour (a whole class registering behind the school's one address). */
    SMS_MAX_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(60),
    NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
    /** pino level. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** `auto`: readable lines on a terminal, JSON lines otherwise; `json` or `pretty` to choose. */
    LOG_FORMAT: z.enum(["auto", "pretty", "json"]).default("auto"),
    /** Who texts verification codes: `demo` returns the code to the UI (no SMS), `aliyun` sends it via Aliyun Dysms. */
    SMS_PROVIDER: z.enum(["demo", "aliyun"]).default("demo"),
    /** Aliyun Dysms credentials and template; required only when SMS_PROVIDER=aliyun. */
    ALIYUN_SMS_ACCESS_KEY_ID: z.string().min(1).optional(),
    ALIYUN_SMS_ACCESS_KEY_SECRET: z.string().min(1).optional(),
    ALIYUN_SMS_SIGN_NAME: z.string().min(1).optional(),
    /** Template with one `${code}` variable, e.g. SMS_123456789. */
    ALIYUN_SMS_TEMPLATE_CODE: z.string().min(1).optional(),
    ALIYUN_SMS_ENDPOINT: z.url().default("https://dysmsapi.aliyuncs.com"),
    /** Which roles this process plays: `api` serves HTTP, `worker` runs recognition and grading jobs. */
    SERVICES: z
      .string()
      .default("api,worker")
      .transform((v) => v.split(",").map((s) => s.trim()))
      .pipe(z.array(z.enum(["api", "worker"])).min(1)),
    /** Where uploaded photos are kept: `local` = DATA_DIR/files, `s3` = an S3-compatible bucket. */
    STORAGE_DRIVER: z.enum(["local", "s3"]).default("local"),
    /** S3-compatible storage (AWS S3, MinIO, OSS…), path-style; required when STORAGE_DRIVER=s3 (prefix optional). */
    S3_ENDPOINT: z.url().optional(),
    S3_REGION: z.string().min(1).default("us-east-1"),
    S3_BUCKET: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_PREFIX: z.string().optional(),
    /** Handwriting recognition: `embedded` (offline PP-OCRv4), an OpenAI-compatible vision model, or Baidu's handwriting OCR. */
    OCR_PROVIDER: z.enum(["embedded", "openai", "baidu"]).default("embedded"),
    OCR_OPENAI_BASE_URL: z.url().optional(),
    OCR_OPENAI_MODEL: z.string().min(1).optional(),
    OCR_OPENAI_API_KEY: z.string().min(1).optional(),
    /** Baidu AI Cloud application keys; required only when OCR_PROVIDER=baidu. */
    OCR_BAIDU_API_KEY: z.string().min(1).optional(),
    OCR_BAIDU_SECRET_KEY: z.string().min(1).optional(),
    /** Default https://aip.baidubce.com. */
    OCR_BAIDU_BASE_URL: z.url().optional(),
    /** onnxruntime threads of the embedded engine, per process. */
    OCR_THREADS: z.coerce.number().int().min(1).max(64).default(2),
    /** One recognition call's time limit. */
    OCR_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
    /** Grading: `embedded` (offline, deterministic) or an OpenAI-compatible LLM (falls back to embedded). */
    GRADER_PROVIDER: z.enum(["embedded", "openai"]).default("embedded"),
    GRADER_OPENAI_BASE_URL: z.url().optional(),
    GRADER_OPENAI_MODEL: z.string().min(1).optional(),
    GRADER_OPENAI_API_KEY: z.string().min(1).optional(),
    GRADER_TIMEOUT_MS: z.coerce.number().int().min(1000).default(60_000),
    /** Recognition jobs run at once in this process (the embedded engine uses 2 threads per job). */
    WORKER_CONCURRENCY_OCR: z.coerce.number().int().min(1).max(16).default(1),
    WORKER_CONCURRENCY_GRADING: z.coerce.number().int().min(1).max(32).default(2),
    /** Retries after a failed attempt (with exponential backoff from JOB_RETRY_DELAY_SECONDS). */
    JOB_RETRY_LIMIT: z.coerce.number().int().min(0).max(10).default(3),
    JOB_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(5),
    /** A job still active after this long (crashed worker) is failed and retried. */
    JOB_EXPIRE_SECONDS: z.coerce.number().int().min(1).default(600),
    /** How often expired jobs are looked for. */
    JOB_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).default(30),
    /** How often an idle worker polls for jobs. */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
    /** How often a worker renews the leases of its running jobs; a job unrenewed for 3 beats is run again. */
    JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(5),
  })
  .superRefine((env, ctx) => {
    if (env.SMS_PROVIDER !== "aliyun") return;
    for (const key of ALIYUN_REQUIRED) {
      if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when SMS_PROVIDER=aliyun" });
    }
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === "s3") {
      for (const key of ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when STORAGE_DRIVER=s3" });
      }
    }
    if (env.OCR_PROVIDER === "baidu") {
      for (const key of ["OCR_BAIDU_API_KEY", "OCR_BAIDU_SECRET_KEY"] as const) {
        if (!env[key]) ctx.addIssue({ code: "custom", path: [key], message: "required when OCR_PROVIDER=baidu" });
      }
    }
    for (const prefix of ["OCR", "GRADER"] as const) {
      if (env[`${prefix}_PROVIDER`] !== "openai") continue;
      const keys = [`${prefix}_OPENAI_BASE_URL`, `${prefix}_OPENAI_MODEL`] as const;
      for (const key of keys) {
        if (!env[key])
          ctx.addIssue({ code: "custom", path: [key], message: `required when ${prefix}_PROVIDER=openai` });
      }
    }
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    databaseWaitSeconds: env.DATABASE_WAIT_SECONDS,
    publicUrl: env.PUBLIC_URL ? new URL(env.PUBLIC_URL).origin : undefined,
    trustProxyHops: env.TRUST_PROXY_HOPS,
    smsPerHour: env.SMS_MAX_PER_HOUR,
    smsPerAddressPerHour: env.SMS_MAX_PER_ADDRESS_PER_HOUR,
    nodeEnv: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    logFormat: env.LOG_FORMAT,
    sms: smsConfig(env),
    services: { api: env.SERVICES.includes("api"), worker: env.SERVICES.includes("worker") },
    storage:
      env.STORAGE_DRIVER === "s3"
        ? {
            driver: "s3" as const,
            s3: {
              endpoint: env.S3_ENDPOINT ?? "",
              region: env.S3_REGION,
              bucket: env.S3_BUCKET ?? "",
              accessKeyId: env.S3_ACCESS_KEY_ID ?? "",
              secretAccessKey: env.S3_SECRET_ACCESS_KEY ?? "",
              prefix: env.S3_PREFIX,
            },
          }
        : { driver: "local" as const },
    ocr: {
      provider: env.OCR_PROVIDER,
      timeoutMs: env.OCR_TIMEOUT_MS,
      threads: env.OCR_THREADS,
      openai:
        env.OCR_PROVIDER === "openai"
          ? {
              baseUrl: env.OCR_OPENAI_BASE_URL ?? "",
              model: env.OCR_OPENAI_MODEL ?? "",
              apiKey: env.OCR_OPENAI_API_KEY,
            }
          : undefined,
      baidu:
        env.OCR_PROVIDER === "baidu"
          ? {
              apiKey: env.OCR_BAIDU_API_KEY ?? "",
              secretKey: env.OCR_BAIDU_SECRET_KEY ?? "",
              baseUrl: env.OCR_BAIDU_BASE_URL,
            }
          : undefined,
    },
    grader: {
      provider: env.GRADER_PROVIDER,
      timeoutMs: env.GRADER_TIMEOUT_MS,
      openai:
        env.GRADER_PROVIDER === "openai"
          ? {
              baseUrl: env.GRADER_OPENAI_BASE_URL ?? "",
              model: env.GRADER_OPENAI_MODEL ?? "",
              apiKey: env.GRADER_OPENAI_API_KEY ?? "",
            }
          : undefined,
    },
    jobs: {
      concurrencyOcr: env.WORKER_CONCURRENCY_OCR,
      concurrencyGrading: env.WORKER_CONCURRENCY_GRADING,
      retryLimit: env.JOB_RETRY_LIMIT,
      retryDelaySeconds: env.JOB_RETRY_DELAY_SECONDS,
      expireSeconds: env.JOB_EXPIRE_SECONDS,
      maintenanceSeconds: env.JOB_MAINTENANCE_SECONDS,
      pollSeconds: env.JOB_POLL_SECONDS,
      heartbeatSeconds: env.JOB_HEARTBEAT_SECONDS,
    },
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
