ALTER TABLE "email_outbox" ALTER COLUMN "html" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "email_outbox" ALTER COLUMN "text" SET DEFAULT '';--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "content" jsonb;