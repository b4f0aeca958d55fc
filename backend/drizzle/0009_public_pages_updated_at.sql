ALTER TABLE "films" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "news" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "persons" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A page unchanged since it was added was last modified when it was added.
UPDATE "films" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "news" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "persons" SET "updated_at" = "created_at";--> statement-breakpoint
UPDATE "promotions" SET "updated_at" = "created_at";
