/**
 * What CarDirect claims of itself (spec section 1, About Us), written once for every page that
 * states it: the About Us page, the landing page's track record and the dealer registration's.
 */
export const trackRecord = [
  { figure: '20+', label: 'Years of experience' },
  { figure: '$100M+', label: 'In vehicle transactions' },
  { figure: '1000+', label: 'Cars sold' },
] as const;
