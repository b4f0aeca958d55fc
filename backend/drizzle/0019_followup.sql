DROP INDEX "fiscal_corrections_sale_unique";--> statement-breakpoint
ALTER TABLE "fiscal_corrections" ALTER COLUMN "order_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "fiscal_corrections" ADD COLUMN "stray_operation_id" uuid;--> statement-breakpoint
ALTER TABLE "fiscal_corrections" ADD CONSTRAINT "fiscal_corrections_stray_operation_id_fiscal_operations_id_fk" FOREIGN KEY ("stray_operation_id") REFERENCES "public"."fiscal_operations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_corrections_stray_unique" ON "fiscal_corrections" USING btree ("stray_operation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "fiscal_corrections_sale_unique" ON "fiscal_corrections" USING btree ("order_id") WHERE "fiscal_corrections"."refund_id" is null and "fiscal_corrections"."stray_operation_id" is null;