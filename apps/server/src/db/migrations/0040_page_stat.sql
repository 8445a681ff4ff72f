CREATE TABLE "page_stat" (
	"day" date NOT NULL,
	"kind" text NOT NULL,
	"page" text NOT NULL,
	"control" text DEFAULT '' NOT NULL,
	"school_type" smallint NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "page_stat_day_kind_page_control_school_type_pk" PRIMARY KEY("day","kind","page","control","school_type")
);
--> statement-breakpoint
CREATE INDEX "page_stat_kind_day_idx" ON "page_stat" USING btree ("kind","day");