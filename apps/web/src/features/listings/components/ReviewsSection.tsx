import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Pagination from '@mui/material/Pagination';
import Rating from '@mui/material/Rating';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { EmptyState } from '@/components/ui/EmptyState';
import { FormTextField } from '@/components/ui/FormTextField';
import { useCreateListingReviewMutation, useGetListingReviewsQuery } from '@/lib/api/generated';
import { listingArgs } from '@/lib/api/listings';
import { selectCurrentUser, useAppDispatch, useAppSelector } from '@/lib/state/hooks';
import { toast } from '@/lib/state/toasts-slice';
import { listingErrorMessage } from '../errors';

export const REVIEWS_PAGE_SIZE = 5;
export const COMMENT_MAX = 1000;

interface ReviewForm {
  rating: number | null;
  comment: string;
}

function ReviewFormCard({ listingId }: { listingId: string }) {
  const dispatch = useAppDispatch();
  const [createReview, { isLoading }] = useCreateListingReviewMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const { control, handleSubmit, reset } = useForm<ReviewForm>({ defaultValues: { rating: null, comment: '' } });

  const onSubmit = handleSubmit(async ({ rating, comment }) => {
    setProblem(null);
    try {
      await createReview(listingArgs.review(listingId, { rating: rating ?? 0, comment: comment.trim() })).unwrap();
      reset();
      dispatch(toast.success('Thank you!', 'Your review is posted.'));
    } catch (error) {
      setProblem(listingErrorMessage(error));
    }
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label="Write a review" sx={{ p: 2, border: 1, borderColor: 'divider', borderRadius: 2 }}>
      <Stack spacing={1.5}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          Write a review
        </Typography>
        <Controller
          name="rating"
          control={control}
          rules={{ validate: (v) => (v !== null && v >= 1 && v <= 5) || 'Choose a rating from 1 to 5 stars' }}
          render={({ field, fieldState }) => (
            <Box>
              <Typography component="legend" variant="body2" id="review-rating-label">
                Your rating
              </Typography>
              <Rating
                name="rating"
                value={field.value}
                onChange={(_e, value) => field.onChange(value)}
                aria-labelledby="review-rating-label"
              />
              {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
            </Box>
          )}
        />
        <FormTextField
          name="comment"
          control={control}
          label="Comment"
          multiline
          minRows={3}
          rules={{
            required: 'Write a few words about the property',
            maxLength: { value: COMMENT_MAX, message: `At most ${COMMENT_MAX} characters` },
          }}
        />
        {problem && <Alert severity="error">{problem}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={isLoading}>
            Post review
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

export interface ReviewsSectionProps {
  listingId: string;
  ownerId: string;
  rating: { average: number; count: number };
}

/** Reviews of a listing, and the review form: not for the owner, and guests are asked to log in. */
export function ReviewsSection({ listingId, ownerId, rating }: ReviewsSectionProps) {
  const user = useAppSelector(selectCurrentUser);
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useGetListingReviewsQuery({
    id: listingId,
    page: String(page),
    limit: String(REVIEWS_PAGE_SIZE),
  });
  const reviews = data?.reviews ?? [];
  const isOwner = !!user && user._id === ownerId;
  const alreadyReviewed = !!user && reviews.some((r) => r.user._id === user._id);

  return (
    <Stack spacing={2} component="section" aria-labelledby="reviews-title">
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        <Typography id="reviews-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          Reviews
        </Typography>
        <Rating value={rating.average} precision={0.1} readOnly size="small" aria-label={`Rated ${rating.average.toFixed(1)} out of 5`} />
        <Typography variant="body2" color="text.secondary">
          {rating.count > 0 ? `${rating.average.toFixed(1)} · ${rating.count} review${rating.count === 1 ? '' : 's'}` : 'No ratings yet'}
        </Typography>
      </Stack>

      {!user ? (
        <Alert
          severity="info"
          action={
            <Button component={RouterLink} to="/login" color="inherit" size="small">
              Log in
            </Button>
          }
        >
          Log in to rate and review this listing.
        </Alert>
      ) : isOwner ? null : alreadyReviewed ? (
        <Alert severity="success">You have reviewed this listing.</Alert>
      ) : (
        <ReviewFormCard listingId={listingId} />
      )}

      {error ? (
        <Alert severity="error">{listingErrorMessage(error)}</Alert>
      ) : isLoading ? null : reviews.length === 0 ? (
        <EmptyState title="No reviews yet" description="Be the first to share what you think." />
      ) : (
        <Stack spacing={2} role="list" aria-label="Reviews">
          {reviews.map((review) => (
            <Stack key={review._id} direction="row" spacing={1.5} role="listitem">
              <Avatar src={review.user.avatar ?? undefined} alt={`${review.user.firstName} ${review.user.lastName}`}>
                {review.user.firstName?.[0]}
              </Avatar>
              <Box>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="subtitle2">
                    {review.user.firstName} {review.user.lastName}
                  </Typography>
                  <Rating value={review.rating} readOnly size="small" aria-label={`${review.rating} out of 5 stars`} />
                  <Typography variant="caption" color="text.secondary">
                    {new Date(review.createdAt).toLocaleDateString('en-PH')}
                  </Typography>
                </Stack>
                {review.comment && <Typography variant="body2">{review.comment}</Typography>}
              </Box>
            </Stack>
          ))}
        </Stack>
      )}
      {data && data.pagination.totalPages > 1 && (
        <Pagination count={data.pagination.totalPages} page={page} onChange={(_e, p) => setPage(p)} size="small" />
      )}
    </Stack>
  );
}
