import { ContentPage } from '../../components/content-page';
import { site } from '../../config/site';

export default function PrivacyRoute() {
  return (
    <ContentPage title="Privacy Policy" intro="What CarDirect stores about you, who can see it, and why.">
      <section>
        <h2>What sellers give us</h2>
        <p>
          When you submit a car we store its details (VIN, make, model, year, mileage, colours, condition, title and financing status, ZIP
          code, description), the photo you upload, and your contact details: name, e-mail address and, if you give them, phone number,
          city and state.
        </p>
      </section>
      <section>
        <h2>Who sees your details</h2>
        <ul>
          <li>Approved dealers see your car, its photo, its ZIP code and the date it was listed, never your name, e-mail, phone or address.</li>
          <li>A dealer sees your contact details only after you accept that dealer's offer.</li>
          <li>Our administrators see everything, to run the service and help you; every time contact details are shown, we record who saw them.</li>
        </ul>
      </section>
      <section>
        <h2>Dealers</h2>
        <p>
          For a dealer account we store the dealership's name, address, phone number and the e-mail address used to log in. Passwords are
          stored only as a salted one-way hash.
        </p>
      </section>
      <section>
        <h2>Cookies and this browser</h2>
        <ul>
          <li>When you log in we set one session cookie, which scripts cannot read; it ends when you log out or after a period without use.</li>
          <li>Your browser keeps your role and e-mail address (local storage) so the site can show the right menu; logging out removes them.</li>
          <li>We use no advertising or tracking cookies and share nothing with advertisers.</li>
        </ul>
      </section>
      <section>
        <h2>E-mail</h2>
        <p>
          We send e-mail only about your use of CarDirect: login codes, offers on your car, new cars near a dealer, and account decisions.
        </p>
      </section>
      <section>
        <h2>Your choices</h2>
        <p>
          To see, correct or delete what we hold about you, write to <a href={`mailto:${site.supportEmail}`}>{site.supportEmail}</a>.
        </p>
      </section>
    </ContentPage>
  );
}
