CREATE TABLE "manuscript_pages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"manuscript_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"image_key" text NOT NULL,
	"image_width" integer NOT NULL,
	"image_height" integer NOT NULL,
	"ocr_text" text,
	"ocr_reason" text,
	"ocr_confidence" real,
	"ocr_lines" jsonb,
	"ocr_engine" text,
	"ocr_version" text,
	"ocr_attempts" integer DEFAULT 0 NOT NULL,
	"confirmed_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recognized_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "manuscript_jobs" ADD COLUMN "page_id" uuid;--> statement-breakpoint
ALTER TABLE "manuscript_pages" ADD CONSTRAINT "manuscript_pages_manuscript_id_manuscripts_id_fk" FOREIGN KEY ("manuscript_id") REFERENCES "public"."manuscripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "manuscript_pages_position_idx" ON "manuscript_pages" USING btree ("manuscript_id","position");--> statement-breakpoint
-- Each existing photo becomes page 1 of its manuscript, with the manuscript's recognition result (read once the
-- manuscript got past "uploaded"; an upload still waiting is read by its pending run, which now reads pages).
INSERT INTO "manuscript_pages" ("id", "manuscript_id", "position", "image_key", "image_width", "image_height", "ocr_text", "ocr_reason", "ocr_confidence", "ocr_engine", "ocr_version", "created_at", "recognized_at")
SELECT gen_random_uuid(), "id", 0, "image_key", coalesce("image_width", 0), coalesce("image_height", 0),
  CASE WHEN "status" <> 'uploaded' THEN coalesce("ocr_text", '') END, "ocr_reason", "ocr_confidence", "ocr_engine", "ocr_version",
  coalesce("uploaded_at", "created_at"), CASE WHEN "status" <> 'uploaded' THEN coalesce("recognized_at", "updated_at") END
FROM "manuscripts" WHERE "image_key" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "manuscript_jobs" DROP COLUMN "image_key";--> statement-breakpoint
ALTER TABLE "manuscripts" DROP COLUMN "image_key";--> statement-breakpoint
ALTER TABLE "manuscripts" DROP COLUMN "image_width";--> statement-breakpoint
ALTER TABLE "manuscripts" DROP COLUMN "image_height";