-- A cancelled session gives its hall's time back: the no-overlap rule counts live sessions only.
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_no_overlap";--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_no_overlap" EXCLUDE USING gist ("hall_id" WITH =, tstzrange("start_time", "end_time") WITH &&) WHERE ("cancelled_at" IS NULL);
