import "server-only";

export { listCycleReviews, listItemReviews } from "./item-reviews";
export { createReviewLink, listReviewLinks, revokeReviewLink } from "./review-links";
export { getReviewSettings, updateReviewSettings } from "./review-settings";
export { getReviewWeek } from "./review-week";
export { approveAsReviewer, editAsReviewer, requestChangesAsReviewer } from "./reviewer-actions";
