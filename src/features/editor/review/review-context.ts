import { createContext, useContext } from 'react';
import { NO_REVIEW, type ReviewMarks } from './review-marks';

/** The open alignment's review marks, for the word list's rows (the page provides them). */
export const ReviewMarksContext = createContext<ReviewMarks>(NO_REVIEW);

export const useReviewMarks = (): ReviewMarks => useContext(ReviewMarksContext);
