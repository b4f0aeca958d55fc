CREATE TABLE "consents" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"document_version_id" integer NOT NULL,
	"document" varchar(40) NOT NULL,
	"action" varchar(10) NOT NULL,
	"channel" varchar(10) NOT NULL,
	"text_hash" varchar(64) NOT NULL,
	"ip_address" varchar(45),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_action_valid" CHECK (action in ('given', 'withdrawn')),
	CONSTRAINT "consents_channel_valid" CHECK (channel in ('web', 'oauth', 'profile', 'till')),
	CONSTRAINT "consents_document_valid" CHECK (document in ('personal-data-consent', 'privacy-policy', 'offer', 'rules', 'refunds', 'marketing-consent', 'cookies'))
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" varchar(40) NOT NULL,
	"version" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"body" text NOT NULL,
	"text_hash" varchar(64) NOT NULL,
	"edited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_versions_slug_valid" CHECK (slug in ('personal-data-consent', 'privacy-policy', 'offer', 'rules', 'refunds', 'marketing-consent', 'cookies')),
	CONSTRAINT "document_versions_version_positive" CHECK ("document_versions"."version" > 0),
	CONSTRAINT "document_versions_body_length" CHECK (char_length("document_versions"."body") between 1 and 100000)
);
--> statement-breakpoint
ALTER TABLE "password_resets" ALTER COLUMN "token_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "marketing_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_document_version_id_document_versions_id_fk" FOREIGN KEY ("document_version_id") REFERENCES "public"."document_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_edited_by_users_id_fk" FOREIGN KEY ("edited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","document","id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_slug_version_unique" ON "document_versions" USING btree ("slug","version");