CREATE TABLE "fiscal_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"task" jsonb NOT NULL,
	"reason" text NOT NULL,
	"requested_by" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"operation_id" uuid,
	"issued_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "fiscal_operations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" varchar(24) NOT NULL,
	"status" varchar(10) DEFAULT 'sent' NOT NULL,
	"shift_id" integer,
	"order_id" integer,
	"refund_id" integer,
	"task" jsonb NOT NULL,
	"result" jsonb,
	"error_code" integer,
	"error_description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "fiscal_operations_status_valid" CHECK ("fiscal_operations"."status" in ('sent', 'ready', 'error'))
);
--> statement-breakpoint
ALTER TABLE "fiscal_corrections" ADD CONSTRAINT "fiscal_corrections_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_corrections" ADD CONSTRAINT "fiscal_corrections_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_corrections" ADD CONSTRAINT "fiscal_corrections_operation_id_fiscal_operations_id_fk" FOREIGN KEY ("operation_id") REFERENCES "public"."fiscal_operations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_operations" ADD CONSTRAINT "fiscal_operations_shift_id_shifts_id_fk" FOREIGN KEY ("shift_id") REFERENCES "public"."shifts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_operations" ADD CONSTRAINT "fiscal_operations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fiscal_operations" ADD CONSTRAINT "fiscal_operations_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_corrections_order_unique" ON "fiscal_corrections" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fiscal_operations_shift_idx" ON "fiscal_operations" USING btree ("shift_id");--> statement-breakpoint
CREATE INDEX "fiscal_operations_order_idx" ON "fiscal_operations" USING btree ("order_id");