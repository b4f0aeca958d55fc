-- Two sessions never share a hall at the same time: the rule lives here, so two concurrent
-- schedulings cannot both win. Sessions that merely touch (one ends as the next starts) are fine.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_no_overlap" EXCLUDE USING gist ("hall_id" WITH =, tstzrange("start_time", "end_time") WITH &&);
