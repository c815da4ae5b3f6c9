import { ZRole } from "@essay/contract";
import { inviteCommand } from "./admin/invite-command.ts";
import { ConfigError, loadConfig } from "./config/env.ts";
import { normalizePhoneInput } from "./lib/phone.ts";
import { readOutbox } from "./providers/sms/demo.sms.ts";

const USAGE = [
  "Usage:",
  "  npm run -s cli -- invite <phone> [--role teacher|student]",
  "      invite someone (a teacher unless told otherwise); phone like +8613800138001, or an 11-digit mainland number",
  "  npm run -s cli -- sms-outbox [<phone>]",
  "      with SMS_PROVIDER=demo: the latest sign-in and password-reset codes, which are never shown on screen",
].join("\n");

/** `--role student` or `--role=student` anywhere after the phone; teacher by default (the first account's role). */
function roleOption(args: string[]): { role: unknown; rest: string[] } {
  const rest: string[] = [];
  let role: unknown = "teacher";
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? "";
    if (arg === "--role") role = args[++i];
    else if (arg.startsWith("--role=")) role = arg.slice("--role=".length);
    else rest.push(arg);
  }
  return { role, rest };
}

async function run(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === "invite") {
    const { role, rest } = roleOption(args);
    const parsedRole = ZRole.safeParse(role);
    if (rest.length === 1 && rest[0] && parsedRole.success) {
      const result = await inviteCommand(loadConfig(), rest[0], parsedRole.data);
      process.stdout.write(`${JSON.stringify(result)}\n`);
      return 0;
    }
  }
  if (command === "sms-outbox" && args.length <= 1) {
    const phone = args[0] ? normalizePhoneInput(args[0]) : undefined;
    if (phone === null) throw new Error(`"${args[0]}" is not a phone number`);
    const messages = readOutbox(loadConfig().dataDir, phone);
    if (messages.length === 0) process.stdout.write("No codes in the outbox.\n");
    for (const m of messages) process.stdout.write(`${JSON.stringify(m)}\n`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

run(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : `Error: ${(error as Error).message ?? error}`);
    process.exit(1);
  },
);
