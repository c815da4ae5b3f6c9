ALTER TABLE "assignments" ALTER COLUMN "target_length" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "assignments" ALTER COLUMN "target_length" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "manuscripts" ALTER COLUMN "target_length" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "manuscripts" ALTER COLUMN "target_length" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "school_year" integer;--> statement-breakpoint
ALTER TABLE "assignments" ADD COLUMN "genre" text;--> statement-breakpoint
ALTER TABLE "classes" ADD COLUMN "school_year" integer;--> statement-breakpoint
ALTER TABLE "manuscripts" ADD COLUMN "school_year" integer;--> statement-breakpoint
ALTER TABLE "manuscripts" ADD COLUMN "genre" text;--> statement-breakpoint
ALTER TABLE "manuscripts" ADD COLUMN "teacher_criteria" jsonb;--> statement-breakpoint
ALTER TABLE "manuscripts" ADD COLUMN "calibrated_on" integer;
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 1 WHERE "school_year" IS NULL AND "grade" ~* '一年[级級]|\mgrade\s*1\M';
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 2 WHERE "school_year" IS NULL AND "grade" ~* '二年[级級]|\mgrade\s*2\M';
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 3 WHERE "school_year" IS NULL AND "grade" ~* '三年[级級]|\mgrade\s*3\M';
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 4 WHERE "school_year" IS NULL AND "grade" ~* '四年[级級]|\mgrade\s*4\M';
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 5 WHERE "school_year" IS NULL AND "grade" ~* '五年[级級]|\mgrade\s*5\M';
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 6 WHERE "school_year" IS NULL AND "grade" ~* '六年[级級]|\mgrade\s*6\M';
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 7 WHERE "school_year" IS NULL AND "grade" ~* '七年[级級]|[初國国]一|\mgrade\s*7\M';
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 8 WHERE "school_year" IS NULL AND "grade" ~* '八年[级級]|[初國国]二|\mgrade\s*8\M';
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 9 WHERE "school_year" IS NULL AND "grade" ~* '九年[级級]|[初國国]三|\mgrade\s*9\M';
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 10 WHERE "school_year" IS NULL AND "grade" ~* '高一|\mgrade\s*10\M';
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 11 WHERE "school_year" IS NULL AND "grade" ~* '高二|\mgrade\s*11\M';
--> statement-breakpoint
UPDATE "classes" SET "school_year" = 12 WHERE "school_year" IS NULL AND "grade" ~* '高三|\mgrade\s*12\M';
--> statement-breakpoint
UPDATE "assignments" SET "school_year" = "classes"."school_year" FROM "classes" WHERE "assignments"."class_id" = "classes"."id" AND "assignments"."school_year" IS NULL;
--> statement-breakpoint
UPDATE "manuscripts" SET "school_year" = "assignments"."school_year" FROM "submissions", "assignments" WHERE "submissions"."manuscript_id" = "manuscripts"."id" AND "assignments"."id" = "submissions"."assignment_id" AND "manuscripts"."school_year" IS NULL;
