ALTER TABLE "manuscripts" ADD COLUMN "machine_score" real;--> statement-breakpoint
ALTER TABLE "manuscripts" ADD COLUMN "raw_total" real;--> statement-breakpoint
ALTER TABLE "manuscripts" ADD COLUMN "teacher_score" real;