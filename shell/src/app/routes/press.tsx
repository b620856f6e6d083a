import { ContentPage } from '../../components/content-page';
import { site } from '../../config/site';

export default function PressRoute() {
  return (
    <ContentPage title="Press" intro="CarDirect lets a private owner sell a car directly to competing dealers, without an auction in between.">
      <section>
        <h2>The short version</h2>
        <ul>
          <li>Sellers list a car for free, without creating an account, and receive offers from approved local dealers.</li>
          <li>Dealers register, are approved by our team, and see local inventory before it reaches an auction.</li>
          <li>Our team has more than 20 years of experience in the car trade and over $100M in vehicle transactions.</li>
        </ul>
      </section>
      <section>
        <h2>Media enquiries</h2>
        <p>
          For interviews, figures or images, write to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
        </p>
      </section>
    </ContentPage>
  );
}
