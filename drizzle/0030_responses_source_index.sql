CREATE INDEX "responses_source_idx" ON "internal_questionnaire_responses" USING btree ("source_discovery");
