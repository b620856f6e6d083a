import { paths } from '@cardirect/web';

/** The footer's groups of section 2. Anchors without their own route point into the page they belong to. */
export const footerGroups = [
  {
    id: 'for-sellers',
    title: 'For Sellers',
    links: [
      { label: 'How It Works', href: paths.howItWorks },
      { label: 'Submit Your Vehicle', href: paths.submitVehicle },
      { label: 'Car Buyers', href: paths.carBuyers },
      { label: 'Pricing Guide', href: '/#pricing-guide' },
      { label: 'FAQ', href: '/#faq' },
      { label: 'Testimonials', href: '/#testimonials' },
    ],
  },
  {
    id: 'for-dealers',
    title: 'For Dealers',
    links: [
      { label: 'Dealer Benefits', href: `${paths.dealerRegister}#benefits` },
      { label: 'Pricing', href: `${paths.dealerRegister}#pricing` },
      { label: 'Register', href: paths.dealerRegister },
      { label: 'Dealer Login', href: paths.dealerLogin },
      { label: 'Success Stories', href: `${paths.dealerRegister}#success-stories` },
    ],
  },
  {
    id: 'company',
    title: 'Company',
    links: [
      { label: 'About Us', href: paths.aboutUs },
      { label: 'Careers', href: paths.careers },
      { label: 'Press', href: paths.press },
      { label: 'Contact', href: paths.contact },
      { label: 'Privacy Policy', href: paths.privacy },
      { label: 'Terms of Service', href: paths.terms },
    ],
  },
] as const;
