ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "role" text DEFAULT 'teacher' NOT NULL;--> statement-breakpoint
-- No account keeps a password anyone can derive from its phone number: the default (last 8 digits) is removed, and
-- every session such an account had is ended (it may have been an attacker's). The owner signs in by SMS code and
-- sets a password.
UPDATE "users" SET "password_hash" = NULL WHERE "has_custom_password" = false;--> statement-breakpoint
DELETE FROM "sessions" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "password_hash" IS NULL);
