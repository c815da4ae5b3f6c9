CREATE TABLE "class_additions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"student_number" text,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "class_additions" ADD CONSTRAINT "class_additions_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "class_additions_class_phone_idx" ON "class_additions" USING btree ("class_id","phone_number");--> statement-breakpoint
CREATE INDEX "class_additions_phone_idx" ON "class_additions" USING btree ("phone_number");