CREATE TABLE "eais_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"status" varchar(20) NOT NULL,
	"destination" varchar(10) NOT NULL,
	"reference" text,
	"sales" integer DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "eais_reports_status_valid" CHECK (status in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "shifts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cashier_id" integer NOT NULL,
	"till" varchar(40) NOT NULL,
	"float_kopecks" integer NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"counted_kopecks" integer,
	"expected_kopecks" integer,
	CONSTRAINT "shifts_float_not_negative" CHECK ("shifts"."float_kopecks" >= 0),
	CONSTRAINT "shifts_closed_with_count" CHECK (("shifts"."closed_at" is null) = ("shifts"."counted_kopecks" is null) and ("shifts"."closed_at" is null) = ("shifts"."expected_kopecks" is null)),
	CONSTRAINT "shifts_counted_not_negative" CHECK ("shifts"."counted_kopecks" is null or "shifts"."counted_kopecks" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_action_valid";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "pu_number" varchar(20);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" varchar(10) DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sold_by" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "till" varchar(40);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cash_given_kopecks" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "card_rrn" varchar(12);--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" varchar(10) DEFAULT 'provider' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "shift_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "cancel_reason" text;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "eais_sale_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "eais_refund_reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_cashier_id_users_id_fk" FOREIGN KEY ("cashier_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shifts" ADD CONSTRAINT "shifts_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "eais_reports_created_idx" ON "eais_reports" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_open_cashier_unique" ON "shifts" USING btree ("cashier_id") WHERE "shifts"."closed_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "shifts_open_till_unique" ON "shifts" USING btree ("till") WHERE "shifts"."closed_at" is null;--> statement-breakpoint
CREATE INDEX "shifts_opened_idx" ON "shifts" USING btree ("opened_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_shift_idx" ON "orders" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "refunds_shift_idx" ON "refunds" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "tickets_eais_unreported_idx" ON "tickets" USING btree ("session_id") WHERE ("tickets"."status" in ('paid', 'refunded') and "tickets"."eais_sale_reported_at" is null) or ("tickets"."status" = 'refunded' and "tickets"."eais_refund_reported_at" is null);--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_action_valid" CHECK (action in ('created', 'payment_created', 'paid', 'expired', 'cancelled', 'late_payment_sold', 'late_payment_refunded', 'refund_requested', 'refunded', 'refund_refused', 'sold_at_till', 'session_moved', 'session_cancelled'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK (payment_method in ('online', 'cash', 'card'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_till_fields" CHECK (("orders"."payment_method" = 'online' or "orders"."channel" = 'box_office') and ("orders"."channel" = 'web') = ("orders"."sold_by" is null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cash_given" CHECK ("orders"."cash_given_kopecks" is null or "orders"."cash_given_kopecks" >= "orders"."total_kopecks");--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_method_valid" CHECK (method in ('provider', 'cash', 'card'));