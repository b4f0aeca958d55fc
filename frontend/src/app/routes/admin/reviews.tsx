import { ReviewsModeration } from '../../../features/reviews/components/reviews-moderation';

export default ReviewsModeration;
