ALTER TABLE "film_photos" ADD COLUMN "source_url" text;--> statement-breakpoint
CREATE UNIQUE INDEX "countries_name_lower_unique" ON "countries" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "film_photos_source_unique" ON "film_photos" USING btree ("film_id","source_url");--> statement-breakpoint
CREATE UNIQUE INDEX "genres_name_lower_unique" ON "genres" USING btree (lower("name"));