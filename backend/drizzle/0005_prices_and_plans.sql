-- Prices like a cinema's and halls as data: zones and ticket types (reference data below), hall plans
-- (every existing hall gets SPEC's 10 × 11 standard seats), price cards and the rules that suggest them,
-- promo codes, a film's no-discount period, and each ticket's price breakdown (tickets sold before are
-- standard adult tickets at their price). A ticket's seat must be a sellable seat of its session's hall.
CREATE TABLE "hall_seats" (
	"hall_id" integer NOT NULL,
	"code" varchar(6) NOT NULL,
	"row" smallint NOT NULL,
	"place" smallint NOT NULL,
	"x" smallint NOT NULL,
	"zone_code" varchar(20) DEFAULT 'standard' NOT NULL,
	"wheelchair" boolean DEFAULT false NOT NULL,
	"companion" boolean DEFAULT false NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"pair_code" varchar(6),
	CONSTRAINT "hall_seats_hall_id_code_pk" PRIMARY KEY("hall_id","code"),
	CONSTRAINT "hall_seats_code_matches" CHECK ("hall_seats"."code" = 'r' || "hall_seats"."row" || 'm' || "hall_seats"."place"),
	CONSTRAINT "hall_seats_code_format" CHECK (code ~ '^r([1-9]|[1-2][0-9]|30)m([1-9]|[1-3][0-9]|40)$'),
	CONSTRAINT "hall_seats_x_positive" CHECK ("hall_seats"."x" >= 1 and "hall_seats"."x" <= 80)
);
--> statement-breakpoint
CREATE TABLE "price_card_prices" (
	"card_id" integer NOT NULL,
	"zone_code" varchar(20) NOT NULL,
	"ticket_type_code" varchar(20) NOT NULL,
	"price_kopecks" integer NOT NULL,
	CONSTRAINT "price_card_prices_card_id_zone_code_ticket_type_code_pk" PRIMARY KEY("card_id","zone_code","ticket_type_code"),
	CONSTRAINT "price_card_prices_positive" CHECK ("price_card_prices"."price_kopecks" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(120) NOT NULL,
	"weekdays" smallint NOT NULL,
	"from_time" varchar(5) NOT NULL,
	"until_time" varchar(5) NOT NULL,
	"card_id" integer NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "price_rules_weekdays_valid" CHECK ("price_rules"."weekdays" between 1 and 127),
	CONSTRAINT "price_rules_times_format" CHECK (from_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and until_time ~ '^([01][0-9]|2[0-4]):[0-5][0-9]$'),
	CONSTRAINT "price_rules_times_ordered" CHECK ("price_rules"."from_time" < "price_rules"."until_time")
);
--> statement-breakpoint
CREATE TABLE "promo_code_films" (
	"promo_code_id" integer NOT NULL,
	"film_id" integer NOT NULL,
	CONSTRAINT "promo_code_films_promo_code_id_film_id_pk" PRIMARY KEY("promo_code_id","film_id")
);
--> statement-breakpoint
CREATE TABLE "promo_code_sessions" (
	"promo_code_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	CONSTRAINT "promo_code_sessions_promo_code_id_session_id_pk" PRIMARY KEY("promo_code_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"value" integer NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"total_limit" integer,
	"per_buyer_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promo_codes_code_format" CHECK (code ~ '^[A-Z0-9-]{3,32}$'),
	CONSTRAINT "promo_codes_kind_valid" CHECK (kind in ('percent', 'amount')),
	CONSTRAINT "promo_codes_value_fits" CHECK (("promo_codes"."kind" = 'percent' and "promo_codes"."value" between 1 and 100) or ("promo_codes"."kind" = 'amount' and "promo_codes"."value" > 0)),
	CONSTRAINT "promo_codes_period_ordered" CHECK ("promo_codes"."valid_until" > "promo_codes"."valid_from"),
	CONSTRAINT "promo_codes_limits_positive" CHECK (coalesce("promo_codes"."total_limit", 1) > 0 and coalesce("promo_codes"."per_buyer_limit", 1) > 0)
);
--> statement-breakpoint
CREATE TABLE "seat_zones" (
	"code" varchar(20) PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"color" varchar(7) NOT NULL,
	"seats_per_unit" smallint DEFAULT 1 NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "seat_zones_code_format" CHECK (code ~ '^[a-z][a-z0-9-]{0,19}$'),
	CONSTRAINT "seat_zones_color_format" CHECK (color ~ '^#[0-9a-f]{6}$'),
	CONSTRAINT "seat_zones_units" CHECK ("seat_zones"."seats_per_unit" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "ticket_types" (
	"code" varchar(20) PRIMARY KEY NOT NULL,
	"name" varchar(60) NOT NULL,
	"rule" varchar(10) NOT NULL,
	"value" integer DEFAULT 0 NOT NULL,
	"check_document" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	CONSTRAINT "ticket_types_code_format" CHECK (code ~ '^[a-z][a-z0-9-]{0,19}$'),
	CONSTRAINT "ticket_types_rule_valid" CHECK (rule in ('full', 'percent', 'fixed')),
	CONSTRAINT "ticket_types_value_fits" CHECK (("ticket_types"."rule" = 'full' and "ticket_types"."value" = 0) or ("ticket_types"."rule" = 'percent' and "ticket_types"."value" between 1 and 100) or ("ticket_types"."rule" = 'fixed' and "ticket_types"."value" > 0))
);
--> statement-breakpoint
INSERT INTO "seat_zones" ("code", "name", "color", "seats_per_unit", "position") VALUES
  ('standard', 'Стандарт', '#2563eb', 1, 0),
  ('vip', 'VIP', '#b45309', 1, 1),
  ('sofa', 'Диван', '#be185d', 2, 2);--> statement-breakpoint
INSERT INTO "ticket_types" ("code", "name", "rule", "value", "check_document", "position") VALUES
  ('adult', 'Взрослый', 'full', 0, false, 0),
  ('child', 'Детский', 'percent', 30, true, 1),
  ('student', 'Студенческий', 'percent', 20, true, 2),
  ('pensioner', 'Пенсионный', 'percent', 30, true, 3);--> statement-breakpoint
INSERT INTO "hall_seats" ("hall_id", "code", "row", "place", "x", "zone_code")
  SELECT h."id", 'r' || r || 'm' || p, r, p, p, 'standard'
  FROM "halls" h, generate_series(1, 10) r, generate_series(1, 11) p;--> statement-breakpoint
ALTER TABLE "tickets" DROP CONSTRAINT "tickets_seat_number_format";--> statement-breakpoint
ALTER TABLE "films" ADD COLUMN "no_discount_until" date;--> statement-breakpoint
ALTER TABLE "halls" ADD COLUMN "best_row" smallint;--> statement-breakpoint
ALTER TABLE "halls" ADD COLUMN "best_x" smallint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "promo_code_id" integer;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "price_card_id" integer;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "zone_code" varchar(20) DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "ticket_type_code" varchar(20) DEFAULT 'adult' NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "base_price_kopecks" integer;--> statement-breakpoint
UPDATE "tickets" SET "base_price_kopecks" = "price_kopecks";--> statement-breakpoint
ALTER TABLE "tickets" ALTER COLUMN "base_price_kopecks" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "type_discount_kopecks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tickets" ADD COLUMN "promo_discount_kopecks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "hall_seats" ADD CONSTRAINT "hall_seats_hall_id_halls_id_fk" FOREIGN KEY ("hall_id") REFERENCES "public"."halls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hall_seats" ADD CONSTRAINT "hall_seats_zone_code_seat_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."seat_zones"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "price_card_prices" ADD CONSTRAINT "price_card_prices_card_id_price_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."price_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_card_prices" ADD CONSTRAINT "price_card_prices_zone_code_seat_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."seat_zones"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "price_card_prices" ADD CONSTRAINT "price_card_prices_ticket_type_code_ticket_types_code_fk" FOREIGN KEY ("ticket_type_code") REFERENCES "public"."ticket_types"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "price_rules" ADD CONSTRAINT "price_rules_card_id_price_cards_id_fk" FOREIGN KEY ("card_id") REFERENCES "public"."price_cards"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_films" ADD CONSTRAINT "promo_code_films_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_films" ADD CONSTRAINT "promo_code_films_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_sessions" ADD CONSTRAINT "promo_code_sessions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_sessions" ADD CONSTRAINT "promo_code_sessions_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "hall_seats_position_unique" ON "hall_seats" USING btree ("hall_id","row","x");--> statement-breakpoint
CREATE UNIQUE INDEX "price_cards_name_unique" ON "price_cards" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_unique" ON "promo_codes" USING btree ("code");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_price_card_id_price_cards_id_fk" FOREIGN KEY ("price_card_id") REFERENCES "public"."price_cards"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_zone_code_seat_zones_code_fk" FOREIGN KEY ("zone_code") REFERENCES "public"."seat_zones"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_ticket_type_code_ticket_types_code_fk" FOREIGN KEY ("ticket_type_code") REFERENCES "public"."ticket_types"("code") ON DELETE restrict ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_price_breakdown" CHECK ("tickets"."price_kopecks" = "tickets"."base_price_kopecks" - "tickets"."type_discount_kopecks" - "tickets"."promo_discount_kopecks" and "tickets"."type_discount_kopecks" >= 0 and "tickets"."promo_discount_kopecks" >= 0);--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_seat_number_format" CHECK (seat_number ~ '^r([1-9]|[1-2][0-9]|30)m([1-9]|[1-3][0-9]|40)$');--> statement-breakpoint
CREATE FUNCTION "tickets_seat_in_plan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM "hall_seats" hs JOIN "sessions" s ON s."hall_id" = hs."hall_id"
    WHERE s."id" = NEW."session_id" AND hs."code" = NEW."seat_number" AND NOT hs."blocked"
  ) THEN
    RAISE EXCEPTION 'seat % is not a sellable seat of the hall of session %', NEW."seat_number", NEW."session_id"
      USING ERRCODE = '23514', CONSTRAINT = 'tickets_seat_in_plan';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "tickets_seat_in_plan" BEFORE INSERT OR UPDATE OF "session_id", "seat_number" ON "tickets"
  FOR EACH ROW EXECUTE FUNCTION "tickets_seat_in_plan"();
--> statement-breakpoint
CREATE FUNCTION "halls_default_plan"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "hall_seats" ("hall_id", "code", "row", "place", "x", "zone_code")
    SELECT NEW."id", 'r' || r || 'm' || p, r, p, p, 'standard' FROM generate_series(1, 10) r, generate_series(1, 11) p;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "halls_default_plan" AFTER INSERT ON "halls" FOR EACH ROW EXECUTE FUNCTION "halls_default_plan"();
