ALTER TABLE "order_events" DROP CONSTRAINT "order_events_action_valid";--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolved_by" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_action_valid" CHECK (action in ('created', 'payment_created', 'paid', 'expired', 'cancelled', 'late_payment_sold', 'late_payment_refunded', 'refund_requested', 'refunded', 'refund_refused', 'sold_at_till', 'session_cancelled', 'refund_returned_by_hand'));