CREATE TABLE "outcome_administrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"group_id" uuid,
	"occasion" text NOT NULL,
	"after_meetings" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"reminders_sent" smallint DEFAULT 0 NOT NULL,
	"answers" jsonb,
	"completed_at" timestamp with time zone,
	"phq9_total" smallint,
	"gad7_total" smallint,
	"safety_flagged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outcome_administrations_reminders_check" CHECK ("outcome_administrations"."reminders_sent" between 0 and 2),
	CONSTRAINT "outcome_administrations_phq9_check" CHECK ("outcome_administrations"."phq9_total" is null or "outcome_administrations"."phq9_total" between 0 and 27),
	CONSTRAINT "outcome_administrations_gad7_check" CHECK ("outcome_administrations"."gad7_total" is null or "outcome_administrations"."gad7_total" between 0 and 21),
	CONSTRAINT "outcome_administrations_completed_check" CHECK (("outcome_administrations"."status" = 'completed') = ("outcome_administrations"."completed_at" is not null and "outcome_administrations"."phq9_total" is not null and "outcome_administrations"."gad7_total" is not null and "outcome_administrations"."answers" is not null))
);
--> statement-breakpoint
CREATE TABLE "outcome_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"decision" text NOT NULL,
	"text_version" text NOT NULL,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone,
	CONSTRAINT "outcome_consents_email_lower_check" CHECK ("outcome_consents"."email" = lower("outcome_consents"."email")),
	CONSTRAINT "outcome_consents_withdrawn_check" CHECK ("outcome_consents"."withdrawn_at" is null or "outcome_consents"."decision" = 'granted')
);
--> statement-breakpoint
ALTER TABLE "outcome_administrations" ADD CONSTRAINT "outcome_administrations_booking_id_group_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."group_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outcome_administrations" ADD CONSTRAINT "outcome_administrations_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outcome_administrations_occasion_idx" ON "outcome_administrations" USING btree ("booking_id","occasion","after_meetings");--> statement-breakpoint
CREATE UNIQUE INDEX "outcome_administrations_once_idx" ON "outcome_administrations" USING btree ("booking_id","occasion") WHERE "outcome_administrations"."occasion" <> 'periodic';--> statement-breakpoint
CREATE INDEX "outcome_administrations_pending_idx" ON "outcome_administrations" USING btree ("status","due_at") WHERE "outcome_administrations"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "outcome_administrations_completed_idx" ON "outcome_administrations" USING btree ("completed_at") WHERE "outcome_administrations"."status" = 'completed';--> statement-breakpoint
CREATE INDEX "outcome_consents_email_idx" ON "outcome_consents" USING btree ("email","decided_at");--> statement-breakpoint
CREATE UNIQUE INDEX "outcome_consents_in_force_idx" ON "outcome_consents" USING btree ("email") WHERE "outcome_consents"."decision" = 'granted' and "outcome_consents"."withdrawn_at" is null;--> statement-breakpoint
COMMENT ON TABLE "outcome_consents" IS 'Consent to the outcome measures (PHQ-9, GAD-7; health data, GDPR art. 9): one row per decision by lower-cased address, with the consent text version; a grant is in force until withdrawn_at.';--> statement-breakpoint
COMMENT ON TABLE "outcome_administrations" IS 'One monitoring questionnaire (PHQ-9 + GAD-7) per booking and occasion (intake, every 4 attended meetings, end): invitation and at most 2 reminders, answers sealed with the data key (draft or final), totals in clear for the aggregates.';
