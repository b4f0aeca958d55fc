CREATE TABLE "achievements" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourite_films" (
	"user_id" integer NOT NULL,
	"film_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_films_user_id_film_id_pk" PRIMARY KEY("user_id","film_id")
);
--> statement-breakpoint
CREATE TABLE "favourite_persons" (
	"user_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "favourite_persons_user_id_person_id_pk" PRIMARY KEY("user_id","person_id")
);
--> statement-breakpoint
CREATE TABLE "film_countries" (
	"film_id" integer NOT NULL,
	"country_id" integer NOT NULL,
	CONSTRAINT "film_countries_film_id_country_id_pk" PRIMARY KEY("film_id","country_id")
);
--> statement-breakpoint
CREATE TABLE "film_genres" (
	"film_id" integer NOT NULL,
	"genre_id" integer NOT NULL,
	CONSTRAINT "film_genres_film_id_genre_id_pk" PRIMARY KEY("film_id","genre_id")
);
--> statement-breakpoint
CREATE TABLE "film_persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"film_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"role" varchar(50) NOT NULL,
	"position" varchar(255)
);
--> statement-breakpoint
CREATE TABLE "film_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"film_id" integer NOT NULL,
	"photo" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "film_videos" (
	"id" serial PRIMARY KEY NOT NULL,
	"film_id" integer NOT NULL,
	"video" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "films" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"age" smallint DEFAULT 0 NOT NULL,
	"year" smallint,
	"budget" bigint,
	"time" smallint NOT NULL,
	"rating" double precision,
	"promo_img" text,
	"poster" text,
	"type_graphic" varchar(20) DEFAULT '2D' NOT NULL,
	"trailer" text,
	"kinopoisk_id" varchar(32),
	"is_rent" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "films_age_range" CHECK ("films"."age" between 0 and 21),
	CONSTRAINT "films_time_positive" CHECK ("films"."time" > 0),
	CONSTRAINT "films_rating_range" CHECK ("films"."rating" is null or "films"."rating" between 0 and 10),
	CONSTRAINT "films_budget_positive" CHECK ("films"."budget" is null or "films"."budget" >= 0),
	CONSTRAINT "films_is_rent_flag" CHECK (is_rent in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "genres" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "halls" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"capacity" smallint DEFAULT 110 NOT NULL,
	CONSTRAINT "halls_capacity_positive" CHECK ("halls"."capacity" > 0)
);
--> statement-breakpoint
CREATE TABLE "news" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"main_img" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "news_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"news_id" integer NOT NULL,
	"type" varchar(10) NOT NULL,
	"item_order" smallint NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "news_items_type_valid" CHECK (type in ('title', 'text', 'image')),
	CONSTRAINT "news_items_order_positive" CHECK ("news_items"."item_order" > 0)
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "person_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"person_id" integer NOT NULL,
	"photo" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persons" (
	"id" serial PRIMARY KEY NOT NULL,
	"fio" varchar(255) NOT NULL,
	"main_img" text,
	"birthday" date,
	"careers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"place_birthday" varchar(255),
	"kinopoisk_id" varchar(32),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "persons_careers_array" CHECK (jsonb_typeof("persons"."careers") = 'array')
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(255) NOT NULL,
	"text" text NOT NULL,
	"img" text NOT NULL,
	"date_start" timestamp with time zone NOT NULL,
	"date_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_dates_ordered" CHECK ("promotions"."date_end" >= "promotions"."date_start")
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"film_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" varchar(120) NOT NULL,
	"comment" text NOT NULL,
	"type_rating" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reviews_type_rating_valid" CHECK (type_rating in (1, 2)),
	CONSTRAINT "reviews_comment_length" CHECK (char_length("reviews"."comment") between 1 and 5000),
	CONSTRAINT "reviews_title_not_blank" CHECK (char_length("reviews"."title") > 0)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"film_id" integer NOT NULL,
	"hall_id" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"price" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_ends_after_start" CHECK ("sessions"."end_time" > "sessions"."start_time"),
	CONSTRAINT "sessions_price_positive" CHECK ("sessions"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "tickets" (
	"id" serial PRIMARY KEY NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"seat_number" varchar(6) NOT NULL,
	"price" integer NOT NULL,
	"purchase_date" timestamp with time zone DEFAULT now() NOT NULL,
	"status" varchar(20) DEFAULT 'paid' NOT NULL,
	"is_watching" smallint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tickets_seat_number_format" CHECK (seat_number ~ '^r([1-9]|10)m([1-9]|1[01])$'),
	CONSTRAINT "tickets_price_positive" CHECK ("tickets"."price" > 0),
	CONSTRAINT "tickets_status_valid" CHECK (status in ('paid', 'refunded', 'cancelled')),
	CONSTRAINT "tickets_is_watching_valid" CHECK (is_watching in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"fio" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"password" text,
	"birthday" date,
	"provider" varchar(20) DEFAULT 'youth' NOT NULL,
	"avatar" text,
	"role" varchar(20) DEFAULT 'customer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_lower" CHECK ("users"."email" = lower("users"."email")),
	CONSTRAINT "users_role_valid" CHECK (role in ('customer', 'admin', 'content-manager', 'manager', 'cashier')),
	CONSTRAINT "users_provider_valid" CHECK (provider in ('youth', 'yandex', 'google', 'vk'))
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_films" ADD CONSTRAINT "favourite_films_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_films" ADD CONSTRAINT "favourite_films_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_persons" ADD CONSTRAINT "favourite_persons_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "favourite_persons" ADD CONSTRAINT "favourite_persons_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "film_countries" ADD CONSTRAINT "film_countries_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "film_countries" ADD CONSTRAINT "film_countries_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "film_genres" ADD CONSTRAINT "film_genres_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "film_genres" ADD CONSTRAINT "film_genres_genre_id_genres_id_fk" FOREIGN KEY ("genre_id") REFERENCES "public"."genres"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "film_persons" ADD CONSTRAINT "film_persons_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "film_persons" ADD CONSTRAINT "film_persons_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "film_photos" ADD CONSTRAINT "film_photos_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "film_videos" ADD CONSTRAINT "film_videos_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news" ADD CONSTRAINT "news_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "news_items" ADD CONSTRAINT "news_items_news_id_news_id_fk" FOREIGN KEY ("news_id") REFERENCES "public"."news"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "person_photos" ADD CONSTRAINT "person_photos_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_film_id_films_id_fk" FOREIGN KEY ("film_id") REFERENCES "public"."films"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_hall_id_halls_id_fk" FOREIGN KEY ("hall_id") REFERENCES "public"."halls"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tickets" ADD CONSTRAINT "tickets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "countries_name_unique" ON "countries" USING btree ("name");--> statement-breakpoint
CREATE INDEX "film_countries_country_idx" ON "film_countries" USING btree ("country_id");--> statement-breakpoint
CREATE INDEX "film_genres_genre_idx" ON "film_genres" USING btree ("genre_id");--> statement-breakpoint
CREATE UNIQUE INDEX "film_persons_unique" ON "film_persons" USING btree ("film_id","person_id","role");--> statement-breakpoint
CREATE INDEX "film_persons_person_idx" ON "film_persons" USING btree ("person_id");--> statement-breakpoint
CREATE INDEX "film_photos_film_idx" ON "film_photos" USING btree ("film_id");--> statement-breakpoint
CREATE INDEX "film_videos_film_idx" ON "film_videos" USING btree ("film_id");--> statement-breakpoint
CREATE UNIQUE INDEX "films_kinopoisk_id_unique" ON "films" USING btree ("kinopoisk_id");--> statement-breakpoint
CREATE INDEX "films_is_rent_idx" ON "films" USING btree ("is_rent");--> statement-breakpoint
CREATE UNIQUE INDEX "genres_name_unique" ON "genres" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "halls_name_unique" ON "halls" USING btree ("name");--> statement-breakpoint
CREATE INDEX "news_user_idx" ON "news" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "news_items_order_unique" ON "news_items" USING btree ("news_id","item_order");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_token_unique" ON "password_resets" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "person_photos_person_idx" ON "person_photos" USING btree ("person_id");--> statement-breakpoint
CREATE UNIQUE INDEX "persons_kinopoisk_id_unique" ON "persons" USING btree ("kinopoisk_id");--> statement-breakpoint
CREATE INDEX "reviews_film_idx" ON "reviews" USING btree ("film_id");--> statement-breakpoint
CREATE INDEX "reviews_user_idx" ON "reviews" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_start_idx" ON "sessions" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "sessions_film_idx" ON "sessions" USING btree ("film_id");--> statement-breakpoint
CREATE INDEX "sessions_hall_idx" ON "sessions" USING btree ("hall_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tickets_live_seat_unique" ON "tickets" USING btree ("session_id","seat_number") WHERE not (status in ('refunded', 'cancelled'));--> statement-breakpoint
CREATE INDEX "tickets_user_idx" ON "tickets" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");