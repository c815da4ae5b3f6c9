import { z } from "zod";
import { GENRES, type TSchoolYear } from "./level.ts";

/** A school year 1–12 (see SCHOOL_YEARS). */
export const ZSchoolYear = z
  .number()
  .int()
  .min(1)
  .max(12)
  .transform((n) => n as TSchoolYear);

export const ZGenre = z.enum(GENRES);
