-- A page scanned 1-bit cut at one threshold (黑白, not dithered; packages/omr detect-pixels.ts isDithered): a mark
-- lighter than the threshold is not in the image. Written with the page's result so the scan page's batch list can
-- tell the scanner's operator to scan grey without reading every page's result on each poll, as `streaks` (0053).
-- Pages recognised before this read false. A constant default adds the column without rewriting the table.
ALTER TABLE "scan_page" ADD COLUMN "thresholded" boolean DEFAULT false NOT NULL;
