-- Scanner streaks (a line down every page from dust on a scanner's glass, packages/omr streaks.ts): how many a page
-- had, written with its result, so the scan page's batch list can say which batches were scanned through a dirty
-- glass without reading every page's result on each poll. Pages recognised before this read 0. A constant default
-- adds the column without rewriting the table (PostgreSQL 11 and later).
ALTER TABLE "scan_page" ADD COLUMN "streaks" smallint DEFAULT 0 NOT NULL;