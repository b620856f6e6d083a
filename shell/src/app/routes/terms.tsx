import { ContentPage } from '../../components/content-page';
import { site } from '../../config/site';

export default function TermsRoute() {
  return (
    <ContentPage title="Terms of Service" intro="The rules for using CarDirect, as a seller or as a dealer.">
      <section>
        <h2>For sellers</h2>
        <ul>
          <li>Listing a car is free; there are no hidden fees.</li>
          <li>You confirm that the car is yours to sell and that what you tell us about it is true.</li>
          <li>By submitting a car you agree that approved dealers may contact you about it once you accept their offer.</li>
          <li>An offer binds neither side until you and the dealer complete the sale together.</li>
        </ul>
      </section>
      <section>
        <h2>For dealers</h2>
        <ul>
          <li>A dealer account works once our team has approved it, typically within 1-2 business days.</li>
          <li>An offer is valid for 48 hours; one live offer per dealer per car.</li>
          <li>Sellers' contact details may be used only to complete the sale of the car concerned.</li>
        </ul>
      </section>
      <section>
        <h2>Our part</h2>
        <p>
          CarDirect brings sellers and dealers together; we are not a party to the sale. We may suspend an account that breaks these terms.
          Questions: <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
        </p>
      </section>
    </ContentPage>
  );
}
