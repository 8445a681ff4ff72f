CREATE TABLE "mark_deviation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"block_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"paper_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mark" numeric(6, 1) NOT NULL,
	"other" numeric(6, 1) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mark_pair_stat" (
	"block_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"pairs" integer DEFAULT 0 NOT NULL,
	"agree" integer DEFAULT 0 NOT NULL,
	"diff_sum" numeric(12, 1) DEFAULT 0 NOT NULL,
	"abs_sum" numeric(12, 1) DEFAULT 0 NOT NULL,
	CONSTRAINT "mark_pair_stat_block_id_user_id_pk" PRIMARY KEY("block_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "mark_stat" (
	"block_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"arb_done" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mark_stat_block_id_user_id_school_id_pk" PRIMARY KEY("block_id","user_id","school_id")
);
--> statement-breakpoint
CREATE TABLE "mark_stat_minute" (
	"block_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"minute" timestamp with time zone NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mark_stat_minute_block_id_minute_user_id_pk" PRIMARY KEY("block_id","minute","user_id")
);
--> statement-breakpoint
CREATE TABLE "mark_stat_score" (
	"block_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"score" numeric(6, 1) NOT NULL,
	"n" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mark_stat_score_block_id_user_id_score_pk" PRIMARY KEY("block_id","user_id","score")
);
--> statement-breakpoint
CREATE TABLE "mark_stat_total" (
	"block_id" integer NOT NULL,
	"school_id" integer NOT NULL,
	"papers" integer DEFAULT 0 NOT NULL,
	"tasks" integer DEFAULT 0 NOT NULL,
	"arb" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "mark_stat_total_block_id_school_id_pk" PRIMARY KEY("block_id","school_id")
);
--> statement-breakpoint
CREATE TABLE "marker_flag" (
	"block_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"reasons" jsonb NOT NULL,
	"state" smallint DEFAULT 1 NOT NULL,
	"at_done" integer DEFAULT 0 NOT NULL,
	"flagged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_by" integer,
	"released_at" timestamp with time zone,
	"note" text,
	CONSTRAINT "marker_flag_block_id_user_id_pk" PRIMARY KEY("block_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "block_quality" ADD COLUMN "limits" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "block_quality" ADD COLUMN "pause" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "marker_flag" ADD CONSTRAINT "marker_flag_block_id_block_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."block"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marker_flag" ADD CONSTRAINT "marker_flag_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marker_flag" ADD CONSTRAINT "marker_flag_released_by_user_id_fk" FOREIGN KEY ("released_by") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mark_deviation_marker_idx" ON "mark_deviation" USING btree ("block_id","kind","user_id","id");--> statement-breakpoint
-- Hand-written (issue 14): the monitoring counters follow every change of a mark_task row in its transaction.
-- Only rows entering or leaving 'submitted' fire (a claim or a lease change does not).
CREATE OR REPLACE FUNCTION mark_stat_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
  thr numeric;
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status = 'submitted' AND OLD.user_id IS NOT NULL THEN
    UPDATE mark_stat SET done = done - (OLD.slot <> 9)::int, arb_done = arb_done - (OLD.slot = 9)::int
      WHERE block_id = OLD.block_id AND user_id = OLD.user_id AND school_id = OLD.school_id;
    IF OLD.slot <> 9 THEN
      UPDATE mark_stat_score SET n = n - 1
        WHERE block_id = OLD.block_id AND user_id = OLD.user_id AND score = OLD.score;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.status = 'submitted' AND NEW.user_id IS NOT NULL THEN
    INSERT INTO mark_stat AS s (block_id, user_id, school_id, done, arb_done, first_at, last_at)
      VALUES (NEW.block_id, NEW.user_id, NEW.school_id, (NEW.slot <> 9)::int, (NEW.slot = 9)::int, now(), now())
      ON CONFLICT (block_id, user_id, school_id) DO UPDATE SET done = s.done + excluded.done,
        arb_done = s.arb_done + excluded.arb_done, last_at = greatest(s.last_at, excluded.last_at);
    IF NEW.slot <> 9 AND NEW.score IS NOT NULL THEN
      INSERT INTO mark_stat_score AS s (block_id, user_id, score, n) VALUES (NEW.block_id, NEW.user_id, NEW.score, 1)
        ON CONFLICT (block_id, user_id, score) DO UPDATE SET n = s.n + 1;
      -- a new mark (not a changed one) counts for speed and may complete a double-marking pair
      IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'submitted' THEN
        INSERT INTO mark_stat_minute AS s (block_id, user_id, minute, n)
          VALUES (NEW.block_id, NEW.user_id, date_trunc('minute', now()), 1)
          ON CONFLICT (block_id, minute, user_id) DO UPDATE SET n = s.n + 1;
        IF NEW.slot IN (1, 2) THEN
          SELECT t.user_id, t.score INTO o FROM mark_task t
            WHERE t.block_id = NEW.block_id AND t.paper_id = NEW.paper_id AND t.slot = 3 - NEW.slot
              AND t.status = 'submitted' AND t.user_id IS NOT NULL;
          IF FOUND THEN
            SELECT coalesce(threshold, 0) INTO thr FROM block WHERE id = NEW.block_id;
            INSERT INTO mark_deviation (block_id, user_id, paper_id, kind, mark, other) VALUES
              (NEW.block_id, NEW.user_id, NEW.paper_id, 'pair', NEW.score, o.score),
              (NEW.block_id, o.user_id, NEW.paper_id, 'pair', o.score, NEW.score);
            -- both markers' rows in user order: two pairs completing at once never wait on each other in a cycle
            INSERT INTO mark_pair_stat AS s (block_id, user_id, pairs, agree, diff_sum, abs_sum)
              SELECT NEW.block_id, u.id, 1, (abs(NEW.score - o.score) <= thr)::int, u.d, abs(u.d)
              FROM (VALUES (NEW.user_id, NEW.score - o.score), (o.user_id, o.score - NEW.score)) AS u(id, d)
              ORDER BY u.id
              ON CONFLICT (block_id, user_id) DO UPDATE SET pairs = s.pairs + 1, agree = s.agree + excluded.agree,
                diff_sum = s.diff_sum + excluded.diff_sum, abs_sum = s.abs_sum + excluded.abs_sum;
          END IF;
        END IF;
      END IF;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mark_task_stat AFTER INSERT OR DELETE OR UPDATE OF status, score, user_id ON mark_task
  FOR EACH ROW EXECUTE FUNCTION mark_stat_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mark_stat_total_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO mark_stat_total AS s (block_id, school_id, papers, tasks, arb)
    SELECT block_id, school_id, count(*) FILTER (WHERE slot = 1), count(*) FILTER (WHERE slot BETWEEN 1 AND 3),
      count(*) FILTER (WHERE slot = 9) FROM new_rows GROUP BY block_id, school_id
    ON CONFLICT (block_id, school_id) DO UPDATE SET papers = s.papers + excluded.papers,
      tasks = s.tasks + excluded.tasks, arb = s.arb + excluded.arb;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION mark_stat_total_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mark_stat_total s SET papers = s.papers - d.papers, tasks = s.tasks - d.tasks, arb = s.arb - d.arb
    FROM (SELECT block_id, school_id, count(*) FILTER (WHERE slot = 1) AS papers,
      count(*) FILTER (WHERE slot BETWEEN 1 AND 3) AS tasks, count(*) FILTER (WHERE slot = 9) AS arb
      FROM old_rows GROUP BY block_id, school_id) d
    WHERE s.block_id = d.block_id AND s.school_id = d.school_id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER mark_task_total_add AFTER INSERT ON mark_task REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mark_stat_total_add();
--> statement-breakpoint
CREATE TRIGGER mark_task_total_remove AFTER DELETE ON mark_task REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION mark_stat_total_remove();
