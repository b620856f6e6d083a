import { paths } from '@cardirect/web';

/** The header's links, in the spec's order. Section links point into a page and scroll to it. */
export const headerLinks = [
  { label: 'How It Works', href: paths.howItWorks },
  { label: 'Car Buyers', href: paths.carBuyers },
  { label: 'For Dealers', href: paths.dealerRegister },
  { label: 'About Us', href: paths.aboutUs },
  { label: 'Contact', href: paths.contact },
] as const;
