CREATE INDEX "contacts_email_lower_idx" ON "contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "responses_email_lower_idx" ON "internal_questionnaire_responses" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "outbox_created_at_idx" ON "email_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "outbox_to_lower_idx" ON "email_outbox" USING btree (lower("to"));--> statement-breakpoint
CREATE INDEX "group_waitlist_email_lower_idx" ON "group_waitlist" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "registrations_email_lower_idx" ON "registrations" USING btree (lower("email"));
