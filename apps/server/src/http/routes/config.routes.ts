import { ZCountryList, ZLanguageList } from "@essay/contract";
import type { FastifyInstance } from "fastify";
import { COUNTRIES, WORK_LANGUAGE_OPTIONS } from "../../modules/config/countries.ts";

export async function configRoutes(app: FastifyInstance): Promise<void> {
  // The lists change only with a release: let browsers and proxies keep them for the hour the client caches them.
  app.get("/api/config/countries", async (_req, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return ZCountryList.parse(COUNTRIES);
  });
  app.get("/api/config/work-languages", async (_req, reply) => {
    reply.header("cache-control", "public, max-age=3600");
    return ZLanguageList.parse(WORK_LANGUAGE_OPTIONS);
  });
}
