CREATE INDEX "consents_email_lower_idx" ON "consent_records" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "bookings_email_idx" ON "group_bookings" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "isee_requests_booking_idx" ON "isee_requests" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "move_requests_booking_idx" ON "move_requests" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "privacy_requests_email_idx" ON "privacy_requests" USING btree ("email");