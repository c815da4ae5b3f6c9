CREATE TABLE "job_leases" (
	"boss_job_id" uuid PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"process_id" uuid NOT NULL,
	"renewed_at" timestamp with time zone DEFAULT now() NOT NULL
);
