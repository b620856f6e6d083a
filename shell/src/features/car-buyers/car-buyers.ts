/** The spec's five external car-buying companies (hard-coded), compared on the Top Car Buyers page. */
export interface CarBuyer {
  name: string;
  description: string;
  /** Out of 5. */
  rating: number;
  comesToYou: boolean;
  buysExotics: boolean;
  onlineOffer: boolean;
  offerUrl: string;
}

export const carBuyers: readonly CarBuyer[] = [
  {
    name: 'Carvana',
    description: 'Get a real offer online in minutes; Carvana picks the car up from your driveway and pays on the spot.',
    rating: 4.3,
    comesToYou: true,
    buysExotics: false,
    onlineOffer: true,
    offerUrl: 'https://www.carvana.com/sell-my-car',
  },
  {
    name: 'CarMax',
    description: 'The largest used-car retailer in the US appraises your car at one of its stores and writes a bank draft the same day.',
    rating: 3.8,
    comesToYou: false,
    buysExotics: true,
    onlineOffer: false,
    offerUrl: 'https://www.carmax.com/sell-my-car',
  },
  {
    name: 'Peddle',
    description: 'Buys cars in any condition, running or not, with free towing and payment at pick-up.',
    rating: 4.2,
    comesToYou: true,
    buysExotics: false,
    onlineOffer: true,
    offerUrl: 'https://www.peddle.com/',
  },
  {
    name: 'Kelley Blue Book Instant Cash Offer',
    description: 'An instant offer based on Kelley Blue Book values, redeemable at participating dealers near you.',
    rating: 4.0,
    comesToYou: false,
    buysExotics: true,
    onlineOffer: true,
    offerUrl: 'https://www.kbb.com/instant-cash-offer/',
  },
  {
    name: 'We Buy Any Car',
    description: 'Value your car online, then book a short in-person appraisal at a branch to receive your final offer.',
    rating: 3.9,
    comesToYou: false,
    buysExotics: false,
    onlineOffer: false,
    offerUrl: 'https://www.webuyanycarusa.com/',
  },
];

/** The three tags of a card, worded as the spec words them. */
export function carBuyerTags(buyer: CarBuyer): [string, string, string] {
  return [
    buyer.comesToYou ? 'Comes to you' : 'Drop off required',
    buyer.buysExotics ? 'Buys exotics' : "Doesn't buy exotics",
    buyer.onlineOffer ? 'Online cash offer' : 'In-person cash offer',
  ];
}
