CREATE TABLE "eais_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"operation" varchar(10) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"report_id" integer,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "eais_ledger_operation_valid" CHECK (operation in ('sale', 'refund')),
	CONSTRAINT "eais_ledger_delivered_in_report" CHECK ("eais_ledger"."delivered_at" is null or "eais_ledger"."report_id" is not null)
);
--> statement-breakpoint
DROP INDEX "tickets_eais_unreported_idx";--> statement-breakpoint
ALTER TABLE "eais_reports" ADD COLUMN "file_name" text;--> statement-breakpoint
ALTER TABLE "eais_reports" ADD COLUMN "body" text;--> statement-breakpoint
-- The JSON deliveries before the XML format keep their reference as their file name; their bodies were not kept.
UPDATE "eais_reports" SET "file_name" = coalesce("reference", 'kino-eais-' || "id"), "body" = '';--> statement-breakpoint
ALTER TABLE "eais_reports" ALTER COLUMN "file_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "eais_reports" ALTER COLUMN "body" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "eais_reports" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "eais_reports" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "pu_issued" date;--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "pu_until" date;--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "pu_reason" varchar(20);--> statement-breakpoint
ALTER TABLE "halls" ADD COLUMN "showroom" varchar(100);--> statement-breakpoint
ALTER TABLE "eais_ledger" ADD CONSTRAINT "eais_ledger_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eais_ledger" ADD CONSTRAINT "eais_ledger_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eais_ledger" ADD CONSTRAINT "eais_ledger_report_id_eais_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."eais_reports"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "eais_ledger_ticket_operation_unique" ON "eais_ledger" USING btree ("ticket_id","operation");--> statement-breakpoint
CREATE INDEX "eais_ledger_report_idx" ON "eais_ledger" USING btree ("report_id");--> statement-breakpoint
CREATE INDEX "eais_ledger_unassigned_idx" ON "eais_ledger" USING btree ("session_id","id") WHERE "eais_ledger"."report_id" is null;--> statement-breakpoint
CREATE INDEX "eais_ledger_undelivered_idx" ON "eais_ledger" USING btree ("occurred_at") WHERE "eais_ledger"."delivered_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "eais_reports_file_name_unique" ON "eais_reports" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "eais_reports_undelivered_idx" ON "eais_reports" USING btree ("id") WHERE "eais_reports"."status" <> 'delivered';--> statement-breakpoint
ALTER TABLE "eais_reports" DROP COLUMN "reference";--> statement-breakpoint
-- What the JSON reports had not yet delivered goes into the ledger: the next delivery sends it.
INSERT INTO "eais_ledger" ("ticket_id", "session_id", "operation", "occurred_at")
  SELECT t."id", t."session_id", 'sale', coalesce(o."paid_at", t."purchase_date") FROM "tickets" t JOIN "orders" o ON o."id" = t."order_id"
  WHERE t."status" in ('paid', 'refunded') AND t."eais_sale_reported_at" IS NULL;--> statement-breakpoint
INSERT INTO "eais_ledger" ("ticket_id", "session_id", "operation", "occurred_at")
  SELECT t."id", t."session_id", 'refund', t."refunded_at" FROM "tickets" t
  WHERE t."status" = 'refunded' AND t."eais_refund_reported_at" IS NULL;--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "eais_sale_reported_at";--> statement-breakpoint
ALTER TABLE "tickets" DROP COLUMN "eais_refund_reported_at";