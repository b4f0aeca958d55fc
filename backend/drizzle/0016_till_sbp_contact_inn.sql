ALTER TABLE "orders" DROP CONSTRAINT "orders_payment_method_valid";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "phone" varchar(16);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inn" varchar(12);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_valid" CHECK (payment_method in ('online', 'cash', 'card', 'sbp'));