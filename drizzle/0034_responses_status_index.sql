CREATE INDEX "responses_status_idx" ON "internal_questionnaire_responses" USING btree ("status");
