ALTER TABLE "sign_in_lockouts" ADD COLUMN "unlock_token_hash" text;--> statement-breakpoint
ALTER TABLE "sign_in_lockouts" ADD COLUMN "unlock_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_lockouts" ADD CONSTRAINT "sign_in_lockouts_unlock_token_hash_unique" UNIQUE("unlock_token_hash");