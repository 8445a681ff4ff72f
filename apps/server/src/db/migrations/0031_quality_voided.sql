DROP INDEX "spot_check_task_uq";--> statement-breakpoint
ALTER TABLE "mark_deviation" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marker_flag" ADD COLUMN "at_evidence" integer;--> statement-breakpoint
ALTER TABLE "marker_flag" ADD COLUMN "evidence_after" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "marker_flag" ADD COLUMN "voided" jsonb;--> statement-breakpoint
ALTER TABLE "spot_check" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "spot_check_task_uq" ON "spot_check" USING btree ("task_id") WHERE voided_at is null;--> statement-breakpoint
-- Hand-written (issue 29): BEGIN --------------------------------------------------------------------------------
-- Replaces mark_stat_apply of quality_tests: the same, but a pair deviation a reset voided (kept as the record of
-- the discarded marks, voided_at set by the reset's dropPairs) is neither moved nor taken out again — only the
-- standing pair of a paper follows its marks.
CREATE OR REPLACE FUNCTION mark_stat_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  o record;
  thr numeric;
  changed boolean := false;
BEGIN
  IF TG_OP = 'UPDATE' THEN
    changed := OLD.status = 'submitted' AND NEW.status = 'submitted' AND OLD.user_id IS NOT DISTINCT FROM NEW.user_id
      AND OLD.score IS DISTINCT FROM NEW.score;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD.status = 'submitted' AND OLD.user_id IS NOT NULL THEN
    UPDATE mark_stat SET done = done - (OLD.slot <> 9)::int, arb_done = arb_done - (OLD.slot = 9)::int
      WHERE block_id = OLD.block_id AND user_id = OLD.user_id AND school_id = OLD.school_id;
    IF OLD.slot <> 9 THEN
      UPDATE mark_stat_score SET n = n - 1
        WHERE block_id = OLD.block_id AND user_id = OLD.user_id AND score = OLD.score;
    END IF;
    -- the pair this mark was part of, as its two 'pair' deviations recorded it: moved to the new score
    -- (changed), or out (the mark left). Read from the deviations, not the other task: a statement resetting both
    -- marks of a paper fires these after both rows changed, and a pair already taken out (the reset's own
    -- dropPairs) is found no more, so it is never taken out twice.
    IF OLD.slot IN (1, 2) AND (changed OR TG_OP = 'DELETE' OR NEW.status <> 'submitted'
        OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
      SELECT coalesce(threshold, 0) INTO thr FROM block WHERE id = OLD.block_id;
      IF changed THEN
        WITH moved AS (
          UPDATE mark_deviation d SET mark = CASE WHEN d.user_id = OLD.user_id THEN NEW.score ELSE d.mark END,
              other = CASE WHEN d.user_id = OLD.user_id THEN d.other ELSE NEW.score END
            FROM (SELECT id, mark - other AS was FROM mark_deviation
              WHERE block_id = OLD.block_id AND paper_id = OLD.paper_id AND kind = 'pair' AND voided_at IS NULL) x
            WHERE d.id = x.id
            RETURNING d.user_id, x.was, d.mark - d.other AS now)
        UPDATE mark_pair_stat s SET agree = s.agree - (abs(m.was) <= thr)::int + (abs(m.now) <= thr)::int,
            diff_sum = s.diff_sum - m.was + m.now, abs_sum = s.abs_sum - abs(m.was) + abs(m.now)
          FROM moved m WHERE s.block_id = OLD.block_id AND s.user_id = m.user_id;
      ELSE
        WITH gone AS (
          DELETE FROM mark_deviation WHERE block_id = OLD.block_id AND paper_id = OLD.paper_id AND kind = 'pair'
            AND voided_at IS NULL
            RETURNING user_id, mark - other AS was)
        UPDATE mark_pair_stat s SET pairs = s.pairs - 1, agree = s.agree - (abs(g.was) <= thr)::int,
            diff_sum = s.diff_sum - g.was, abs_sum = s.abs_sum - abs(g.was)
          FROM gone g WHERE s.block_id = OLD.block_id AND s.user_id = g.user_id;
      END IF;
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
      IF TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'submitted' OR OLD.user_id IS DISTINCT FROM NEW.user_id THEN
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
-- Hand-written (issue 29): END ----------------------------------------------------------------------------------
