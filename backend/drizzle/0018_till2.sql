DROP INDEX "fiscal_corrections_order_unique";--> statement-breakpoint
ALTER TABLE "fiscal_corrections" ADD COLUMN "refund_id" integer;--> statement-breakpoint
ALTER TABLE "fiscal_operations" ADD COLUMN "acknowledged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_corrections" ADD CONSTRAINT "fiscal_corrections_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_corrections_sale_unique" ON "fiscal_corrections" USING btree ("order_id") WHERE "fiscal_corrections"."refund_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_corrections_refund_unique" ON "fiscal_corrections" USING btree ("refund_id");