import type { FastifyInstance } from "fastify";
import { AppError } from "../../lib/app-error.ts";

export async function authRoutes(app: FastifyInstance): Promise<void> {
  // No session store yet: every caller is signed out.
  app.get("/api/auth/me", async () => {
    throw new AppError("UNAUTHORIZED", "Not logged in");
  });
}
