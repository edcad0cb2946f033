ALTER TABLE "intake_calls" ADD COLUMN "outcome" text;--> statement-breakpoint
ALTER TABLE "intake_calls" ADD COLUMN "outcome_group_id" uuid;--> statement-breakpoint
ALTER TABLE "intake_calls" ADD COLUMN "risk_level" text;--> statement-breakpoint
ALTER TABLE "intake_calls" ADD COLUMN "referral_reason" text;--> statement-breakpoint
ALTER TABLE "intake_calls" ADD COLUMN "referral_note" text;--> statement-breakpoint
ALTER TABLE "intake_calls" ADD COLUMN "outcome_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intake_calls" ADD COLUMN "outcome_by" text;--> statement-breakpoint
ALTER TABLE "intake_calls" ADD COLUMN "outcome_applied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "intake_calls" ADD CONSTRAINT "intake_calls_outcome_group_id_groups_id_fk" FOREIGN KEY ("outcome_group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intake_calls_outcome_idx" ON "intake_calls" USING btree ("outcome_at");--> statement-breakpoint
ALTER TABLE "intake_calls" ADD CONSTRAINT "intake_calls_high_risk_check" CHECK ("intake_calls"."risk_level" is distinct from 'high' or "intake_calls"."outcome" = 'not_suitable');