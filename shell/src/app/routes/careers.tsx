import { ContentPage } from '../../components/content-page';
import { site } from '../../config/site';

export default function CareersRoute() {
  return (
    <ContentPage title="Careers" intro="We are a small team building a fairer way to sell a car. We are not hiring for a specific role right now.">
      <section>
        <h2>Who we look for</h2>
        <p>
          Engineers, designers and people who know the car trade, who like to make a complicated sale feel simple and who care about the
          privacy of the people who trust us with their details.
        </p>
      </section>
      <section>
        <h2>Get in touch</h2>
        <p>
          If you would like to work with us, write to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a> and tell us what you
          would like to build. We read every message.
        </p>
      </section>
    </ContentPage>
  );
}
