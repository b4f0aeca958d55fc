CREATE TABLE "pushkin_tickets" (
	"ticket_id" integer PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"event_id" varchar(40) NOT NULL,
	"visitor_name" varchar(255) NOT NULL,
	"visitor_phone" varchar(10) NOT NULL,
	"status" varchar(20) NOT NULL,
	"registry_id" varchar(64),
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"registered_at" timestamp with time zone,
	"refund_reported_at" timestamp with time zone,
	"visit_reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pushkin_tickets_status_valid" CHECK (status in ('awaiting_payment', 'registering', 'active', 'refused', 'refunded', 'visited')),
	CONSTRAINT "pushkin_tickets_phone_digits" CHECK ("pushkin_tickets"."visitor_phone" ~ '^[0-9]{10}$')
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_valid";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_till_fields";--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "pushkin_event_id" varchar(40);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terminal_id" varchar(32);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "terminal_owner_inn" varchar(12);--> statement-breakpoint
ALTER TABLE "pushkin_tickets" ADD CONSTRAINT "pushkin_tickets_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pushkin_tickets" ADD CONSTRAINT "pushkin_tickets_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pushkin_tickets" ADD CONSTRAINT "pushkin_tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pushkin_tickets_session_phone_idx" ON "pushkin_tickets" USING btree ("session_id","visitor_phone");--> statement-breakpoint
CREATE INDEX "pushkin_tickets_order_idx" ON "pushkin_tickets" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "pushkin_tickets_refused_idx" ON "pushkin_tickets" USING btree ("order_id") WHERE "pushkin_tickets"."status" = 'refused';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK (payment_method in ('online', 'cash', 'card', 'sbp', 'pushkin'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_till_fields" CHECK (("orders"."payment_method" in ('online', 'pushkin') or "orders"."channel" = 'box_office') and ("orders"."channel" = 'web') = ("orders"."sold_by" is null));