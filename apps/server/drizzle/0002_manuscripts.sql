CREATE TABLE "manuscript_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manuscript_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"error_code" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"image_key" text,
	"boss_job_id" uuid,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "manuscripts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"student_name" text NOT NULL,
	"student_class" text NOT NULL,
	"student_id" text NOT NULL,
	"teacher_name" text NOT NULL,
	"topic" text NOT NULL,
	"target_length" integer DEFAULT 500 NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"image_key" text,
	"image_width" integer,
	"image_height" integer,
	"ocr_text" text,
	"ocr_reason" text,
	"ocr_engine" text,
	"ocr_version" text,
	"ocr_confidence" real,
	"confirmed_text" text,
	"score" real,
	"grade" text,
	"feedback" jsonb,
	"criteria" jsonb,
	"grading_engine" text,
	"grading_version" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"uploaded_at" timestamp with time zone,
	"recognized_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"graded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "manuscript_jobs" ADD CONSTRAINT "manuscript_jobs_manuscript_id_manuscripts_id_fk" FOREIGN KEY ("manuscript_id") REFERENCES "public"."manuscripts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manuscripts" ADD CONSTRAINT "manuscripts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "manuscript_jobs_manuscript_idx" ON "manuscript_jobs" USING btree ("manuscript_id","queued_at");--> statement-breakpoint
CREATE INDEX "manuscripts_user_created_idx" ON "manuscripts" USING btree ("user_id","created_at");