CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "rate_limit_events" CASCADE;