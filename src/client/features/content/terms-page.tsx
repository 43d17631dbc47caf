import { Link } from 'react-router';
import { usePageHead } from '#client/lib/head.ts';
import { FREE_CANCELLATION_DAYS } from '#shared/booking-rules.ts';
import { PLATFORM_FEE_PERCENT } from '#shared/constants.ts';
import { staticPageHead } from '#shared/seo.ts';
import { LegalDocument, type LegalSection } from './components/legal-document.tsx';
import { LEGAL_UPDATED } from './legal.ts';

const SECTIONS: LegalSection[] = [
  {
    id: 'acceptance',
    title: 'Acceptance of these terms',
    body: (
      <p>
        By creating an account, listing a space, or using Yardshare in any other way, you agree to these Terms
        of Service and to our{' '}
        <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
          Privacy Policy
        </Link>
        . If you do not agree, please do not use the platform. You must be at least 18 years old to use
        Yardshare.
      </p>
    ),
  },
  {
    id: 'platform',
    title: 'What Yardshare is',
    body: (
      <>
        <p>
          Yardshare is an online marketplace that connects people who have growing space (&quot;Hosts&quot;)
          with people who want to grow food (&quot;Growers&quot;). Listings are offered as monthly rentals, as
          work exchanges (garden work in return for space), or as free community gardens.
        </p>
        <p>
          Yardshare is not a party to the arrangements between Hosts and Growers. We do not own, inspect or
          manage the spaces listed, and we do not employ Hosts or Growers.
        </p>
      </>
    ),
  },
  {
    id: 'accounts',
    title: 'Your account',
    body: (
      <ul>
        <li>Give accurate information when you register and keep it up to date.</li>
        <li>Keep your password private. You are responsible for everything done with your account.</li>
        <li>One person, one account. Accounts may not be sold or transferred.</li>
        <li>
          Tell us at once at support@yardshare.org if you believe your account has been used without your
          permission.
        </li>
      </ul>
    ),
  },
  {
    id: 'host-responsibilities',
    title: 'Host responsibilities',
    body: (
      <ul>
        <li>
          Only list land you own or have the right to share, and follow local rules, leases and homeowner
          association agreements.
        </li>
        <li>
          Describe the space honestly: size, sun, water, access, amenities and any known hazards such as
          contaminated soil.
        </li>
        <li>Keep the space reasonably safe and give Growers the access you agreed on.</li>
        <li>For work exchanges, ask only for the hours and kinds of work stated in the listing.</li>
        <li>Handle any taxes, permits or insurance that apply to you as a Host.</li>
      </ul>
    ),
  },
  {
    id: 'grower-responsibilities',
    title: 'Grower responsibilities',
    body: (
      <ul>
        <li>Respect the Host&apos;s property, privacy, access times and house rules.</li>
        <li>Grow only lawful plants, and use only the methods and inputs agreed with the Host.</li>
        <li>For work exchanges, give the agreed hours and tell the Host early if you cannot.</li>
        <li>Leave the space in good condition at the end of the arrangement, unless you agree otherwise.</li>
      </ul>
    ),
  },
  {
    id: 'fees',
    title: 'Fees and payments',
    body: (
      <>
        <p>
          Joining Yardshare, listing a space, messaging, work exchanges and community gardens are free.
          Rentals carry a {PLATFORM_FEE_PERCENT}% service fee, shown on the payment button before you pay.
        </p>
        <p>
          Rental payments are made through a hosted cryptocurrency checkout run by a payment provider.
          Payments are held until 24 hours after the rental period begins and then released to the Host, less
          the service fee. Confirmation on the blockchain can take a few minutes; a payment is complete only
          once it is confirmed.
        </p>
      </>
    ),
  },
  {
    id: 'cancellation',
    title: 'Cancellation by arrangement type',
    body: (
      <ul>
        <li>
          <strong>Rentals:</strong> a Grower who cancels {FREE_CANCELLATION_DAYS} or more days before the
          start gets the rent back (the {PLATFORM_FEE_PERCENT}% service fee is kept); later, the rent of the
          whole months not yet begun, after the first. A Host who cancels refunds everything paid, fee
          included. Refunds come from the payment Yardshare holds until 24 hours after the start; once it has
          been released to the Host, refunds are a matter between Host and Grower.
        </li>
        <li>
          <strong>Work exchanges:</strong> either side may cancel an exchange at any time, free, with a note
          to the other and reasonable notice, ideally one week. No money is owed either way.
        </li>
        <li>
          <strong>Community gardens:</strong> membership is free and may be cancelled at any time; please
          follow the garden&apos;s own rules for returning a plot.
        </li>
      </ul>
    ),
  },
  {
    id: 'prohibited',
    title: 'Prohibited activities',
    body: (
      <>
        <ul>
          <li>Growing, selling or arranging anything illegal where the space is located.</li>
          <li>
            Fake listings, false reviews, impersonation, or misleading anyone about a space or yourself.
          </li>
          <li>Harassment, discrimination, threats or hateful content in listings, reviews or messages.</li>
          <li>
            Asking for or taking payment for a rental outside Yardshare (cash, bank transfers, payment apps,
            gift cards or cryptocurrency addresses), for example to avoid the service fee.
          </li>
          <li>
            Contacting someone who has blocked you by other means, or opening another account to get around a
            block or a suspension.
          </li>
          <li>Reports made in bad faith, or to harass the person reported.</li>
          <li>
            Spam, scraping, or any attempt to break, overload or get around the security of the platform.
          </li>
        </ul>
        <p>
          <strong>Reporting and blocking.</strong> Every listing, profile and received message has a Report
          button; reports are private, and we do not tell anyone who sent one. You can block another member
          from their profile or your conversation with them: neither of you can then message, book or review
          the other, and neither sees the other&apos;s listings. You can unblock them in Account Settings.
        </p>
        <p>
          <strong>How we enforce these rules.</strong> Our team reviews every report. When something breaks
          these terms we may hide a listing, remove a message, warn the member, or suspend the account (see
          Termination). Every such action is recorded with the reason for it. Messages that look like a
          request to pay outside Yardshare (an e-mail address or phone number together with payment words, a
          payment-app handle, or a cryptocurrency address) are flagged automatically: they are still
          delivered, the recipient sees a warning beside them, and our team sees that they were flagged.
          Nobody is suspended automatically.
        </p>
      </>
    ),
  },
  {
    id: 'liability',
    title: 'Limits of liability',
    body: (
      <>
        <p>
          Yardshare is provided &quot;as is&quot;. We do our best to keep it running and accurate, but we do
          not guarantee listings, the conduct of users, or the results of any garden.
        </p>
        <p>
          To the fullest extent the law allows, Yardshare is not liable for indirect or consequential losses,
          injuries, crop losses or property damage arising from arrangements between users. Our total
          liability to you for any claim is limited to the service fees you paid us in the twelve months
          before it.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <p>
        How we collect, use and protect your personal information is explained in our{' '}
        <Link to="/privacy-policy" className="text-primary underline underline-offset-4">
          Privacy Policy
        </Link>
        .
      </p>
    ),
  },
  {
    id: 'modifications',
    title: 'Changes to these terms',
    body: (
      <p>
        We may update these terms as Yardshare grows. We will change the date at the top of this page, and for
        significant changes we will tell you by e-mail or in the app before they take effect. Using Yardshare
        after the changes take effect means you accept them.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Termination',
    body: (
      <p>
        You may close your account at any time. We may suspend or close an account that breaks these terms or
        puts other users at risk. A suspended account is signed out everywhere at once, cannot sign in, and
        its listings are hidden until we reinstate it; if you think we made a mistake, write to
        support@yardshare.org. Arrangements already paid for are handled fairly, and sections that by their
        nature should survive (such as fees owed and limits of liability) continue to apply.
      </p>
    ),
  },
  {
    id: 'governing-law',
    title: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the State of California, United States, without regard to its
        conflict of law rules. Disputes will be heard in the state or federal courts located in California,
        unless the law where you live gives you the right to bring a claim there.
      </p>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <p>
        Questions about these terms? Write to legal@yardshare.org, or use our{' '}
        <Link to="/contact" className="text-primary underline underline-offset-4">
          contact page
        </Link>
        .
      </p>
    ),
  },
];

export default function TermsPage() {
  usePageHead(staticPageHead('/terms'));
  return (
    <LegalDocument
      title="Terms of Service"
      updated={LEGAL_UPDATED}
      intro={
        <p>
          These terms explain the rules for using Yardshare, for Hosts and for Growers alike. They also serve
          as our safety guidelines: please read them before you list a space or arrange to grow on one.
        </p>
      }
      sections={SECTIONS}
    />
  );
}
