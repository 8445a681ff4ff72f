CREATE TABLE "bureau_admin" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "exam" ADD COLUMN "names_shared" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bureau_admin" ADD CONSTRAINT "bureau_admin_org_id_org_id_fk" FOREIGN KEY ("org_id") REFERENCES "public"."org"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bureau_admin" ADD CONSTRAINT "bureau_admin_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bureau_admin_uq" ON "bureau_admin" USING btree ("org_id","user_id");--> statement-breakpoint
CREATE INDEX "bureau_admin_user_idx" ON "bureau_admin" USING btree ("user_id");--> statement-breakpoint
-- Hand-written (issue 35): BEGIN --------------------------------------------------------------------------------
-- A bureau and every bureau under it: a bureau administrator's scope (DESIGN.md §9), read by the session lookup.
CREATE FUNCTION bureau_subtree(root integer) RETURNS SETOF integer LANGUAGE sql STABLE AS $$
  WITH RECURSIVE sub(id) AS (SELECT root UNION SELECT o.id FROM org o JOIN sub ON o.parent_id = sub.id)
  SELECT id FROM sub
$$;--> statement-breakpoint
CREATE INDEX "exam_org_idx" ON "exam" ("org_id") WHERE org_id IS NOT NULL;
-- Hand-written (issue 35): END ----------------------------------------------------------------------------------
