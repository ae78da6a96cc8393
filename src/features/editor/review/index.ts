export { ReviewBar } from './review-bar';
export { ReviewMarksContext, useReviewMarks } from './review-context';
export { createReviewMarks, findUncertain, NO_REVIEW, type ReviewMarks } from './review-marks';
export { useResync, type ResyncScope, type ResyncState } from './use-resync';
export { useReview, wordCount, type Review } from './use-review';
