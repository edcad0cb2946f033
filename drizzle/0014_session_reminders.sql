CREATE TABLE "session_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"session_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_session_id_group_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."group_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_reminders" ADD CONSTRAINT "session_reminders_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "session_reminders_session_booking_idx" ON "session_reminders" USING btree ("session_id","booking_id");--> statement-breakpoint
CREATE INDEX "session_reminders_booking_idx" ON "session_reminders" USING btree ("booking_id");