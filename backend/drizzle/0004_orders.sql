-- Orders between seats and tickets: every ticket becomes a line of an order. Tickets sold before
-- orders existed get one paid order per purchase (buyer, session, purchase time); their prices move
-- to kopecks; their refunds get a refund record.
CREATE TABLE "order_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"action" varchar(40) NOT NULL,
	"actor_id" integer,
	"channel" varchar(20) NOT NULL,
	"reason" text,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_events_action_valid" CHECK (action in ('created', 'payment_created', 'paid', 'expired', 'cancelled', 'late_payment_sold', 'late_payment_refunded', 'refund_requested', 'refunded', 'refund_refused'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer,
	"channel" varchar(20) NOT NULL,
	"session_id" integer NOT NULL,
	"status" varchar(20) NOT NULL,
	"total_kopecks" integer NOT NULL,
	"email" varchar(255),
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_valid" CHECK (status in ('pending', 'paid', 'expired', 'cancelled')),
	CONSTRAINT "orders_channel_valid" CHECK (channel in ('web', 'box_office')),
	CONSTRAINT "orders_total_not_negative" CHECK ("orders"."total_kopecks" >= 0),
	CONSTRAINT "orders_paid_at_with_status" CHECK (("orders"."status" = 'paid') = ("orders"."paid_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "outbox_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"changes" jsonb NOT NULL,
	"claimed_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_payment_id" varchar(64),
	"idempotence_key" varchar(64) NOT NULL,
	"status" varchar(30) NOT NULL,
	"amount_kopecks" integer NOT NULL,
	"confirmation_url" text,
	"cancellation_party" varchar(40),
	"cancellation_reason" varchar(60),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status_valid" CHECK (status in ('creating', 'pending', 'waiting_for_capture', 'succeeded', 'canceled')),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_kopecks" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"ticket_id" integer,
	"payment_id" integer,
	"provider_refund_id" varchar(64),
	"idempotence_key" varchar(64) NOT NULL,
	"status" varchar(20) NOT NULL,
	"amount_kopecks" integer NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer,
	"cancellation_reason" varchar(60),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "refunds_status_valid" CHECK (status in ('creating', 'pending', 'succeeded', 'canceled')),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_kopecks" > 0)
);
--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_price_positive";--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_status_valid";--> statement-breakpoint
DROP INDEX "tickets_live_seat_unique";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "order_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "price_kopecks" integer;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "orders_session_idx" ON "orders" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "orders_pending_idx" ON "orders" USING btree ("expires_at") WHERE "orders"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_unique" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_idempotence_key_unique" ON "payments" USING btree ("idempotence_key");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotence_key_unique" ON "refunds" USING btree ("idempotence_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_id_unique" ON "refunds" USING btree ("provider_refund_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_active_ticket_unique" ON "refunds" USING btree ("ticket_id") WHERE status in ('creating', 'pending', 'succeeded');--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tickets_order_idx" ON "tickets" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_live_seat_unique" ON "tickets" USING btree ("session_id","seat_number") WHERE status in ('pending', 'paid');--> statement-breakpoint
UPDATE "tickets" SET "price_kopecks" = "price" * 100;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "legacy_ticket_id" integer;--> statement-breakpoint
INSERT INTO "orders" ("user_id", "channel", "session_id", "status", "total_kopecks", "email", "expires_at", "paid_at", "created_at", "legacy_ticket_id")
  SELECT t."user_id", 'web', t."session_id", 'paid', sum(t."price") * 100, u."email", t."purchase_date", t."purchase_date", t."purchase_date", min(t."id")
  FROM "tickets" t JOIN "users" u ON u."id" = t."user_id"
  GROUP BY t."user_id", t."session_id", t."purchase_date", u."email";--> statement-breakpoint
UPDATE "tickets" t SET "order_id" = o."id"
  FROM "orders" o JOIN "tickets" f ON f."id" = o."legacy_ticket_id"
  WHERE f."user_id" = t."user_id" AND f."session_id" = t."session_id" AND f."purchase_date" = t."purchase_date";--> statement-breakpoint
INSERT INTO "order_events" ("order_id", "action", "channel", "reason", "created_at")
  SELECT "id", 'paid', 'web', 'Продажа до появления заказов', "paid_at" FROM "orders" WHERE "legacy_ticket_id" IS NOT NULL;--> statement-breakpoint
INSERT INTO "refunds" ("order_id", "ticket_id", "idempotence_key", "status", "amount_kopecks", "reason", "created_at", "settled_at")
  SELECT "order_id", "id", 'legacy-' || "id", 'succeeded', "price_kopecks", 'Возврат до появления заказов', "refunded_at", "refunded_at"
  FROM "tickets" WHERE "status" = 'refunded';--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "legacy_ticket_id";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "order_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "price_kopecks" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_price_positive" CHECK ("tickets"."price_kopecks" > 0);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_status_valid" CHECK (status in ('pending', 'paid', 'refunded', 'cancelled'));