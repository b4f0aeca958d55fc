CREATE TABLE "cinema_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" varchar(120) NOT NULL,
	"short_name" varchar(40) NOT NULL,
	"city" varchar(80) NOT NULL,
	"street_address" varchar(200) NOT NULL,
	"postal_code" varchar(6),
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"phone" varchar(40) NOT NULL,
	"email" varchar(255) NOT NULL,
	"opens" varchar(5) NOT NULL,
	"closes" varchar(5) NOT NULL,
	"directions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parking" text DEFAULT '' NOT NULL,
	"social" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"halls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"legal_name" varchar(200) NOT NULL,
	"inn" varchar(12) NOT NULL,
	"ogrn" varchar(15) NOT NULL,
	"legal_address" varchar(300) NOT NULL,
	"taxation" varchar(30) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "cinema_settings_one_row" CHECK ("cinema_settings"."id" = 1),
	CONSTRAINT "cinema_settings_inn_digits" CHECK ("cinema_settings"."inn" ~ '^([0-9]{10}|[0-9]{12})$'),
	CONSTRAINT "cinema_settings_ogrn_digits" CHECK ("cinema_settings"."ogrn" ~ '^([0-9]{13}|[0-9]{15})$'),
	CONSTRAINT "cinema_settings_latitude" CHECK ("cinema_settings"."latitude" between -90 and 90),
	CONSTRAINT "cinema_settings_longitude" CHECK ("cinema_settings"."longitude" between -180 and 180),
	CONSTRAINT "cinema_settings_taxation" CHECK (taxation in ('osn', 'usn_income', 'usn_income_outcome', 'esn', 'patent'))
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "subtitles" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "audio_description" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "cinema_settings" ADD CONSTRAINT "cinema_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;