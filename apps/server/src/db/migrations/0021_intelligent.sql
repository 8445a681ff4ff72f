CREATE TABLE "block_intelligent" (
	"block_id" integer PRIMARY KEY NOT NULL,
	"blank" boolean DEFAULT false NOT NULL,
	"grouping" boolean DEFAULT false NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intelligent_blank" (
	"block_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"ink" integer NOT NULL,
	"excess" numeric(8, 5) NOT NULL,
	"blank" boolean NOT NULL,
	"state" text DEFAULT 'measured' NOT NULL,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	CONSTRAINT "intelligent_blank_block_id_paper_id_pk" PRIMARY KEY("block_id","paper_id")
);
--> statement-breakpoint
CREATE TABLE "intelligent_group" (
	"id" serial PRIMARY KEY NOT NULL,
	"block_id" integer NOT NULL,
	"run_id" integer NOT NULL,
	"head_paper_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "intelligent_group_paper" (
	"block_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"distance" numeric(6, 3) NOT NULL,
	"state" text DEFAULT 'in' NOT NULL,
	CONSTRAINT "intelligent_group_paper_block_id_paper_id_pk" PRIMARY KEY("block_id","paper_id")
);
--> statement-breakpoint
CREATE TABLE "intelligent_run" (
	"id" serial PRIMARY KEY NOT NULL,
	"block_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"found" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "block_intelligent" ADD CONSTRAINT "block_intelligent_block_id_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_intelligent" ADD CONSTRAINT "block_intelligent_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_blank" ADD CONSTRAINT "intelligent_blank_block_id_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_blank" ADD CONSTRAINT "intelligent_blank_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_blank" ADD CONSTRAINT "intelligent_blank_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_group" ADD CONSTRAINT "intelligent_group_block_id_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_group" ADD CONSTRAINT "intelligent_group_head_paper_id_paper_id_fk" FOREIGN KEY ("head_paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_group_paper" ADD CONSTRAINT "intelligent_group_paper_paper_id_paper_id_fk" FOREIGN KEY ("paper_id") REFERENCES "public"."paper"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_group_paper" ADD CONSTRAINT "intelligent_group_paper_group_id_intelligent_group_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."intelligent_group"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_run" ADD CONSTRAINT "intelligent_run_block_id_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "intelligent_run" ADD CONSTRAINT "intelligent_run_started_by_user_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intelligent_blank_state_idx" ON "intelligent_blank" USING btree ("block_id","blank","state");--> statement-breakpoint
CREATE INDEX "intelligent_group_block_idx" ON "intelligent_group" USING btree ("block_id");--> statement-breakpoint
CREATE INDEX "intelligent_group_paper_group_idx" ON "intelligent_group_paper" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "intelligent_run_block_idx" ON "intelligent_run" USING btree ("block_id","kind","id");