import { Badge, Button, Card } from '@cardirect/ui';
import { carBuyerTags, type CarBuyer } from '../car-buyers';
import { StarRating } from './star-rating';

export function CarBuyerCard({ buyer }: { buyer: CarBuyer }) {
  return (
    <Card className="flex h-full flex-col p-6" data-testid="car-buyer-card">
      <h2 className="text-xl font-bold text-slate-900">{buyer.name}</h2>
      <StarRating rating={buyer.rating} />
      <p className="mt-3 flex-1 text-slate-600">{buyer.description}</p>
      <ul className="mt-4 flex flex-wrap gap-2" aria-label="Features">
        {carBuyerTags(buyer).map((tag) => (
          <li key={tag}>
            <Badge tone="brand">{tag}</Badge>
          </li>
        ))}
      </ul>
      <Button asChild className="mt-6">
        <a href={buyer.offerUrl} target="_blank" rel="noopener noreferrer">
          Get Cash Offer
          <span className="sr-only"> from {buyer.name} (opens in a new tab)</span>
        </a>
      </Button>
    </Card>
  );
}
