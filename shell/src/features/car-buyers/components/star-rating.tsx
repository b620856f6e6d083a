import { filledStars, formatRating } from '@cardirect/web';

const maxStars = 5;

/** Five stars, filled by the half-star rounding rule, followed by the rating as 'x.x/5'. */
export function StarRating({ rating }: { rating: number }) {
  const filled = filledStars(rating);
  return (
    <p className="flex items-center gap-2">
      <span role="img" aria-label={`${filled} of ${maxStars} stars`} className="flex text-lg leading-none">
        {Array.from({ length: maxStars }, (_, index) => (
          <span key={index} data-star={index < filled ? 'filled' : 'empty'} className={index < filled ? 'text-amber-500' : 'text-slate-300'}>
            ★
          </span>
        ))}
      </span>
      <span className="font-semibold text-slate-900">{formatRating(rating)}</span>
    </p>
  );
}
