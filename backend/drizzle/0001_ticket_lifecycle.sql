ALTER TABLE "tickets" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tickets_watching_pending_idx" ON "tickets" USING btree ("session_id") WHERE "tickets"."is_watching" < 2;--> statement-breakpoint
-- Rows refunded before refunds were timed get their purchase time, so the constraint below holds.
UPDATE "tickets" SET "refunded_at" = "purchase_date" WHERE "status" = 'refunded';--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_refunded_at_with_status" CHECK (("tickets"."status" = 'refunded') = ("tickets"."refunded_at" is not null));--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_used_only_live" CHECK (used_at is null or status = 'paid');