CREATE TABLE "scan_login" (
	"id" serial PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"ticket_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"confirmed_by" integer,
	"confirmed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"pc_ip" text,
	"pc_user_agent" text,
	CONSTRAINT "scan_login_code_hash_unique" UNIQUE("code_hash"),
	CONSTRAINT "scan_login_ticket_hash_unique" UNIQUE("ticket_hash")
);
--> statement-breakpoint
CREATE TABLE "analysis_hidden" (
	"exam_id" integer PRIMARY KEY NOT NULL,
	"hidden" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "scan_login" ADD CONSTRAINT "scan_login_confirmed_by_user_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_hidden" ADD CONSTRAINT "analysis_hidden_exam_id_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."exam"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_hidden" ADD CONSTRAINT "analysis_hidden_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;