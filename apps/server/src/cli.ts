import { inviteCommand } from "./admin/invite-command.ts";
import { ConfigError, loadConfig } from "./config/env.ts";

const USAGE = "Usage: npm run -s cli -- invite <phone>   (phone like +8613800138001, or an 11-digit mainland number)";

async function run(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  if (command === "invite" && args.length === 1 && args[0]) {
    const result = await inviteCommand(loadConfig(), args[0]);
    process.stdout.write(`${JSON.stringify(result)}\n`);
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
