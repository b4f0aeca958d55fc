-- Each ЕАИС delivery names its session, so the dashboard can show which session a failure keeps unreported.
ALTER TABLE "eais_reports" ADD COLUMN "session_id" integer;--> statement-breakpoint
ALTER TABLE "eais_reports" ADD CONSTRAINT "eais_reports_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eais_reports_session_idx" ON "eais_reports" USING btree ("session_id","created_at");